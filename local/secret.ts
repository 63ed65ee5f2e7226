// The local signing secret: generated once into the data folder so the CLI and the running
// service agree, unless FNQ_JWT_SECRET is set.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const defaultDataDir = (env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()) =>
  resolve(cwd, env.FNQ_DATA_DIR ?? '.data');

export function localJwtSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.FNQ_JWT_SECRET) return env.FNQ_JWT_SECRET;
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
}

/** The fnquery checkout holding `cwd` (the nearest folder whose package.json is fnquery's), if any. */
export function checkoutRoot(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    try {
      if ((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name === 'fnquery')
        return dir;
    } catch {
      // No package.json here, or not JSON: keep climbing.
    }
    if (dirname(dir) === dir) return undefined;
  }
}
