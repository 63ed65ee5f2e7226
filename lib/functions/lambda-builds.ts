// Builds on AWS: a bundle that needs a build (a compiled language, or dependencies to install) goes
// to the build service (CodeBuild) with its family's buildspec; the worker follows the build until
// it ends, and the artifact it leaves in the bucket becomes the Lambda's code. The version in
// service keeps answering meanwhile: nothing of the function's Lambda changes until the artifact
// exists. A failed build rejects with a 400 `build_failed` carrying the build log's first lines.
import { unzipSync, zipSync } from 'fflate';
import { badRequest, tooLarge } from '../errors';
import { runtimeInfo } from '../spec/index';
import { LAMBDA_RUNTIMES } from '../spec/runtimes';
import type { BlobStore } from '../storage/ports';
import { writeBundle, type BundleFiles } from './bundle';
import { BUILDSPECS } from './build/buildspecs';
import type { BuildService } from './build/ports';
import { familyOf } from './languages';
import type { FunctionRecord } from './ports';
import { LAMBDA_PACKAGING } from './runners/lambda';

/** The largest zip Lambda takes in a CreateFunction or UpdateFunctionCode request. */
export const LAMBDA_ZIP_MAX_BYTES = 50 * 1024 * 1024;

export interface LambdaBuildSettings {
  builds: BuildService;
  blobs: BlobStore;
  /** How often the build is asked about (BatchGetBuilds). */
  pollMs?: number;
  /** Longest a build is followed; the project's own timeout (14 minutes) ends it first. */
  timeoutMs?: number;
}

// Beside the bundle (functions/…, which the build's role may read) and under builds/ (which it may write).
export const buildSourceKey = (codeKey: string) => codeKey.replace(/code\.zip$/, 'build-source.zip');
export const artifactKey = (codeKey: string) =>
  `builds/${codeKey.replace(/^functions\//, '').replace(/code\.zip$/, 'artifact.zip')}`;

export const needsBuild = (fn: FunctionRecord, files: ReadonlyMap<string, unknown>) =>
  LAMBDA_PACKAGING[familyOf(fn.runtime)].build(files);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the build of one version; resolves once its artifact is in the bucket. */
export async function buildOnAws(s: LambdaBuildSettings, fn: FunctionRecord, files: BundleFiles): Promise<void> {
  const family = familyOf(fn.runtime);
  const source = new Map(files);
  for (const file of LAMBDA_PACKAGING[family].source?.(fn.spec.entrypoint) ?? [])
    source.set(file.fileName, new TextEncoder().encode(file.source));
  const sourceKey = buildSourceKey(fn.codeKey);
  await s.blobs.put(sourceKey, writeBundle(source));
  try {
    const id = await s.builds.start({
      buildspec: BUILDSPECS[family],
      sourceKey,
      artifactKey: artifactKey(fn.codeKey),
      environment: buildVariables(fn),
    });
    const deadline = Date.now() + (s.timeoutMs ?? 15 * 60_000);
    for (;;) {
      const state = await s.builds.state(id);
      if (state.status === 'succeeded') return;
      if (state.status === 'failed') throw buildFailed(fn, state.lines);
      if (Date.now() > deadline) throw buildFailed(fn, [`the build did not end within ${s.timeoutMs} ms`]);
      await sleep(s.pollMs ?? 5_000);
    }
  } finally {
    await s.blobs.delete(sourceKey).catch(() => undefined);
  }
}

/**
 * FNQ_LANGUAGE_VERSION: the language of the Lambda runtime the function runs on (Python's wheels
 * must match it; a retired python311 runs on a newer Python). FNQ_CODE_VERSION: the version the code
 * is written for (javac's --release: java17 code compiled for 17 runs on java21).
 */
function buildVariables(fn: FunctionRecord): Record<string, string> {
  const info = runtimeInfo(fn.runtime)!;
  return {
    FNQ_LANGUAGE_VERSION: LAMBDA_RUNTIMES[info.lambdaRuntime]?.version ?? info.version,
    FNQ_CODE_VERSION: info.version,
    FNQ_ENTRYPOINT: fn.spec.entrypoint,
  };
}

function buildFailed(fn: FunctionRecord, lines: string[]) {
  // The build's own folders (/codebuild/output/src…/src/) say nothing to the function's owner.
  const output = lines
    .map((line) => line.replace(/\/codebuild\/output\/[^/\s]+\/src\//g, ''))
    .join(' ')
    .trim();
  return badRequest(
    `The ${fn.runtime} code of ${fn.shortname} does not build: ${output || 'the build failed'}`,
    'Fix what the build reports (compile errors, dependency names and versions, the lockfile), build it locally first, and deploy again',
    'build_failed',
  );
}

/** The artifact a build left, with the bootstrap the family adds, ready for Lambda; the stored copy is removed. */
export async function takeArtifact(s: LambdaBuildSettings, fn: FunctionRecord): Promise<Uint8Array> {
  const key = artifactKey(fn.codeKey);
  let zip: Uint8Array | undefined;
  try {
    zip = await s.blobs.get(key, LAMBDA_ZIP_MAX_BYTES);
  } catch (e) {
    if ((e as { status?: number }).status !== 413) throw e;
    throw tooLarge(
      `The built ${fn.shortname} (code and dependencies) is over ${LAMBDA_ZIP_MAX_BYTES} bytes zipped, more than Lambda takes in a deploy`,
      'Leave out dependencies the function does not need at run time, and deploy again',
      'artifact_too_large',
    );
  }
  if (!zip) throw new Error(`the build of ${fn.shortname} v${fn.version} left no artifact at ${key}`);
  await s.blobs.delete(key).catch(() => undefined);
  return withArtifactFile(fn, zip);
}

/** Adds the family's bootstrap to a zip (an artifact, or a bundle deployed as it is). */
export function withArtifactFile(fn: FunctionRecord, zip: Uint8Array): Uint8Array {
  const file = LAMBDA_PACKAGING[familyOf(fn.runtime)].artifact;
  if (!file) return zip;
  const files = unzipSync(zip);
  files[file.fileName] = new TextEncoder().encode(file.source);
  return zipSync(files, { level: 6 });
}
