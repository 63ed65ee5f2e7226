// LanceDB's native module, imported on first use. A static `import … from '@lancedb/lancedb'`
// anywhere in a bundle is hoisted to the bundle's top (it stays external), so every Lambda whose
// code merely reaches this folder would load the 190 MB module at cold start; through here it
// loads when a request first touches a collection.
//
// On Lambda the native module ships stripped beside the bundle (deploy/lancedb-native.cjs), and
// LanceDB's loader is pointed at it there: loaded from the read-only task root as it is.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

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
  if (!taskRoot || !shipped || !existsSync(shipped)) return import('@lancedb/lancedb');
  env.NAPI_RS_NATIVE_LIBRARY_PATH ??= shipped;
  // Resolved from the task root, where the zip puts LanceDB beside the handlers.
  const entry = createRequire(join(taskRoot, 'package.json')).resolve('@lancedb/lancedb');
  return (await import(pathToFileURL(entry).href)) as LanceDb;
}

/** The module, for code that runs only after loadLanceDb (LanceVectorStore loads it before any table work). */
export function lanceDb(): LanceDb {
  if (!loaded) throw new Error('LanceDB was used before loadLanceDb()');
  return loaded;
}
