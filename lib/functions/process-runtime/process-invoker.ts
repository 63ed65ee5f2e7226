// FunctionInvoker that runs functions on this host (stage `local`): each version is unpacked (and
// built, confined) once into the work folder, then served by one warm, confined worker process that
// answers calls in turn (sandbox.ts), as the function's own uid (uid-table.ts) and in a cgroup of its
// own (cgroups.ts). Deploy prepares eagerly, so a bundle that does not build, or a host that cannot
// confine, is refused at deploy time.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { dirname, join } from 'node:path';
import { ServiceError } from '../../errors';
import type { BlobStore } from '../../storage/ports';
import type { Logger } from '../../log';
import { BUNDLE_MAX_BYTES, readBundle } from '../bundle';
import { functionCrashed } from '../failures';
import { entryFileOf, familyOf } from '../languages';
import {
  registryKey,
  type FunctionInvoker,
  type FunctionLogLine,
  type FunctionRecord,
  type FunctionRequest,
  type InvokeOptions,
  type InvokeResult,
} from '../ports';
import { openRegistryAccess, NET_INSIDE, type RegistryAccess } from '../build/registry-access';
import { DEFAULT_REGISTRIES } from '../build/registry-proxy';
import { FunctionLog, readFunctionLog } from './function-logs';
import { findCgroups, type Cgroups, type GroupLimits, type WorkerGroup } from './cgroups';
import { killProcessesUnder } from './reaper';
import { defaultLimits, findConfinement, type Confinement, type Limits } from './sandbox';
import { toolchainFor, type Launch, type Prepared } from './toolchains';
import { BUILD_UID, DEFAULT_UID_TABLE, UidTable } from './uid-table';
import { Worker } from './worker';

const run = promisify(execFile);

export interface ProcessInvokerOptions {
  blobs: BlobStore;
  workDir: string;
  memoryMb: number;
  log: Logger;
  /** A worker idle this long is stopped; the next call starts a fresh one. */
  idleMs?: number;
  /** The operator's opt-out of confinement (FNQ_FUNCTIONS_UNSAFE_LOCAL=1): OS limits only. */
  unsafeLocal?: boolean;
  /** host:port of package registries builds may reach besides the public ones (FNQ_BUILD_REGISTRIES: a mirror). */
  registries?: string[];
  /** How code is confined; found on this host (bwrap) when not given. Tests pass a failing one. */
  confinement?: (found: { strictMemory: boolean }) => Promise<Confinement>;
  /** The cgroups workers and builds run in; found on this host when not given. Tests pass none to see the fallback. */
  cgroups?: () => Promise<Cgroups | undefined>;
  /** One build's memory cap, all its processes together, where a cgroup holds it (default 2048 MB). */
  buildMemoryMb?: number;
  /** The host-wide table of the functions' uids (uid-table.ts). */
  uidTableDir?: string;
}

interface Host {
  confinement: Confinement;
  /**
   * Builds' confinement: the workers' where a cgroup caps builds too; else the same without the
   * strict memory filter, which the JVM cannot start under (it maps its runtime image shared,
   * read-only), so javac and Maven would never run. Builds there are held by the rlimits alone.
   */
  buildConfinement: Confinement;
  cgroups?: Cgroups;
}

interface Slot {
  worker?: Worker;
  /** Calls to one version run one after another on its worker. */
  turn: Promise<unknown>;
  idle?: NodeJS.Timeout;
}

interface Runnable extends Prepared {
  host: Host;
  launch(memoryMb: number): Launch;
}

/** Builds get more room than calls: compilers are larger than the functions they build. */
const BUILD_LIMITS: Limits = { ...defaultLimits(2048), cpuSeconds: 600, processes: 256 };
const BUILD_TIMEOUT_MS = 180_000;
/** A dependency install downloads; a cold Maven or pip install may take minutes. */
const INSTALL_TIMEOUT_MS = 600_000;
const LOG_FILE = 'output.log';

/** Written last into a prepared version's folder; holds the entry file's name. */
const READY_MARK = '.ready';

const versionDir = (fn: FunctionRecord) =>
  join(registryKey(fn.shortname), `v${fn.version}-${fn.codeSha256.slice(0, 12)}`);

export class ProcessInvoker implements FunctionInvoker {
  private readonly prepared = new Map<string, Promise<Runnable>>();
  private readonly slots = new Map<string, Slot>();
  private readonly logFiles = new Map<string, FunctionLog>();
  private host?: Promise<Host>;
  private readonly uids: UidTable;

