// LanceDB's native module, imported on first use. A static `import … from '@lancedb/lancedb'`
// anywhere in a bundle is hoisted to the bundle's top (it stays external), so every Lambda whose
// code merely reaches this folder would load the 190 MB module at cold start; through here it
// loads when a request first touches a collection.
//
// LanceDB's JavaScript and apache-arrow are bundled into that chunk (serverless.yml): one file compiled
// instead of a few hundred CommonJS files resolved and read one by one. Only the native module stays
// out of the bundle. On Lambda it ships stripped beside the bundle (deploy/lancedb-native.cjs), and
// LanceDB's loader is pointed at it there: loaded from the read-only task root as it is. Elsewhere
// (npm start, tests) the loader finds it in the project's node_modules, as it would unbundled.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export type LanceDb = typeof import('@lancedb/lancedb');

/** Where packaging puts the stripped module, relative to the Lambda's task root. */
export const SHIPPED_NATIVE = 'lancedb-native/lancedb.linux-x64-gnu.node';

let lib: Promise<LanceDb> | undefined;
let loaded: LanceDb | undefined;

export function loadLanceDb(env: NodeJS.ProcessEnv = process.env): Promise<LanceDb> {
  lib ??= load(env).catch((e: unknown) => {
    lib = undefined;
    throw e;
  });
  return lib;
}

async function load(env: NodeJS.ProcessEnv): Promise<LanceDb> {
  loaded = await importLanceDb(env);
  return loaded;
}

async function importLanceDb(env: NodeJS.ProcessEnv): Promise<LanceDb> {
  const taskRoot = env.LAMBDA_TASK_ROOT;
  const shipped = taskRoot ? join(taskRoot, SHIPPED_NATIVE) : undefined;
  if (shipped && existsSync(shipped)) env.NAPI_RS_NATIVE_LIBRARY_PATH ??= shipped;
  // LanceDB is CommonJS: Node's import() names its exports and gives them whole as `default`; the
  // bundle's chunk gives only `default`.
  const mod = (await import('@lancedb/lancedb')) as LanceDb & { default?: LanceDb };
  return mod.default ?? mod;
}

/** The module, for code that runs only after loadLanceDb (LanceVectorStore loads it before any table work). */
export function lanceDb(): LanceDb {
  if (!loaded) throw new Error('LanceDB was used before loadLanceDb()');
  return loaded;
}
