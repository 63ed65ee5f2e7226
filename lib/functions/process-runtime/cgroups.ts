// A control group per worker: its memory limit counts everything the function's processes make the
// kernel hold (heap, shared and anonymous mappings, memfd, tmpfs pages, page cache), and its pids
// limit every process and thread, whatever user or namespace they run in. The host's cgroup v2
// hierarchy is used when it offers the memory and pids controllers, else the v1 hierarchies of those
// controllers; found once at start (findCgroups), and the log says which.
import { existsSync, readFileSync, rmdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The folder, under each hierarchy's root, that holds the workers' groups. */
const PARENT = 'fnquery';

export interface GroupLimits {
  memoryBytes: number;
  processes: number;
}

export interface WorkerGroup {
  /** The files a launcher writes its own pid into, before it starts anything, to join the group. */
  readonly procsFiles: string[];
  /** Every process in the group now. */
  members(): Promise<number[]>;
  /** Whether the kernel has ended a process of the group for going over its memory cap. */
  memoryExceeded(): Promise<boolean>;
  /** Ends every process of the group and removes it. */
  destroy(): Promise<void>;
}

export interface Cgroups {
  /** 'cgroup v2' or 'cgroup v1', for the log and the docs. */
  readonly mechanism: string;
  create(name: string, limits: GroupLimits): Promise<WorkerGroup>;
}

interface Mount {
  type: 'cgroup' | 'cgroup2';
  path: string;
  options: string[];
}

/** The cgroup filesystems mounted here, from /proc/self/mountinfo. */
async function cgroupMounts(): Promise<Mount[]> {
  const text = await readFile('/proc/self/mountinfo', 'utf8').catch(() => '');
  return text.split('\n').flatMap((line) => {
    const [left, right] = line.split(' - ');
    const type = right?.split(' ')[0];
    if (!left || (type !== 'cgroup' && type !== 'cgroup2')) return [];
    const path = left.split(' ')[4]!.replace(/\\040/g, ' ');
    return [{ type, path, options: (right!.split(' ')[2] ?? '').split(',') }];
  });
}

const pidsIn = async (dir: string): Promise<number[]> =>
  (await readFile(join(dir, 'cgroup.procs'), 'utf8').catch(() => '')).split('\n').filter(Boolean).map(Number);

/** The kernel's count of processes it ended for the group's memory cap (v2 memory.events, v1 memory.oom_control). */
const oomKilled = async (file: string): Promise<boolean> =>
  Number(/^oom_kill (\d+)$/m.exec(await readFile(file, 'utf8').catch(() => ''))?.[1] ?? 0) > 0;

function killAll(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every group's folders this process made and has not removed yet, removed at its exit. */
const live = new Set<string[]>();

/** At exit nothing asynchronous runs: the groups are emptied and removed here, waiting at most half a second. */
process.once('exit', () => {
  const asleep = new Int32Array(new SharedArrayBuffer(4));
  for (let round = 0; round < 50 && live.size; round++) {
    for (const dirs of live) {
      const procs = (dir: string) => (existsSync(dir) ? readFileSync(join(dir, 'cgroup.procs'), 'utf8') : '');
      const pids = dirs.flatMap((d) => procs(d).split('\n').filter(Boolean).map(Number));
      killAll(pids);
      try {
        for (const dir of dirs) if (existsSync(dir)) rmdirSync(dir);
        live.delete(dirs);
      } catch {
        // Not empty yet: its processes are still dying.
      }
    }
    if (live.size) Atomics.wait(asleep, 0, 0, 10);
  }
});

/** Kills the group's processes until none is left (a dying process can still fork), then removes its folders. */
async function endGroup(dirs: string[], kill?: string): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    if (kill) await writeFile(kill, '1').catch(() => undefined);
    const pids = (await Promise.all(dirs.map(pidsIn))).flat();
    if (!pids.length || Date.now() > deadline) break;
    killAll(pids);
    await pause(10);
  }
  for (const dir of dirs) await rmdir(dir).catch(() => undefined);
  for (const made of live) if (made[0] === dirs[0] && !existsSync(dirs[0]!)) live.delete(made);
}

/** Records the group for the exit handler. */
function made(dirs: string[]): string[] {
  live.add(dirs);
  return dirs;
}

/**
 * Groups left by service processes that are gone (a crash, kill -9): empty ones are removed; a
 * group's name starts with the pid of the process that made it.
 */
