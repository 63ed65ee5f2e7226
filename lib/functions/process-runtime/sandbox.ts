// Confinement of user code on the local runtime (docs/functions.md, "Confinement"). Every worker and
// every build runs under bubblewrap in its own mount, PID, IPC, network and UTS namespaces, as an
// unprivileged user (as root: a uid of the function's own, uid-table.ts), seeing only its code
// (read-only) at /function, the runner at /runner, a private size-capped /tmp, /usr and the language
// runtime; under a seccomp filter that refuses new user namespaces (seccomp.ts); in a cgroup of its
// worker when the host has one (cgroups.ts); and under OS limits (prlimit) that the language cannot lift. Killing the sandbox's outer process ends its PID namespace, so no process of the
// function outlives its worker. Where bubblewrap cannot confine, functions are refused unless the
// operator opted out (FNQ_FUNCTIONS_UNSAFE_LOCAL=1), which runs them under the OS limits only.
import { execFile } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ServiceError } from '../../errors';
import { findProgram } from './programs';
import { seccompFilter } from './seccomp';
import type { Prepared } from './toolchains';

const run = promisify(execFile);

/** Paths inside the sandbox: nothing of the host's layout (work folder, account, version) shows. */
export const INSIDE = { code: '/function', runner: '/runner', tmp: '/tmp', cache: '/cache', deps: '/deps' } as const;

/** The user sandboxed code is inside, and outside too when the service is not root ("nobody"). */
const NOBODY = 65534;

export interface Limits {
  /** Data segment (every private writable mapping: heap, buffers, anonymous memory), per process. */
  memoryMb: number;
  /** CPU seconds per process over its whole life: a backstop to the wall-clock timeout. */
  cpuSeconds: number;
  /** Processes and threads. */
  processes: number;
  openFiles: number;
  /** Largest file a process may write; also the size of the private /tmp. */
  fileBytes: number;
}

export const defaultLimits = (memoryMb: number): Limits => ({
  memoryMb,
  cpuSeconds: 300,
  processes: 64,
  openFiles: 256,
  fileBytes: 64 * 1024 * 1024,
});

export interface Job {
  /** The uid it runs as when the service is root: the function's own (uid-table.ts), or the build uid. */
  uid: number;
  /** The cgroup files the launcher joins before anything of the job starts (cgroups.ts). */
  cgroupProcs?: string[];
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Host folders, mounted read-only at INSIDE.code and INSIDE.runner. */
  codeDir: string;
  runnerDir: string;
  /** Host folders mounted writable (a build's output, its cache), by the path the code sees. */
  writable?: Record<string, string>;
  /** Programs the job runs (interpreters, compilers): their installation is mounted read-only. */
  programs: string[];
  limits: Limits;
}

