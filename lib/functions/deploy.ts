// Deploying a function: the bundle re-read, spec.json re-validated with the same validator `fnq deploy`
// uses, the entry file looked for, and the new version built before it is served. The server trusts
// nothing the client checked. Kept apart from the rest of management (manage.ts), so the routes that
// list, delete or read the logs of functions never load the zip reader or the runtimes' build rules.
import { createHash, randomBytes } from 'node:crypto';
import { badRequest, conflict, ServiceError, tooLarge } from '../errors';
import { errorFields } from '../log';
import { runtimeInfo } from '../spec/runtimes';
import type { NormalizedSpec } from '../spec/types';
import { readBundle, SPEC_FILE, type BundleFiles } from './bundle';
import { entryFileOf } from './languages';
import type { HostingDeps } from './manage';
import { registryKey, type FunctionRecord } from './ports';

export const SPEC_MAX_BYTES = 256 * 1024;

export interface DeployResult {
  record: FunctionRecord;
  /** False for a redeploy (a new version of the caller's function). */
  created: boolean;
  warnings: string[];
}

const shortnameTaken = (shortname: string) =>
  conflict(
    `The shortname "${shortname}" is already taken by another account`,
    'Choose another shortname in spec.json; fnq functions exists NAME tells whether one is free',
    'shortname_taken',
  );

/**
 * Validated in the validation worker: an author's schema checking its own example must not stall the service.
 * The pool (with the worker's 300 KB source) is imported on the first deploy, not on every cold start of a
 * Lambda that imports this module to list or invoke functions.
 */
async function guardedSpecValidation(text: string) {
  const { SPEC_DEADLINE_MS, ValidationBudgetExceeded, validateSpecTextGuarded } =
    await import('../spec/validation-pool');
  try {
    return await validateSpecTextGuarded(text);
  } catch (e) {
    if (!(e instanceof ValidationBudgetExceeded)) throw e;
    throw new ServiceError(422, 'spec_unverifiable', {
      issue: `Checking spec.json (its examples against its schemas) took longer than ${SPEC_DEADLINE_MS / 1000} s or more memory than allowed`,
      advice:
        'Simplify the schema (e.g. no anyOf over a recursive $ref, no pattern with lookaround) or shorten the example',
    });
  }
}

async function specOf(files: BundleFiles): Promise<NormalizedSpec> {
  const bytes = files.get(SPEC_FILE);
  if (!bytes)
    throw badRequest(
      'The code bundle has no spec.json at its top',
      'Put spec.json in the function directory and deploy that directory',
      'spec_missing',
    );
  if (bytes.length > SPEC_MAX_BYTES)
    throw tooLarge(
      `spec.json is ${bytes.length} bytes, over the limit of ${SPEC_MAX_BYTES}`,
      'Shorten the schemas and descriptions',
      'spec_too_large',
    );
  const result = await guardedSpecValidation(Buffer.from(bytes).toString('utf8'));
  if (!result.spec) {
    const problems = result.violations.map((v) => ({
      issue: `spec.json ${v.pointer || '(document)'}: ${v.message}`,
      advice: v.fix,
    }));
    throw new ServiceError(400, 'spec_invalid', problems);
  }
  return result.spec;
}

/** A bundle the service accepts: its definition, its files, and the function it would replace. */
export interface CheckedBundle {
  spec: NormalizedSpec;
  files: BundleFiles;
  current: FunctionRecord | undefined;
}

/** Everything a deploy checks before any build: the bundle, spec.json, the entry file, and who owns the name. */
export async function checkBundle(
  deps: Pick<HostingDeps, 'registry'>,
  owner: string,
  zip: Uint8Array,
): Promise<CheckedBundle> {
  const files = readBundle(zip);
  const spec = await specOf(files);
  entryFileOf(files, spec.runtime);
  const current = await deps.registry.get(spec.shortname);
  if (current && current.owner !== owner) throw shortnameTaken(spec.shortname);
  return { spec, files, current };
}

export const newCodeKey = (shortname: string, version: number) =>
  // The random part keeps two racing deploys of one version from sharing (and deleting) an object.
  `functions/${registryKey(shortname)}/v${version}-${randomBytes(4).toString('hex')}/code.zip`;

export const runtimeWarnings = (runtime: string): string[] => {
  const warning = runtimeInfo(runtime)?.warning;
  return warning ? [warning] : [];
};

/**
 * Builds a new version and then makes it the served one. The build comes first, so the version in
 * service keeps answering while it runs, and a build that fails leaves it untouched. `storedAt`:
 * where the bundle already is (an asynchronous deploy uploaded it); else it is stored here.
 */
export async function deployFunction(
  deps: HostingDeps,
  owner: string,
  zip: Uint8Array,
  storedAt?: string,
): Promise<DeployResult> {
  const { spec, current } = await checkBundle(deps, owner, zip);
  const now = (deps.now ?? Date.now)();
  const version = (current?.version ?? 0) + 1;
  const record: FunctionRecord = {
    shortname: spec.shortname,
    owner,
    version,
    runtime: spec.runtime,
    spec,
    codeKey: storedAt ?? newCodeKey(spec.shortname, version),
    codeBytes: zip.length,
    codeSha256: createHash('sha256').update(zip).digest('hex'),
    createdAt: current?.createdAt ?? now,
    updatedAt: now,
  };
  await deps.invoker.build(record, zip);
  if (!storedAt) await deps.blobs.put(record.codeKey, zip);
  if ((await deps.registry.register(record, current?.version)) === 'taken') {
    await deps.blobs.delete(record.codeKey);
    throw shortnameTaken(spec.shortname);
  }
  try {
    await deps.invoker.deploy(record, zip);
  } catch (e) {
    await rollBack(deps, record, current);
    throw e;
  }
  if (current) await deps.blobs.delete(current.codeKey);
  return { record, created: !current, warnings: runtimeWarnings(spec.runtime) };
}

/** The registry goes back to the version it had (or forgets the name), and the new code goes. */
async function rollBack(
  deps: HostingDeps,
  failed: FunctionRecord,
  previous: FunctionRecord | undefined,
): Promise<void> {
  try {
    if (previous) await deps.registry.register(previous, failed.version);
    else await deps.registry.remove(failed.shortname, failed.owner);
    await deps.blobs.delete(failed.codeKey);
  } catch (e) {
    deps.log.error('function deploy not rolled back', {
      function: failed.shortname,
      version: failed.version,
      ...errorFields(e),
    });
  }
}
