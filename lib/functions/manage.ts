// List, delete and read the logs of one's own functions: the management side of function hosting
// (docs/decisions.md). Deploying is deploy.ts.
import { ServiceError, badRequest } from '../errors';
import type { BlobStore } from '../storage/ports';
import type { Logger } from '../log';
import { functionPath } from '../spec/rules';
import { runtimeInfo } from '../spec/runtimes';
import { functionNotFound } from './lookup';
import type { FunctionInvoker, FunctionRecord, FunctionRegistry } from './ports';

export interface HostingDeps {
  registry: FunctionRegistry;
  blobs: BlobStore;
  invoker: FunctionInvoker;
  log: Logger;
  now?: () => number;
}

export async function deleteFunction(deps: HostingDeps, owner: string, shortname: string): Promise<FunctionRecord> {
  // Another account's function is indistinguishable from one that does not exist.
  const removed = await deps.registry.remove(shortname, owner);
  if (!removed) throw functionNotFound(shortname);
  await deps.blobs.delete(removed.codeKey);
  await deps.invoker.remove(removed);
  return removed;
}

/** Lines returned by the logs route when the caller names no `limit`, and the most it may name. */
export const LOG_LINES_DEFAULT = 200;
export const LOG_LINES_MAX = 1000;

/** The newest lines the owner's function printed; another account's function is a 404. */
export async function functionLogs(
  deps: Pick<HostingDeps, 'registry' | 'invoker'>,
  owner: string,
  shortname: string,
  limitText?: string,
) {
  const fn = await deps.registry.get(shortname);
  if (!fn || fn.owner !== owner) throw functionNotFound(shortname);
  const limit = limitText === undefined ? LOG_LINES_DEFAULT : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > LOG_LINES_MAX) {
    throw badRequest(
      `/query/limit: must be a whole number from 1 to ${LOG_LINES_MAX}`,
      `Send limit=${LOG_LINES_DEFAULT}, or leave it out`,
      'request_invalid',
    );
  }
  const lines = await deps.invoker.logs(fn, limit);
  if (!lines) {
    throw new ServiceError(501, 'function_logs_elsewhere', {
      issue: `Functions running on AWS Lambda write their output to CloudWatch Logs, not to this service`,
      advice: `Read the log group /aws/lambda/ of the function's Lambda in CloudWatch (docs/functions.md)`,
    });
  }
  return { shortname: fn.shortname, version: fn.version, lines };
}

/** What the management routes show of a function. */
export function functionView(r: FunctionRecord) {
  return {
    shortname: r.shortname,
    name: r.spec.name,
    description: r.spec.description,
    runtime: r.runtime,
    lambdaRuntime: runtimeInfo(r.runtime)?.lambdaRuntime,
    version: r.version,
    endpoint: `${r.spec.requirements.requestType} ${functionPath(r.shortname)}`,
    codeBytes: r.codeBytes,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}
