// Finding a hosted function by its shortname: the first step of every route of one function. Kept apart
// from the invoker (the spec's compiler, RE2, the validation pool), so a route that only reads the
// definition (spec.json, openapi.json), or a call of a function that does not exist, loads none of it.
import { badRequest, notFound } from '../errors';
import { SHORTNAME } from '../spec/rules';
import type { NormalizedSpec } from '../spec/types';
import type { FunctionRecord, FunctionRegistry } from './ports';

export const functionNotFound = (shortname: string) =>
  notFound(
    `No function named "${shortname}" was found`,
    'Check the shortname; fnq functions list shows the functions you deployed',
    'function_not_found',
  );

// One definition object per function version, so validators compiled for it are reused across calls.
const specs = new Map<string, NormalizedSpec>();
function stableSpec(fn: FunctionRecord): NormalizedSpec {
  const key = `${fn.shortname}@${fn.codeSha256}@${fn.version}`;
  let spec = specs.get(key);
  if (!spec) {
    if (specs.size >= 1000) specs.clear();
    spec = fn.spec;
    specs.set(key, spec);
  }
  return spec;
}

export async function lookupFunction(
  registry: FunctionRegistry,
  shortname: string | undefined,
): Promise<FunctionRecord> {
  // Checked before the registry: an oversized key would fail in storage as a 500.
  if (shortname && shortname.length > SHORTNAME.max) {
    throw badRequest(
      `The function name is ${shortname.length} characters long; shortnames have at most ${SHORTNAME.max}`,
      'Send the shortname of a deployed function (GET /functions/v1 lists them)',
      'identifier_too_long',
    );
  }
  const fn = shortname ? await registry.get(shortname) : undefined;
  if (!fn) throw functionNotFound(shortname ?? '');
  return { ...fn, spec: stableSpec(fn) };
}