export interface Spawnable {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

export interface Confinement {
  /** false only when the operator opted out of confinement. */
  readonly confined: boolean;
  /** Whether functions run under uids of their own (the service is root), which the invoker then allocates. */
  readonly ownUids: boolean;
  /** Whether a seccomp filter refuses new user namespaces inside (false on architectures seccomp.ts has no numbers for). */
  readonly filtered: boolean;
  /** Whether the job's outer process is the sandbox's, with the namespace's init and the runtime below it (sweep.ts). */
  readonly pidNamespace: boolean;
  /** The folders as the code sees them: INSIDE when confined, the host's when not. */
  seen(p: Prepared): Prepared;
  /** The command line that runs the job confined (or, opted out, under the OS limits only). */
  command(job: Job): Spawnable;
}

/**
 * prlimit's arguments for the limits; exact bytes, unlike the shells' ulimit units. The process
 * limit counts every process of the real user, so it is set only where that user is the job's own
 * (its uid, or a user namespace); unconfined, it would count the service's own processes.
 */
function prlimitArgs(limits: Limits, ownUser: boolean): string[] {
  return [
    `--data=${limits.memoryMb * 1024 * 1024}`,
    `--cpu=${limits.cpuSeconds}`,
    ...(ownUser ? [`--nproc=${limits.processes}`] : []),
    `--nofile=${limits.openFiles}`,
    `--fsize=${limits.fileBytes}`,
    '--core=0',
  ];
}

/**
 * The command that joins the job's cgroup (writing its own pid into each group's procs file, so
 * that everything it then starts is inside) and execs the job, with the seccomp filter open on
 * SECCOMP_FD for bwrap to load. A plain shell: no process of ours stays between.
 */
const SECCOMP_FD = 9;
const JOIN_CGROUP = 'for f in "$@"; do shift; [ "$f" = -- ] && break; echo $$ > "$f" || exit 125; done; ';
const LAUNCHER = `${JOIN_CGROUP}exec "$@"`;
const LAUNCHER_SECCOMP = `${JOIN_CGROUP}exec "$@" ${SECCOMP_FD}<"$FNQ_SECCOMP"`;

function launcher(job: Job, command: string, args: string[], seccomp?: string): Spawnable {
  const script = seccomp ? LAUNCHER_SECCOMP : LAUNCHER;
  return {
    command: '/bin/sh',
    args: ['-c', script, 'fnq-launch', ...(job.cgroupProcs ?? []), '--', command, ...args],
    env: seccomp ? { FNQ_SECCOMP: seccomp } : {},
    cwd: '/',
  };
}

/**
 * The folder a program is installed in: /usr for the system's, else the prefix above its bin
 * folder (pyenv's and nvm's interpreters live under the service user's home).
 */
function installationOf(program: string): string {
  const real = realpathSync(program);
  if (real.startsWith('/usr/')) return '/usr';
  const bin = dirname(real);
  return bin.endsWith('/bin') ? dirname(bin) : bin;
}

/** bwrap creates missing mount points as 0700 folders of root; the unprivileged user must pass them. */
function mountPoint(path: string, made: Set<string>): string[] {
  const args: string[] = [];
  const parts = path.split('/').filter(Boolean);
  for (let i = 1; i < parts.length; i++) {
    const dir = `/${parts.slice(0, i).join('/')}`;
    if (made.has(dir) || dir === '/usr') continue;
    made.add(dir);
    args.push('--perms', '0755', '--dir', dir);
  }
  return args;
}

/** Files of /etc that runtimes read (certificates, the JDK's configuration); nothing else of /etc. */
const ETC_FILES = [
  '/etc/ssl',
  '/etc/ca-certificates',
  '/etc/java-17-openjdk',
  '/etc/java-21-openjdk',
  '/etc/alternatives',
  // Debian's Maven keeps its launcher configuration and global settings here (builds of a pom.xml).
  '/etc/maven',
  '/etc/ld.so.cache',
  '/etc/localtime',
];

class Bubblewrap implements Confinement {
  readonly confined = true;
  readonly pidNamespace = true;
  /** As root, sandboxes start as root in new namespaces and drop to the job's own uid before user code. */
  private readonly asRoot = process.getuid?.() === 0;
  readonly ownUids = this.asRoot;
  readonly filtered: boolean;
  private readonly setpriv = this.asRoot ? findProgram('setpriv') : undefined;

  /** @param seccomp the compiled filter's file (seccomp.ts), loaded by bwrap; undefined on architectures it has none for */
  constructor(
    private readonly bwrap: string,
    private readonly prlimit: string,
    private readonly seccomp: string | undefined,
  ) {
    this.filtered = seccomp !== undefined;
  }

  seen(p: Prepared): Prepared {
    return {
      ...p,
      codeDir: INSIDE.code,
      runnerDir: INSIDE.runner,
      homeDir: INSIDE.tmp,
      cacheDir: INSIDE.cache,
      depsDir: INSIDE.deps,
    };
  }

  command(job: Job): Spawnable {
    const made = new Set<string>();
    const args = [
      '--die-with-parent',
      '--new-session',
      '--unshare-pid',
      '--unshare-ipc',
      '--unshare-net',
      '--unshare-uts',
      '--unshare-cgroup-try',
      '--hostname',
      'function',
      // Unprivileged: a user namespace maps the caller to "nobody". As root: no user namespace (it
      // would map nobody to root outside); setpriv drops to the job's own uid and every capability instead.
      ...(this.asRoot ? [] : ['--unshare-user', '--uid', String(NOBODY), '--gid', String(NOBODY), '--disable-userns']),
      '--ro-bind',
      '/usr',
      '/usr',
      '--symlink',
      'usr/bin',
      '/bin',
      '--symlink',
      'usr/sbin',
      '/sbin',
      '--symlink',
      'usr/lib',
      '/lib',
      ...(existsSync('/lib64') ? ['--symlink', 'usr/lib64', '/lib64'] : []),
    ];
    for (const etc of ETC_FILES) if (existsSync(etc)) args.push(...mountPoint(etc, made), '--ro-bind', etc, etc);
    for (const dir of new Set(job.programs.map(installationOf))) {
      if (dir !== '/usr') args.push(...mountPoint(dir, made), '--ro-bind', dir, dir);
    }
    args.push(
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      '--perms',
      '1777',
      '--size',
      String(job.limits.fileBytes),
      '--tmpfs',
      INSIDE.tmp,
      '--ro-bind',
      job.codeDir,
      INSIDE.code,
      '--ro-bind',
      job.runnerDir,
      INSIDE.runner,
    );
    for (const [inside, host] of Object.entries(job.writable ?? {})) args.push('--bind', host, inside);
    if (this.seccomp) args.push('--seccomp', String(SECCOMP_FD));
    args.push('--chdir', INSIDE.code, '--clearenv');
    for (const [name, value] of Object.entries(job.env)) args.push('--setenv', name, value);
    args.push('--');
    if (this.setpriv) {
      const id = String(job.uid);
      args.push(
        this.setpriv,
        `--reuid=${id}`,
        `--regid=${id}`,
        '--clear-groups',
        '--no-new-privs',
        '--bounding-set=-all',
        '--inh-caps=-all',
        '--',
      );
    }
    args.push(this.prlimit, ...prlimitArgs(job.limits, true), '--', job.command, ...job.args);
    return launcher(job, this.bwrap, args, this.seccomp);
  }
}

/** FNQ_FUNCTIONS_UNSAFE_LOCAL=1: the host's folders and identity, the OS limits only. */
class Unconfined implements Confinement {
  readonly confined = false;
  readonly ownUids = false;
  readonly pidNamespace = false;
  readonly filtered = false;
  constructor(private readonly prlimit: string) {}

