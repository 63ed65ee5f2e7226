// The code bundle of a function: a zip of its directory, spec.json at the top. Read on the server
// with bounds (size, entries, unpacked bytes) and safe paths, so a zip bomb or a `../` entry is
// refused before anything is unpacked; also written by `fnq deploy`.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { badRequest, tooLarge } from '../errors';

/** API Gateway and Lambda bound request payloads; the same bound as direct document uploads. */
export const BUNDLE_MAX_BYTES = 5 * 1024 * 1024;
export const UNPACKED_MAX_BYTES = 50 * 1024 * 1024;
export const ENTRIES_MAX = 5000;
export const SPEC_FILE = 'spec.json';

/** Relative path → content. */
export type BundleFiles = Map<string, Uint8Array>;

const ADVICE = 'Deploy with fnq deploy <dir>, or zip the function directory yourself with spec.json at its top';

function safePath(name: string): string | undefined {
  const path = name.replace(/\\/g, '/');
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  if (path.startsWith('/') || parts.some((p) => p === '..') || /^[A-Za-z]:/.test(path)) return undefined;
  return parts.join('/');
}

/** `zip -r fn.zip fn/` puts everything under `fn/`; such a single top folder is dropped. */
function dropSingleTopFolder(files: BundleFiles): BundleFiles {
  if (files.has(SPEC_FILE)) return files;
  const tops = new Set([...files.keys()].map((p) => p.split('/')[0]));
  const [top] = tops;
  if (tops.size !== 1 || !files.has(`${top}/${SPEC_FILE}`)) return files;
  return new Map([...files].map(([p, bytes]) => [p.slice(top!.length + 1), bytes]));
}

export function readBundle(zip: Uint8Array): BundleFiles {
  if (zip.length > BUNDLE_MAX_BYTES) {
    throw tooLarge(
      `The code bundle is ${zip.length} bytes, over the limit of ${BUNDLE_MAX_BYTES}`,
      'Leave build output, tests and dependencies that are not needed at run time out of the function directory',
      'bundle_too_large',
    );
  }
  let entries = 0;
  let unpacked = 0;
  let unsafe: string | undefined;
  let raw: Record<string, Uint8Array>;
  try {
    raw = unzipSync(zip, {
      // Declared sizes are checked before inflating; fflate inflates each entry into a buffer of its declared size.
      filter: (file) => {
        entries += 1;
        unpacked += file.originalSize;
        if (safePath(file.name) === undefined) unsafe ??= file.name;
        return entries <= ENTRIES_MAX && unpacked <= UNPACKED_MAX_BYTES && !file.name.endsWith('/');
      },
    });
  } catch {
    throw badRequest('The code bundle is not a readable zip archive', ADVICE, 'bundle_malformed');
  }
  if (unsafe !== undefined)
    throw badRequest(
      `The code bundle holds the path "${unsafe}", which leaves the function directory`,
      ADVICE,
      'bundle_unsafe_path',
    );
  if (entries > ENTRIES_MAX || unpacked > UNPACKED_MAX_BYTES) {
    throw tooLarge(
      `The code bundle unpacks to more than ${ENTRIES_MAX} files or ${UNPACKED_MAX_BYTES} bytes`,
      'Leave files that are not needed at run time out of the function directory',
      'bundle_too_large',
    );
  }
  return dropSingleTopFolder(new Map(Object.entries(raw).map(([name, bytes]) => [safePath(name)!, bytes])));
}

/** Zips files (relative path → content) as a bundle; deterministic for the same input. */
export function writeBundle(files: BundleFiles): Uint8Array {
  const sorted = [...files].sort(([a], [b]) => a.localeCompare(b));
  // A fixed timestamp keeps the bundle's hash stable across deploys of unchanged code.
  return zipSync(Object.fromEntries(sorted.map(([path, bytes]) => [path, [bytes, { mtime: new Date(1980, 0, 2) }]])), {
    level: 6,
  });
}

/** The files of a function directory (version-control folders left out), as a bundle's content. */
export async function directoryFiles(dir: string): Promise<BundleFiles> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: BundleFiles = new Map();
  for (const e of entries) {
    const path = relative(dir, join(e.parentPath, e.name)).split('\\').join('/');
    if (!e.isFile() || path.split('/').some((part) => part === '.git')) continue;
    files.set(path, await readFile(join(e.parentPath, e.name)));
  }
  return files;
}
