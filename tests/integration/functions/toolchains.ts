// Language toolchains for the local runtime tests. Missing ones are installed from Debian's
// packages when we are root (one apt-get run per machine, under a lock); otherwise, or when that
// fails, the caller skips with the reason returned here.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

const PACKAGES: Record<string, { program: string; pkg: string }> = {
  ruby: { program: 'ruby', pkg: 'ruby' },
  php: { program: 'php', pkg: 'php-cli' },
  go: { program: 'go', pkg: 'golang-go' },
  java: { program: 'javac', pkg: 'openjdk-17-jdk-headless' },
  dotnet: { program: 'dotnet', pkg: '' },
};

const onPath = (program: string) => (process.env.PATH ?? '').split(delimiter).some((dir) => existsSync(join(dir, program)));

let installing: Promise<string | undefined> | undefined;

async function installMissing(): Promise<string | undefined> {
  const missing = Object.values(PACKAGES).filter((p) => p.pkg && !onPath(p.program)).map((p) => p.pkg);
  if (missing.length === 0) return undefined;
  if (process.getuid?.() !== 0) return `not root, so ${missing.join(', ')} cannot be installed with apt-get`;
  const lock = join(tmpdir(), 'fnquery-toolchains-install.lock');
  for (let i = 0; ; i++) {
    try {
      await mkdir(lock);
      break;
    } catch {
      if (i > 600) return 'another test run holds the toolchain install lock';
      await sleep(1000);
    }
  }
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await run('apt-get', ['update', '-q'], { env, maxBuffer: 64 * 1024 * 1024 });
    await run('apt-get', ['install', '-o', 'DPkg::Lock::Timeout=300', '-y', '-q', ...missing], { env, maxBuffer: 64 * 1024 * 1024 });
    return undefined;
  } catch (e) {
    return `apt-get install ${missing.join(' ')} failed: ${String((e as { stderr?: string }).stderr ?? e).trim().split('\n').pop()}`;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Why the language cannot be tested here, or undefined when its toolchain is (now) installed. */
export async function toolchainMissing(language: keyof typeof PACKAGES): Promise<string | undefined> {
  const { program, pkg } = PACKAGES[language]!;
  if (onPath(program)) return undefined;
  if (!pkg) return `${program} is not installed and has no Debian package here`;
  installing ??= installMissing();
  const reason = await installing;
  return onPath(program) ? undefined : (reason ?? `${program} is still missing after apt-get`);
}
