// `serverless package` into a folder of the caller's, with its own esbuild work folder, so the
// template test and bench/bundles never race `npm run package` or a running `npm start`; and the
// unzipped size of each function's zip, the figure Lambda's 250 MB limit applies to.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { PROJECT_ROOT } from './serverless-config';

export interface PackageOptions {
  /** Where the zips and CloudFormation templates go. */
  outDir: string;
  stage?: string;
  /** Environment of the packaging shell, e.g. the secret parameter names. */
  env?: Record<string, string>;
}

/** Packages the service; throws with serverless's own output when packaging fails. */
export function packageService({ outDir, stage = 'ci', env = {} }: PackageOptions): void {
  const cli = join(PROJECT_ROOT, 'node_modules', 'osls', 'bin', 'serverless.js');
  const r = spawnSync(process.execPath, [cli, 'package', '--stage', stage, '--package', outDir], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      SLS_TELEMETRY_DISABLED: '1',
      SLS_NOTIFICATIONS_MODE: 'off',
      FNQ_BUILD_DIR: join('.esbuild', `package-${process.pid}`),
      ...env,
    },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`serverless package failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
}

/** Bytes of every file in the zip once unpacked, from its central directory (nothing is inflated). */
export function unzippedBytes(zipPath: string): number {
  let total = 0;
  unzipSync(readFileSync(zipPath), {
    filter: (file) => {
      total += file.originalSize;
      return false;
    },
  });
  return total;
}

/** Each function's zip in a package folder and its unzipped size, largest first. */
export function zipSizes(outDir: string): { name: string; bytes: number }[] {
  return readdirSync(outDir)
    .filter((f) => f.endsWith('.zip'))
    .map((f) => ({ name: f.slice(0, -'.zip'.length), bytes: unzippedBytes(join(outDir, f)) }))
    .sort((a, b) => b.bytes - a.bytes);
}
