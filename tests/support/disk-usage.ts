// Bytes of the files under a directory (apparent sizes): what the storage bound and the bench measure.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}
