// LanceDB's native module, imported on first use. A static `import … from '@lancedb/lancedb'`
// anywhere in a bundle is hoisted to the bundle's top (it stays external), so every Lambda whose
// code merely reaches this folder would load the 190 MB module at cold start; through here it
// loads when a request first touches a collection.
export type LanceDb = typeof import('@lancedb/lancedb');

let lib: LanceDb | undefined;

export async function loadLanceDb(): Promise<LanceDb> {
  lib ??= await import('@lancedb/lancedb');
  return lib;
}

/** The module, for code that runs only after loadLanceDb (LanceVectorStore loads it before any table work). */
export function lanceDb(): LanceDb {
  if (!lib) throw new Error('LanceDB was used before loadLanceDb()');
  return lib;
}
