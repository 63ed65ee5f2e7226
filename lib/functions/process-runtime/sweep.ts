// Ending what a call left running: when the entrypoint has returned, every process of the worker
// but the worker itself is killed, so nothing of the function runs (or holds its process slots)
// between calls. The worker's processes are its cgroup's members, or, without a cgroup, the
// descendants of its outer process (in the sandbox's PID namespace orphans are adopted by the
// namespace's init, so none leaves the tree). The worker itself is the sandbox's outer process,
// the namespace's init (pid 1) and the runtime (pid 2, the first process init starts); unconfined,
// the outer process is the runtime.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';

interface ProcessInfo {
  pid: number;
  parent: number;
  /** Its pid in each PID namespace it is in, outermost first. */
  nsPids: number[];
  zombie: boolean;
}

async function info(pid: number): Promise<ProcessInfo | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  if (!status) return undefined;
  const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(status)?.[1] ?? '';
  return {
    pid,
    parent: Number(field('PPid')),
    nsPids: field('NSpid').split(/\s+/).filter(Boolean).map(Number),
    zombie: field('State').startsWith('Z'),
  };
}

/** The children of `pid`: listed per thread (by the thread that started them) in /proc. */
async function listedChildren(pid: number): Promise<number[]> {
  const threads = await readdir(`/proc/${pid}/task`).catch(() => []);
  const lists = await Promise.all(
    threads.map((t) => readFile(`/proc/${pid}/task/${t}/children`, 'utf8').catch(() => '')),
  );
  return lists.flatMap((l) => l.split(' ').filter(Boolean).map(Number));
}

/** Every process's children, from every process's parent: for kernels without the children files. */
async function childrenByScan(): Promise<(pid: number) => Promise<number[]>> {
  const all = (await readdir('/proc').catch(() => [])).filter((n) => /^\d+$/.test(n)).map(Number);
  const children = new Map<number, number[]>();
  for (const p of (await Promise.all(all.map(info))).filter((p) => p !== undefined)) {
    children.set(p.parent, [...(children.get(p.parent) ?? []), p.pid]);
  }
  return async (pid) => children.get(pid) ?? [];
}

/** `root` and every process below it, walking down from `root` only where the kernel lists children. */
export async function descendantsOf(root: number): Promise<number[]> {
  const childrenOf = existsSync(`/proc/${root}/task/${root}/children`) ? listedChildren : await childrenByScan();
  const found: number[] = [];
  for (let level = [root]; level.length;) {
    found.push(...level);
    level = (await Promise.all(level.map(childrenOf))).flat();
  }
  return found;
}

/** Of `members` (processes of one worker whose outer process is `root`), those that are not the worker. */
async function leftovers(members: number[], root: number, pidNamespace: boolean): Promise<number[]> {
  const rootDepth = (await info(root))?.nsPids.length ?? 1;
  const found = await Promise.all(members.filter((pid) => pid !== root).map(info));
  return found
    .filter((p) => p !== undefined && !p.zombie)
    .filter((p) => !(pidNamespace && p!.nsPids.length > rootDepth && [1, 2].includes(p!.nsPids.at(-1)!)))
    .map((p) => p!.pid);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Kills the worker's leftover processes until none is left (one may fork while dying). Returns
 * false when some remain after `withinMs` (a fork loop racing the sweep): the caller then ends the worker whole.
 */
export async function sweepLeftovers(
  members: () => Promise<number[]>,
  root: number,
  pidNamespace: boolean,
  withinMs = 2000,
): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const extra = await leftovers(await members(), root, pidNamespace);
    if (!extra.length) return true;
    if (Date.now() > deadline) return false;
    for (const pid of extra) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Ended meanwhile.
      }
    }
    await pause(5);
  }
}
