// What each runtime family expects of a function's code: the entry file (at the top of the bundle)
// and where the entrypoint lives in it. The deploy checks the entry file; docs/functions.md shows
// one example per language.
import { badRequest } from '../errors';
import { runtimeInfo, type RuntimeFamily } from '../spec/runtimes';
import type { BundleFiles } from './bundle';

export const ENTRY_FILES: Record<RuntimeFamily, readonly string[]> = {
  node: ['index.mjs', 'index.js', 'index.cjs'],
  python: ['main.py'],
  java: ['Main.java'],
  go: ['main.go'],
  ruby: ['main.rb'],
  php: ['index.php'],
  dotnet: ['Function.cs'],
};

/** Names the service writes beside the code; a bundle may not bring its own. */
const RESERVED = /^(fnq_|FnqRunner|FnqLambda)/;

export function familyOf(runtime: string): RuntimeFamily {
  const info = runtimeInfo(runtime);
  if (!info) throw new Error(`unknown runtime ${runtime}; validate the spec first`);
  return info.family;
}

/** The bundle's entry file for the runtime; a 400 naming the expected files when there is none. */
export function entryFileOf(files: BundleFiles, runtime: string): string {
  const family = familyOf(runtime);
  const reserved = [...files.keys()].find((name) => RESERVED.test(name.split('/').pop()!));
  if (reserved) {
    throw badRequest(
      `The code bundle holds "${reserved}", a name the service uses for its own runner`,
      'Rename the file so it does not start with fnq_, FnqRunner or FnqLambda',
      'bundle_reserved_name',
    );
  }
  const entry = ENTRY_FILES[family].find((name) => files.has(name));
  if (!entry) {
    const expected = ENTRY_FILES[family].join(' or ');
    throw badRequest(
      `The code bundle has no ${expected} at its top, which the ${runtime} runtime loads`,
      `Put the entrypoint function in ${expected} next to spec.json`,
      'entry_file_missing',
    );
  }
  return entry;
}
