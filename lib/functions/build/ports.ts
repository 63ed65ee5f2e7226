// The ports of asynchronous deploys: a deployment record per deploy, kept while the build runs and
// after it, and the queue that hands deployments to the build worker. Adapters:
// lib/functions/build/blob-deployment-store.ts (records as objects in the service bucket) and
// lib/aws/sqs-build-queue.ts; tests use in-memory ones.

/** queued → building → ready | failed. */
export type DeploymentStatus = 'queued' | 'building' | 'ready' | 'failed';

export interface DeploymentRecord {
  /** Random, unguessable; the handle of GET /function-service/v1/deployments/{id}. */
  id: string;
  /** Account that deployed; only it reads the record. */
  owner: string;
  shortname: string;
  /** The version this deploy becomes when it is ready (another deploy of the name finishing first moves it on). */
  version: number;
  runtime: string;
  /** Where the function answers, e.g. `POST /functions/v1/weather`. */
  endpoint: string;
  status: DeploymentStatus;
  /** What the build is doing now, in a few words (e.g. "installing dependencies"). */
  step?: string;
  /** BlobStore key of the uploaded bundle; it becomes the version's code when the build succeeds. */
  codeKey: string;
  codeBytes: number;
  warnings: string[];
  /** `ISSUE: … ADVICE: …` lines of a failed build: the build's first lines, never a path of ours. */
  messages?: string[];
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
  /** When the build started and ended (epoch ms). */
  startedAt?: number;
  finishedAt?: number;
}

/**
 * Keeps deployment records while the build runs and after it.
 *
 * @example
 * ```ts
 * const record = await deploymentStore.get('dep-42');
 * if (record?.status === 'building') await deploymentStore.put({ ...record, step: 'installing dependencies' });
 * ```
 */
export interface DeploymentStore {
  get(id: string): Promise<DeploymentRecord | undefined>;
  put(record: DeploymentRecord): Promise<void>;
}

/**
 * Hands a deployment to the build worker (locally the build worker Lambda; on AWS the same, which starts CodeBuild).
 *
 * @example
 * ```ts
 * await buildQueue.send({ deploymentId: 'dep-42' });
 * ```
 */
export interface BuildQueue {
  send(message: BuildMessage): Promise<void>;
}

export interface BuildMessage {
  deploymentId: string;
}

/**
 * The build service that turns a bundle into a Lambda artifact on AWS (CodeBuild:
 * lib/aws/codebuild-builds.ts). The source zip and the artifact are objects of the service bucket.
 *
 * @example
 * ```ts
 * const id = await buildService.start({
 *   buildspec: 'version: 0.2',
 *   sourceKey: 'functions/acct/weather/source.zip',
 *   artifactKey: 'builds/dep-42.zip',
 *   environment: { FNQ_LANGUAGE_VERSION: '1.22' },
 * });
 * const state = await buildService.state(id);
 * if (state.status === 'failed') log.warn('build failed', { firstLine: state.lines[0] ?? '' });
 * ```
 */
export interface BuildService {
  /** Starts a build; resolves with its id. */
  start(request: BuildRequest): Promise<string>;
  /** Where the build is now; `failed` carries the first lines of its log. */
  state(buildId: string): Promise<BuildState>;
}

export interface BuildRequest {
  /** The family's buildspec (lib/functions/build/buildspecs/<family>.yml), as text. */
  buildspec: string;
  /** Bucket key of the source zip (under `functions/`, which the build's role may read). */
  sourceKey: string;
  /** Bucket key the artifact zip is written to (under `builds/`, which the build's role may write). */
  artifactKey: string;
  /** Variables the buildspec reads, e.g. FNQ_LANGUAGE_VERSION. */
  environment: Record<string, string>;
}

export type BuildState =
  | { status: 'running'; phase?: string }
  | { status: 'succeeded' }
  | { status: 'failed'; phase?: string; lines: string[] };
