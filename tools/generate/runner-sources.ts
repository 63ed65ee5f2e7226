// The hosted functions' runner sources (lib/functions/runners/<language>/) and the build's own files
// (lib/functions/build/net-bridge.mjs, buildspecs/) as string constants keyed by their path: real files of
// their language, linted by that language's checker, shipped as text in whatever bundle imports them.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../local/serverless-config';
import { readText, textModule } from './text-module';

const RUNNERS = 'lib/functions/runners';
const BUILD = 'lib/functions/build';

/**
 * Every file in `dir`'s subfolders (not `generated/`), as paths relative to `dir`. No dotfile or folder is a
 * source: an editor's swap file or Python's `__pycache__/` must not end up in the generated module.
 */
async function filesUnder(dir: string, folders?: readonly string[]): Promise<string[]> {
  const entries = await readdir(join(PROJECT_ROOT, dir), { withFileTypes: true });
  const subdirs = entries.filter(
    (e) => e.isDirectory() && e.name !== 'generated' && (folders?.includes(e.name) ?? true),
  );
  const files = await Promise.all(
    subdirs.map(async (d) =>
      (await readdir(join(PROJECT_ROOT, dir, d.name), { withFileTypes: true }))
        .filter((f) => f.isFile() && !f.name.startsWith('.'))
        .map((f) => `${d.name}/${f.name}`),
    ),
  );
  return files.flat().sort();
}

async function sourcesModule(dir: string, name: string, files: string[], from: string): Promise<[string, string]> {
  const texts = Object.fromEntries(await Promise.all(files.map(async (f) => [f, await readText(`${dir}/${f}`)])));
  const path = `${dir}/generated/sources.ts`;
  return [path, await textModule(path, { generator: 'runner-sources.ts', from, exports: { [name]: texts } })];
}

export default async function runnerSources(): Promise<Record<string, string>> {
  return Object.fromEntries([
    await sourcesModule(RUNNERS, 'RUNNER_SOURCES', await filesUnder(RUNNERS), `${RUNNERS}/*/*`),
    await sourcesModule(
      BUILD,
      'BUILD_SOURCES',
      ['net-bridge.mjs', ...(await filesUnder(BUILD, ['buildspecs']))],
      `${BUILD}/net-bridge.mjs and ${BUILD}/buildspecs/*`,
    ),
  ]);
}