  constructor(private readonly options: ProcessInvokerOptions) {
    this.uids = new UidTable(options.uidTableDir ?? DEFAULT_UID_TABLE, options.workDir);
    process.once('exit', () => this.stopAll());
  }

  /** Unpacks and builds the version beside the one in service, which keeps answering meanwhile. */
  async build(fn: FunctionRecord, code: Uint8Array): Promise<void> {
    await this.prepare(fn, code);
  }

  async deploy(fn: FunctionRecord, code: Uint8Array): Promise<void> {
    await this.prepare(fn, code);
    // Older versions of the same function are no longer served, by this invoker or any other.
    for (const key of this.slots.keys()) {
      if (dirname(key) === registryKey(fn.shortname) && key !== versionDir(fn)) this.stop(key);
    }
    await killProcessesUnder(this.functionDir(fn), join(this.options.workDir, versionDir(fn)));
  }

  async remove(fn: FunctionRecord): Promise<void> {
    for (const key of this.slots.keys()) if (dirname(key) === registryKey(fn.shortname)) this.stop(key);
    for (const key of this.prepared.keys()) if (dirname(key) === registryKey(fn.shortname)) this.prepared.delete(key);
    this.logFiles.delete(registryKey(fn.shortname));
    await killProcessesUnder(this.functionDir(fn));
    // Its processes are gone: its uid may serve another function now.
    await this.uids.release(registryKey(fn.shortname));
    await rm(this.functionDir(fn), { recursive: true, force: true });
    await rm(join(this.options.workDir, 'deps-cache', registryKey(fn.shortname)), { recursive: true, force: true });
  }

  async logs(fn: FunctionRecord, limit: number): Promise<FunctionLogLine[]> {
    await this.logOf(fn).flushed();
    return readFunctionLog(join(this.functionDir(fn), LOG_FILE), limit);
  }

  async invoke(fn: FunctionRecord, request: FunctionRequest, options: InvokeOptions): Promise<InvokeResult> {
    const prepared = await this.prepare(fn);
    const key = versionDir(fn);
    const slot = this.slots.get(key) ?? { turn: Promise.resolve() };
    this.slots.set(key, slot);
    const call = slot.turn.then(async () => {
      clearTimeout(slot.idle);
      if (!slot.worker?.usable) slot.worker = await this.start(prepared);
      return slot.worker.call(request, options.timeoutMs, options.signal);
    });
    slot.turn = call
      .catch(() => undefined)
      .then(() => {
        slot.idle = setTimeout(() => this.stop(key), this.options.idleMs ?? 300_000).unref();
      });
    return { body: await call };
  }

  /** Stops every worker (tests, benchmarks, process exit). */
  stopAll(): void {
    for (const key of this.slots.keys()) this.stop(key);
  }

  private stop(key: string): void {
    const slot = this.slots.get(key);
    clearTimeout(slot?.idle);
    slot?.worker?.kill();
    this.slots.delete(key);
  }

  private functionDir(fn: FunctionRecord): string {
    return join(this.options.workDir, registryKey(fn.shortname));
  }

  private logOf(fn: FunctionRecord): FunctionLog {
    const key = registryKey(fn.shortname);
    let log = this.logFiles.get(key);
    if (!log) {
      log = new FunctionLog(join(this.functionDir(fn), LOG_FILE));
      this.logFiles.set(key, log);
    }
    return log;
  }

  /** Found once; a refusal is not remembered, so installing bwrap needs no restart. */
  private confine(): Promise<Host> {
    if (!this.host) {
      this.host = mkdir(this.options.workDir, { recursive: true })
        // The sandbox's unprivileged user passes through the work folder to reach mounted code (unconfined runs too).
        .then(() => chmod(this.options.workDir, 0o711).catch(() => undefined))
        .then(() => this.findHost());
      this.host.catch(() => (this.host = undefined));
    }
    return this.host;
  }

  private async findHost(): Promise<Host> {
    const { workDir, unsafeLocal, log } = this.options;
    const cgroups = await (this.options.cgroups ?? findCgroups)();
    const find = this.options.confinement ?? ((found) => findConfinement({ workDir, unsafeLocal, ...found }));
    const confinement = await find({ strictMemory: !cgroups });
    const buildConfinement = cgroups ? confinement : await find({ strictMemory: false });
    if (!confinement.confined)
      log.warn('hosted functions run UNCONFINED (FNQ_FUNCTIONS_UNSAFE_LOCAL=1): trusted code only');
    else if (!confinement.filtered)
      log.warn(`hosted functions: no seccomp filter for ${process.arch}, so user namespaces are not refused inside`);
    log.info(
      cgroups
        ? `hosted functions: memory and processes capped per worker by ${cgroups.mechanism}`
        : 'hosted functions: no cgroup here; memory capped by the data limit, with memfd, shared mappings and user namespaces refused (seccomp; builds: user namespaces only)',
    );
    return { confinement, buildConfinement, cgroups };
  }

