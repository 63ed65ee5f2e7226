// What a piece of code loads: `script` (an ES module body, run with tsx from the project root in a fresh
// `node`) and every module Node loads for it, as paths relative to the project. For tests that prove a
// path leaves a heavy part unloaded, with a control that the same check sees it when it does load.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../../local/serverless-config';

const HOOKS = fileURLToPath(new URL('./record-loads.mjs', import.meta.url));

export function modulesLoadedBy(script: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'fnq-loads-'));
  const log = join(dir, 'loaded.txt');
  try {
    const r = spawnSync(process.execPath, ['--import', HOOKS, '--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      env: { ...process.env, FNQ_LOADED_MODULES_LOG: log },
    });
    if (r.status !== 0) throw new Error(`the script failed (${r.status}): ${r.stderr}`);
    return readFileSync(log, 'utf8')
      .split('\n')
      .filter((url) => url.startsWith('file:'))
      .map((url) => relative(PROJECT_ROOT, fileURLToPath(url)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
