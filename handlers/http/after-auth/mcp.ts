// POST /mcp's dependencies (the function registry and invoker, the collections, the engine, deploys and
// uploads), wired on the first request past auth.
import type { McpDeps } from '../../../lib/mcp/server';
import { config } from '../../../lib/services/core';
import { functionInvoker, functionRegistry, submitDeps } from '../../../lib/services/functions';
import { intakeDeps } from '../../../lib/services/ingest';
import { queryModel } from '../../../lib/services/query';
import { vectordbDeps } from '../../../lib/services/retrieval';

export const wiredMcpDeps = (): McpDeps => ({
  registry: functionRegistry(),
  invoker: functionInvoker(),
  timeoutMs: config().functions.timeoutMs,
  retrieval: vectordbDeps(),
  queryModel,
  version: config().version,
  jobs: { submit: submitDeps(), intake: intakeDeps() },
});