  seen(p: Prepared): Prepared {
    return p;
  }

  command(job: Job): Spawnable {
    const command = launcher(job, this.prlimit, [...prlimitArgs(job.limits, false), '--', job.command, ...job.args]);
    return { ...command, env: job.env, cwd: job.codeDir };
  }
}

export const confinementRefused = (reason: string) =>
  new ServiceError(503, 'functions_unconfined', [
    {
      issue: `This service cannot run hosted functions confined: ${reason}`,
      advice:
        'The operator installs bubblewrap (`apt-get install bubblewrap`) on a host that allows user namespaces or runs the service as root; ' +
        'or, for trusted code only, sets FNQ_FUNCTIONS_UNSAFE_LOCAL=1 (docs/functions.md)',
    },
  ]);

/**
 * Proves that bwrap can build the sandbox here (namespaces allowed, work folder reachable) by
 * running `true` in it, or says why not.
 */
async function probe(sandbox: Bubblewrap, workDir: string): Promise<string | undefined> {
  const dir = await mkdtemp(join(workDir, '.probe-'));
  try {
    const job = sandbox.command({
      uid: PROBE_UID,
      command: '/bin/true',
      args: [],
      env: {},
      codeDir: dir,
      runnerDir: dir,
      programs: [],
      limits: defaultLimits(64),
    });
    await run(job.command, job.args, { cwd: job.cwd, env: job.env, timeout: 10_000 });
    return undefined;
  } catch (e) {
    const detail = String((e as { stderr?: string }).stderr || (e as Error).message)
      .trim()
      .split('\n')
      .pop();
    return `bubblewrap cannot create the sandbox here (${detail})`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The probe runs nothing of a function's; any unprivileged uid does. */
const PROBE_UID = NOBODY;

/** The filter as a file in the work folder, which the launcher opens for bwrap; undefined where there is none. */
async function writeSeccomp(workDir: string, strict: boolean): Promise<string | undefined> {
  const filter = seccompFilter(strict);
  if (!filter) return undefined;
  const dir = join(workDir, '.sandbox');
  await mkdir(dir, { recursive: true });
  const file = join(dir, strict ? 'seccomp-strict.bpf' : 'seccomp.bpf');
  await writeFile(file, filter, { mode: 0o644 });
  return file;
}

export interface ConfinementOptions {
  workDir: string;
  /**
   * No cgroup caps the workers' memory here: the filter then also refuses what the data limit does
   * not count (memfd, shared mappings, System V shared memory).
   */
  strictMemory?: boolean;
  /** The operator's explicit opt-out (FNQ_FUNCTIONS_UNSAFE_LOCAL=1). */
  unsafeLocal?: boolean;
  /** Where bwrap is; found on PATH when not given. Tests name a broken one to see the refusal. */
  bwrap?: string;
}

/** The confinement this host offers, or a 503 saying why functions cannot run here. */
export async function findConfinement(options: ConfinementOptions): Promise<Confinement> {
  const prlimit = findProgram('prlimit');
  if (!prlimit) throw confinementRefused('prlimit (util-linux) is not installed, so no OS limit can be set');
  if (options.unsafeLocal) return new Unconfined(prlimit);
  const bwrap = options.bwrap ?? findProgram('bwrap');
  if (!bwrap || !existsSync(bwrap)) throw confinementRefused('bubblewrap (bwrap) is not installed');
  if (process.getuid?.() === 0 && !findProgram('setpriv'))
    throw confinementRefused('setpriv (util-linux) is missing, so sandboxes would keep root');
  const sandbox = new Bubblewrap(bwrap, prlimit, await writeSeccomp(options.workDir, options.strictMemory ?? false));
  const problem = await probe(sandbox, options.workDir);
  if (problem) throw confinementRefused(problem);
  return sandbox;
}
