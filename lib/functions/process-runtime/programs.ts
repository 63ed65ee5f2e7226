// Finding the host's programs (language toolchains, bwrap, prlimit) for the local runtime.
import { existsSync, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';

// Searched after PATH: serverless offline gives handlers only the variables serverless.yml declares.
const SYSTEM_DIRS = ['/usr/local/bin', '/usr/bin', '/bin', '/usr/sbin', '/sbin'];

/** The real path of `program` on PATH or in the system's program folders. */
export function findProgram(program: string): string | undefined {
  for (const dir of [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...SYSTEM_DIRS]) {
    const path = join(dir, program);
    if (existsSync(path)) return realpathSync(path);
  }
  return undefined;
}