  private async start(p: Runnable): Promise<Worker> {
    const { confinement, cgroups } = p.host;
    const launch = p.launch(this.options.memoryMb);
    const limits = defaultLimits(this.options.memoryMb);
    const uid = confinement.ownUids ? await this.uids.uidOf(registryKey(p.fn.shortname)) : BUILD_UID;
    const group = await this.group(cgroups, p.fn, 'worker', {
      memoryBytes: limits.memoryMb * 1024 * 1024,
      processes: limits.processes,
    });
    const command = confinement.command({
      ...launch,
      uid,
      cgroupProcs: group?.procsFiles,
      codeDir: p.codeDir,
      runnerDir: p.runnerDir,
      limits,
    });
    return new Worker(command, launch.replyFd ?? 3, p.fn.shortname, this.logOf(p.fn), {
      group,
      pidNamespace: confinement.pidNamespace,
    });
  }

  /**
   * A cgroup of its own for a worker or a build, named after this process (so that a later start
   * removes it if this process dies), or none where the host offers none.
   */
  private async group(
    cgroups: Cgroups | undefined,
    fn: FunctionRecord,
    kind: 'worker' | 'build',
    limits: GroupLimits,
  ): Promise<WorkerGroup | undefined> {
    const name = `${process.pid}-${kind === 'build' ? 'build-' : ''}${randomBytes(6).toString('hex')}`;
    return cgroups?.create(name, limits).catch((e: NodeJS.ErrnoException) => {
      // The caller learns that it failed, the operator where and why.
      this.options.log.error(`a ${kind} cgroup could not be made`, { error: e.message });
      if (kind === 'worker')
        throw functionCrashed(fn.shortname, `its worker could not be given its memory cap (${e.code ?? 'error'})`);
      throw new ServiceError(503, 'build_uncapped', {
        issue: `The build of ${fn.shortname} could not be given its memory cap (${e.code ?? 'error'}), so it did not run`,
        advice: 'Deploy again in a minute; if it keeps failing, tell the operator',
      });
    });
  }

  /**
   * Runs a build confined, with the runner folder and the shared build cache writable, in a cgroup
   * of its own where the host has them: a dependency install can run package code (Maven plugins),
   * so its memory and processes are capped together, and whatever it leaves running ends with it.
   */
  private async runBuild(
    host: Prepared,
    { buildConfinement: confinement, cgroups }: Host,
    launch: Launch,
  ): Promise<void> {
    const seen = confinement.seen(host);
    // A dependency install writes beside the code and into the function's own download cache, and
    // never sees the compiler cache that every function's build shares.
    const writable: Record<string, string> = launch.install
      ? { [seen.runnerDir]: host.runnerDir, [seen.depsDir]: host.depsDir, [seen.codeDir]: host.codeDir }
      : { [seen.runnerDir]: host.runnerDir, [seen.cacheDir]: host.cacheDir, [seen.depsDir]: host.depsDir };
    await mkdir(host.cacheDir, { recursive: true });
    await mkdir(host.depsDir, { recursive: true });
    // As root, the sandbox's user owns what builds write; nothing else of the work folder.
    if (confinement.confined && process.getuid?.() === 0) {
      for (const dir of new Set(Object.values(writable))) await chown(dir, BUILD_UID, BUILD_UID);
    }
    const memoryMb = this.options.buildMemoryMb ?? BUILD_LIMITS.memoryMb;
    const group = await this.group(cgroups, host.fn, 'build', {
      memoryBytes: memoryMb * 1024 * 1024,
      processes: BUILD_LIMITS.processes,
    });
    let access: RegistryAccess | undefined;
    try {
      // Confined, the sandbox has no network: an install reaches the registries through the proxy only.
      access = launch.install && confinement.confined ? await openRegistryAccess(this.registries()) : undefined;
      if (access) writable[NET_INSIDE] = access.dir;
      const command = confinement.command({
        ...(access ? access.wrap(launch) : launch),
        uid: BUILD_UID,
        cgroupProcs: group?.procsFiles,
        codeDir: host.codeDir,
        runnerDir: host.runnerDir,
        writable,
        limits: BUILD_LIMITS,
      });
      await run(command.command, command.args, {
        cwd: command.cwd,
        env: command.env,
        timeout: launch.install ? INSTALL_TIMEOUT_MS : BUILD_TIMEOUT_MS,
        maxBuffer: 4 * 1024 * 1024,
        killSignal: 'SIGKILL',
      });
    } catch (e) {
      const failure = e as { stderr?: string };
      // First in the build's error: where it tried to go that is not an allowed registry.
      if (access?.proxy.refused.size)
        failure.stderr = `refused: ${[...access.proxy.refused].join(', ')} (not a package registry builds may reach)\n${failure.stderr ?? ''}`;
      // Or that the kernel stopped it at its memory cap (what it printed as it died comes after).
      if (await group?.memoryExceeded())
        failure.stderr = `stopped at the build's memory cap of ${memoryMb} MB (all its processes together)\n${failure.stderr ?? ''}`;
      throw e;
    } finally {
      // Nothing of the build outlives it: what it left running (a daemon, a stray child) ends here.
      await group?.destroy();
      await access?.close();
    }
  }

