// One way for tests (and the local setup) to get a program from Debian's packages: when it is
// missing and we are root, apt-get installs it, one apt run at a time per machine under a
// directory lock; otherwise the caller skips with the reason returned here.
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

const SEARCH_DIRS = ['/usr/sbin', '/usr/local/sbin', '/usr/bin', '/usr/local/bin', '/sbin', '/bin'];

/** The first of `names` found on PATH or in the system's program folders. */
export function findExecutable(names: string[]): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...SEARCH_DIRS];
  for (const name of names) {
    for (const dir of dirs) {
      const path = join(dir, name);
      if (existsSync(path)) return path;
    }
  }
  return undefined;
}

export interface DebianProgram {
  /** Any of these names on PATH means the program is there. */
  programs: string[];
  /** The Debian package that provides it. */
  pkg: string;
}

const installs = new Map<string, Promise<string | undefined>>();

/**
 * Why some of `wanted` cannot be had here, or undefined when all are (now) installed.
 * Concurrent calls in one process share one apt run per package set; across processes a lock
 * directory serialises apt.
 */
export function ensureDebianPrograms(wanted: DebianProgram[]): Promise<string | undefined> {
  const missing = wanted.filter((w) => !findExecutable(w.programs));
  if (missing.length === 0) return Promise.resolve(undefined);
  const key = missing
    .map((m) => m.pkg)
    .sort()
    .join(' ');
  let install = installs.get(key);
  if (!install) {
    install = installPackages(missing);
    installs.set(key, install);
  }
  return install;
}

async function installPackages(missing: DebianProgram[]): Promise<string | undefined> {
  const pkgs = missing.map((m) => m.pkg);
  if (process.getuid?.() !== 0)
    return `${pkgs.join(', ')} not installed, and installing needs root: run \`apt-get install ${pkgs.join(' ')}\``;
  const lock = join(tmpdir(), 'fnquery-apt-install.lock');
  await acquireLock(lock);
  try {
    const still = missing.filter((m) => !findExecutable(m.programs)).map((m) => m.pkg);
    if (still.length === 0) return undefined; // another process installed them meanwhile
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const buffers = { env, maxBuffer: 64 * 1024 * 1024 };
    await run('apt-get', ['update', '-q'], buffers);
    await run('apt-get', ['install', '-o', 'DPkg::Lock::Timeout=600', '-y', '-q', ...still], buffers);
    const after = missing.filter((m) => !findExecutable(m.programs));
    return after.length
      ? `apt-get installed ${still.join(' ')} but ${after.map((m) => m.programs[0]).join(', ')} is still missing`
      : undefined;
  } catch (error) {
    const detail = String((error as { stderr?: string }).stderr ?? error)
      .trim()
      .split('\n')
      .pop();
    return `apt-get install ${pkgs.join(' ')} failed: ${detail}`;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** A directory as a lock shared by parallel test processes; a lock older than 15 minutes is stale. */
async function acquireLock(path: string): Promise<void> {
  for (;;) {
    try {
      await mkdir(path);
      return;
    } catch {
      const age = existsSync(path) ? Date.now() - statSync(path).mtimeMs : 0;
      if (age > 15 * 60_000) await rm(path, { recursive: true, force: true });
      else await sleep(250);
    }
  }
}
