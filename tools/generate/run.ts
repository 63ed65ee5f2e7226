// `npm run generate` writes every generated file; `npm run generate -- --check` only reports the stale ones
// (exit 1), for CI and the freshness test.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../../local/serverless-config';
import { GENERATORS } from './generators';

/** Every generated file as its generator makes it now. */
export async function generatedFiles(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const load of Object.values(GENERATORS)) Object.assign(files, await (await load()).default());
  return files;
}

/** The generated files whose committed content differs from what the generators make now. */
export async function staleFiles(): Promise<string[]> {
  const stale: string[] = [];
  for (const [path, content] of Object.entries(await generatedFiles())) {
    const committed = await readFile(join(PROJECT_ROOT, path), 'utf8').catch(() => undefined);
    if (committed !== content) stale.push(path);
  }
  return stale;
}

// Run as a script (not imported by the freshness test).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const stale = await staleFiles();
    for (const path of stale) console.error(`stale: ${path} (run npm run generate)`);
    process.exit(stale.length ? 1 : 0);
  }
  for (const [path, content] of Object.entries(await generatedFiles())) {
    await mkdir(dirname(join(PROJECT_ROOT, path)), { recursive: true });
    await writeFile(join(PROJECT_ROOT, path), content);
    console.log(`wrote ${path}`);
  }
}