  private registries(): string[] {
    return [...DEFAULT_REGISTRIES, ...(this.options.registries ?? [])];
  }

  private async prepare(fn: FunctionRecord, code?: Uint8Array): Promise<Runnable> {
    const key = versionDir(fn);
    // A version prepared here whose folder DELETE removed (through another service process) is prepared anew.
    const cached = this.prepared.get(key);
    if (cached && !(await this.stillThere(cached, key)) && this.prepared.get(key) === cached) {
      this.prepared.delete(key);
      this.stop(key);
    }
    let pending = this.prepared.get(key);
    if (!pending) {
      pending = this.unpack(fn, key, code);
      this.prepared.set(key, pending);
      // A failed preparation is retried by the next call rather than remembered.
      pending.catch(() => this.prepared.delete(key));
    }
    return pending;
  }

  private async stillThere(prepared: Promise<Runnable>, key: string): Promise<boolean> {
    const ok = await prepared.then(
      () => true,
      () => false,
    );
    return ok && existsSync(join(this.options.workDir, key, READY_MARK));
  }

  private async unpack(fn: FunctionRecord, key: string, code?: Uint8Array): Promise<Runnable> {
    const dir = join(this.options.workDir, key);
    const toolchain = await toolchainFor(familyOf(fn.runtime), fn);
    const host = await this.confine();
    const { confinement } = host;
    const cacheDir = join(this.options.workDir, 'build-cache');
    const at = (root: string, entryFile: string): Prepared => ({
      fn,
      codeDir: join(root, 'code'),
      runnerDir: join(root, 'runner'),
      homeDir: join(root, 'home'),
      cacheDir,
      depsDir: join(this.options.workDir, 'deps-cache', registryKey(fn.shortname)),
      entryFile,
    });
    if (!existsSync(join(dir, READY_MARK))) {
      const bytes = code ?? (await this.options.blobs.get(fn.codeKey, BUNDLE_MAX_BYTES));
      if (!bytes) throw functionCrashed(fn.shortname, 'its code is missing from storage; deploy it again');
      const files = readBundle(bytes);
      // Built in a private folder and renamed into place, so a half-built version is never used.
      const staging = `${dir}.staging-${randomBytes(4).toString('hex')}`;
      const p = at(staging, entryFileOf(files, fn.runtime));
      try {
        for (const [path, content] of files) {
          await mkdir(dirname(join(p.codeDir, path)), { recursive: true });
          await writeFile(join(p.codeDir, path), content);
        }
        await mkdir(p.runnerDir, { recursive: true });
        await mkdir(p.homeDir, { recursive: true });
        await writeFile(join(p.runnerDir, toolchain.runner.fileName), toolchain.runner.source);
        await toolchain.build?.(p, confinement.seen(p), (launch) => this.runBuild(p, host, launch));
        await writeFile(join(staging, READY_MARK), p.entryFile);
        await rename(staging, dir).catch((e: NodeJS.ErrnoException) => {
          // Another process prepared the same version meanwhile: theirs is as good as ours.
          if (!existsSync(join(dir, READY_MARK))) throw e;
        });
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    }
    const p = at(dir, await readFile(join(dir, READY_MARK), 'utf8'));
    return { ...p, host, launch: (memoryMb) => toolchain.launch(confinement.seen(p), memoryMb) };
  }
}
