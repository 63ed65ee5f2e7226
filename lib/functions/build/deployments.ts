// Asynchronous deploys. Submitting checks the bundle (everything that needs no build), stores it,
// writes a `queued` deployment record and hands its id to the build queue: the HTTP request ends
// there, with a 202. The build worker then runs the deploy (build, register, serve) and settles the
// record `ready` or `failed`. The version in service keeps answering until the new one is ready,
// and a failed build leaves it in service (deployFunction builds before it registers).
import { randomUUID } from 'node:crypto';
import { notFound, ServiceError, toServiceError } from '../../errors';
import { errorFields } from '../../log';
import { functionPath } from '../../spec/rules';
import { runtimeInfo } from '../../spec/runtimes';
import { BUNDLE_MAX_BYTES } from '../bundle';
import { checkBundle, deployFunction, newCodeKey, runtimeWarnings } from '../deploy';
import type { HostingDeps } from '../manage';
import type { BuildQueue, DeploymentRecord, DeploymentStore } from './ports';
import { deploymentEvent } from '../../webhooks/events';
import type { EventSink } from '../../webhooks/ports';

export interface SubmitDeps extends Pick<HostingDeps, 'registry' | 'blobs' | 'log' | 'now'> {
  deployments: DeploymentStore;
  queue: BuildQueue;
}

export interface BuildDeps extends HostingDeps {
  deployments: DeploymentStore;
  /** Webhooks: told when a deployment becomes ready or fails (lib/webhooks). */
  events?: EventSink;
}

export const deploymentPath = (id: string) => `/function-service/v1/deployments/${id}`;

export const deploymentNotFound = (id: string) =>
  notFound(
    `No deployment with id "${id}" was found`,
    'Use the id that POST /function-service/v1/functions answered with (fnq deploy prints it)',
    'deployment_not_found',
  );

export async function submitDeployment(deps: SubmitDeps, owner: string, zip: Uint8Array): Promise<DeploymentRecord> {
  const { spec, current } = await checkBundle(deps, owner, zip);
  const now = (deps.now ?? Date.now)();
  const version = (current?.version ?? 0) + 1;
  const record: DeploymentRecord = {
    id: randomUUID(),
    owner,
    shortname: spec.shortname,
    version,
    runtime: spec.runtime,
    endpoint: `${spec.requirements.requestType} ${functionPath(spec.shortname)}`,
    status: 'queued',
    codeKey: newCodeKey(spec.shortname, version),
    codeBytes: zip.length,
    warnings: runtimeWarnings(spec.runtime),
    createdAt: now,
    updatedAt: now,
  };
  await deps.blobs.put(record.codeKey, zip);
  await deps.deployments.put(record);
  try {
    await deps.queue.send({ deploymentId: record.id });
  } catch (e) {
    deps.log.error('deployment not queued', { deploymentId: record.id, ...errorFields(e) });
    const problem = {
      issue: 'The deployment could not be handed to the build worker',
      advice: 'Deploy again in a minute; if it keeps failing, tell the operator',
    };
    await settle(deps, record, 'failed', { messages: [new ServiceError(503, 'build_queue', problem).lines()[0]!] });
    throw new ServiceError(503, 'build_queue_unavailable', problem);
  }
  return record;
}

/** The caller's deployment; another account's is indistinguishable from none. */
export async function readDeployment(
  deps: { deployments: DeploymentStore },
  owner: string,
  id: string,
): Promise<DeploymentRecord> {
  const record = await deps.deployments.get(id);
  if (!record || record.owner !== owner) throw deploymentNotFound(id);
  return record;
}

async function settle(
  deps: { deployments: DeploymentStore; events?: EventSink; now?: () => number },
  record: DeploymentRecord,
  status: DeploymentRecord['status'],
  change: Partial<DeploymentRecord> = {},
): Promise<DeploymentRecord> {
  const now = (deps.now ?? Date.now)();
  const next: DeploymentRecord = {
    ...record,
    ...change,
    status,
    updatedAt: now,
    ...(status === 'building' && { startedAt: now }),
    ...((status === 'ready' || status === 'failed') && { finishedAt: now, step: undefined }),
  };
  await deps.deployments.put(next);
  if (next.finishedAt !== undefined) await deps.events?.publish(deploymentEvent(next));
  return next;
}

/**
 * Runs one queued deployment to `ready` or `failed`. A redelivered message of a settled deployment
 * does nothing; one whose worker died mid-build builds again (builds are repeatable).
 * Throws only when the record itself cannot be read or written (the message is then delivered again).
 */
export async function runDeployment(deps: BuildDeps, id: string): Promise<DeploymentRecord | undefined> {
  const queued = await deps.deployments.get(id);
  if (!queued) {
    deps.log.error('deployment record missing', { deploymentId: id });
    return undefined;
  }
  if (queued.status === 'ready' || queued.status === 'failed') return queued;
  const building = await settle(deps, queued, 'building', { step: 'building' });
  const log = deps.log.child({ deploymentId: id, function: queued.shortname });
  try {
    const zip = await deps.blobs.get(queued.codeKey, BUNDLE_MAX_BYTES);
    if (!zip)
      throw new ServiceError(410, 'bundle_gone', { issue: 'The uploaded bundle is gone', advice: 'Deploy again' });
    const result = await deployFunction({ ...deps, log }, queued.owner, zip, queued.codeKey);
    log.info('deployment ready', { version: result.record.version });
    return await settle(deps, building, 'ready', { version: result.record.version, warnings: result.warnings });
  } catch (e) {
    const failure = toServiceError(e);
    if (failure.status >= 500) log.error('deployment failed', { code: failure.code, ...errorFields(e) });
    await deps.blobs.delete(queued.codeKey).catch(() => undefined);
    const messages =
      failure.status >= 500 && failure.code === 'internal_error'
        ? [
            `ISSUE: The build stopped unexpectedly. ADVICE: Deploy again; if it fails again, give the operator the deployment id ${id}.`,
          ]
        : failure.lines();
    return await settle(deps, building, 'failed', { messages });
  }
}

/** What the deployment routes show (never the owner or the storage key). */
export function deploymentView(r: DeploymentRecord) {
  return {
    id: r.id,
    shortname: r.shortname,
    version: r.version,
    runtime: r.runtime,
    lambdaRuntime: runtimeInfo(r.runtime)?.lambdaRuntime,
    endpoint: r.endpoint,
    status: r.status,
    ...(r.step && { step: r.step }),
    warnings: r.warnings,
    ...(r.messages && { messages: r.messages }),
    codeBytes: r.codeBytes,
    location: deploymentPath(r.id),
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
    ...(r.startedAt && { startedAt: new Date(r.startedAt).toISOString() }),
    ...(r.finishedAt && { finishedAt: new Date(r.finishedAt).toISOString() }),
  };
}
