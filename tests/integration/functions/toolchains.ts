// Language toolchains for the local runtime tests. Missing ones are installed from Debian's
// packages when we are root (one apt-get run per machine, under a lock); otherwise, or when that
// fails, the caller skips with the reason returned here.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { ensureDebianPrograms } from '../../support/debian-packages';

const PACKAGES: Record<string, { program: string; pkg: string }> = {
  ruby: { program: 'ruby', pkg: 'ruby' },
  php: { program: 'php', pkg: 'php-cli' },
  go: { program: 'go', pkg: 'golang-go' },
  java: { program: 'javac', pkg: 'openjdk-17-jdk-headless' },
  dotnet: { program: 'dotnet', pkg: '' },
  // Not a language: the sandbox every function runs in (lib/functions/process-runtime/sandbox.ts).
  bwrap: { program: 'bwrap', pkg: 'bubblewrap' },
};

const onPath = (program: string) =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => existsSync(join(dir, program)));

/** Why the language cannot be tested here, or undefined when its toolchain is (now) installed. */
export async function toolchainMissing(language: keyof typeof PACKAGES): Promise<string | undefined> {
  const { program, pkg } = PACKAGES[language]!;
  if (onPath(program)) return undefined;
  if (!pkg) return `${program} is not installed and has no Debian package here`;
  // Every missing toolchain in one apt run: the first language asked for installs them all.
  const missing = Object.values(PACKAGES)
    .filter((p) => p.pkg && !onPath(p.program))
    .map((p) => ({ programs: [p.program], pkg: p.pkg }));
  const reason = await ensureDebianPrograms(missing);
  return onPath(program) ? undefined : (reason ?? `${program} is still missing after apt-get`);
}