async function removeOrphans(parents: string[]): Promise<void> {
  for (const parent of parents) {
    for (const name of await readdir(parent).catch(() => [])) {
      const owner = Number(name.split('-')[0]);
      if (!owner || existsSync(`/proc/${owner}`)) continue;
      await endGroup([join(parent, name)]);
    }
  }
}

class CgroupV2 implements Cgroups {
  readonly mechanism = 'cgroup v2';
  constructor(private readonly parent: string) {}

  async create(name: string, limits: GroupLimits): Promise<WorkerGroup> {
    const dir = join(this.parent, name);
    await mkdir(dir);
    made([dir]);
    await writeFile(join(dir, 'memory.max'), String(limits.memoryBytes));
    // Swap would let a function hold more than its cap.
    await writeFile(join(dir, 'memory.swap.max'), '0').catch(() => undefined);
    await writeFile(join(dir, 'pids.max'), String(limits.processes));
    const kill = existsSync(join(dir, 'cgroup.kill')) ? join(dir, 'cgroup.kill') : undefined;
    return {
      procsFiles: [join(dir, 'cgroup.procs')],
      members: () => pidsIn(dir),
      memoryExceeded: () => oomKilled(join(dir, 'memory.events')),
      destroy: () => endGroup([dir], kill),
    };
  }
}

class CgroupV1 implements Cgroups {
  readonly mechanism = 'cgroup v1 (memory, pids)';
  constructor(
    private readonly memoryParent: string,
    private readonly pidsParent: string,
  ) {}

  async create(name: string, limits: GroupLimits): Promise<WorkerGroup> {
    const memory = join(this.memoryParent, name);
    const pids = join(this.pidsParent, name);
    made([memory, pids]);
    await mkdir(memory);
    await mkdir(pids);
    await writeFile(join(memory, 'memory.limit_in_bytes'), String(limits.memoryBytes));
    // Memory plus swap at the same cap: swap would let a function hold more (absent without swap accounting).
    await writeFile(join(memory, 'memory.memsw.limit_in_bytes'), String(limits.memoryBytes)).catch(() => undefined);
    await writeFile(join(pids, 'pids.max'), String(limits.processes));
    return {
      procsFiles: [join(memory, 'cgroup.procs'), join(pids, 'cgroup.procs')],
      members: () => pidsIn(memory),
      memoryExceeded: () => oomKilled(join(memory, 'memory.oom_control')),
      destroy: () => endGroup([memory, pids]),
    };
  }
}

/** A folder for the workers' groups under `root`, or undefined when this service cannot make one. */
async function parentUnder(root: string, prepare?: (parent: string) => Promise<void>): Promise<string | undefined> {
  const parent = join(root, PARENT);
  try {
    await mkdir(parent, { recursive: true });
    await prepare?.(parent);
    return parent;
  } catch {
    return undefined;
  }
}

/** v2 hands controllers down level by level: the root and our folder must both pass memory and pids on. */
async function enableV2Controllers(root: string, parent: string): Promise<void> {
  for (const dir of [root, parent]) {
    const enabled = await readFile(join(dir, 'cgroup.subtree_control'), 'utf8');
    if (!/\bmemory\b/.test(enabled) || !/\bpids\b/.test(enabled))
      await writeFile(join(dir, 'cgroup.subtree_control'), '+memory +pids');
  }
}

/** The cgroups this service can make worker groups in, v2 first, or undefined (then seccomp holds the cap). */
export async function findCgroups(): Promise<Cgroups | undefined> {
  if (process.platform !== 'linux') return undefined;
  const mounts = await cgroupMounts();
  for (const v2 of mounts.filter((m) => m.type === 'cgroup2')) {
    const controllers = await readFile(join(v2.path, 'cgroup.controllers'), 'utf8').catch(() => '');
    if (!/\bmemory\b/.test(controllers) || !/\bpids\b/.test(controllers)) continue;
    const parent = await parentUnder(v2.path, (p) => enableV2Controllers(v2.path, p));
    if (!parent) continue;
    await removeOrphans([parent]);
    return new CgroupV2(parent);
  }
  const v1 = (controller: string) => mounts.find((m) => m.type === 'cgroup' && m.options.includes(controller));
  const memory = v1('memory');
  const pids = v1('pids');
  if (!memory || !pids) return undefined;
  const memoryParent = await parentUnder(memory.path);
  const pidsParent = await parentUnder(pids.path);
  if (!memoryParent || !pidsParent) return undefined;
  await removeOrphans([memoryParent, pidsParent]);
  return new CgroupV1(memoryParent, pidsParent);
}
