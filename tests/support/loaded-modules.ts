// What a piece of code loads: `script` (an ES module body, run with tsx from the project root in a fresh
// `node`) and every module Node loads for it, as paths relative to the project. For tests that prove a
// path leaves a heavy part unloaded, with a control that the same check sees it when it does load.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../../local/serverless-config';

const HOOKS = fileURLToPath(new URL('./record-loads.mjs', import.meta.url));

/** The loaded modules' URLs in `log` as paths relative to the project. */
const loadedIn = (log: string) =>
  readFileSync(log, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:'))
    .map((url) => relative(PROJECT_ROOT, fileURLToPath(url)));

const args = (script: string) => ['--import', HOOKS, '--import', 'tsx', '--input-type=module', '-e', script];

export function modulesLoadedBy(script: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'fnq-loads-'));
  const log = join(dir, 'loaded.txt');
  try {
    const r = spawnSync(process.execPath, args(script), {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      env: { ...process.env, FNQ_LOADED_MODULES_LOG: log },
    });
    if (r.status !== 0) throw new Error(`the script failed (${r.status}): ${r.stderr}`);
    return loadedIn(log);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The same without blocking this process, for a script that calls the test's in-process emulators (a blocked
 * event loop could not answer them), in the environment `env` alone; also what the script printed last, as JSON.
 */
export async function modulesLoadedByAsync(
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ modules: string[]; printed: unknown }> {
  const dir = mkdtempSync(join(tmpdir(), 'fnq-loads-'));
  const log = join(dir, 'loaded.txt');
  try {
    const child = spawn(process.execPath, args(script), {
      cwd: PROJECT_ROOT,
      env: { ...env, FNQ_LOADED_MODULES_LOG: log },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (code !== 0) throw new Error(`the script failed (${code}): ${err}`);
    return { modules: loadedIn(log), printed: JSON.parse(out.trim().split('\n').pop() ?? 'null') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
