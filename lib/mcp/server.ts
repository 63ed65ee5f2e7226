// POST /mcp: a stateless MCP server over Streamable HTTP. Each POST carries one JSON-RPC message;
// the server keeps no session, so any Lambda instance answers any message. Two eras side by side,
// chosen per request (revisions.ts): the legacy revisions (initialize, ping, tools/list,
// tools/call) and 2026-07-28 (server/discover, tools/list, tools/call; `_meta` and routing headers
// on every request, `resultType` on every result). Tools are the hosted functions (optionally only
// those with a tag from `?tag=`), the account's collections (search_collection, ask_collection), and
// two tools that start work (fnq_deploy_function, fnq_upload_document) which clients with MCP tasks
// follow as tasks (tasks.ts): 2025-11-25's experimental tasks and 2026-07-28's Tasks extension.
import { isServiceError, toServiceError } from '../errors';
import { lookupFunction } from '../functions/lookup';
import type { FunctionRecord, FunctionRegistry } from '../functions/ports';
import { jsonRpcCodeOf, jsonRpcError } from '../http/envelope';
import type { Reply } from '../http/event';
import type { ServiceRequest } from '../http/handler';
import { errorFields } from '../log';
import { callCollectionTool, collectionTools, type CollectionToolDeps } from './collection-tools';
import { callFunctionTool, functionTool, type FunctionCallDeps } from './function-tools';
import { isJobTool, jobTools, startJob, type JobToolDeps } from './job-tools';
import {
  errorMessage,
  invalidParams,
  negotiatedVersion,
  isObject,
  PROTOCOL_VERSIONS,
  resultMessage,
  RPC,
  RpcError,
  rpcError,
  unknownMethod,
  type RpcId,
} from './protocol';
import { jsonRpcReply, type McpRequest } from './framing';
import { META, type Era } from './revisions';
import {
  legacyTask,
  modernTask,
  plainStartResult,
  POLL_INTERVAL_MS,
  readTask,
  RELATED_TASK,
  TASKS_EXTENSION,
  taskIdOf,
  type TaskState,
} from './tasks';
import { resolveToolName } from './tool-names';

export interface McpDeps extends FunctionCallDeps, CollectionToolDeps {
  registry: FunctionRegistry;
  version: string;
  /** Deploys and uploads, through the REST routes' own service code. */
  jobs: JobToolDeps;
  /** How long 2025-11-25's tasks/result waits for a task to end before it answers "still working". */
  taskResultWaitMs?: number;
  /** The route's query-string check (the `?tag=` filter), run by the methods the filter applies to. */
  checkQuery?: (query: Record<string, string | undefined>) => void | Promise<void>;
}

const INSTRUCTIONS =
  'Tools of this server are hosted functions (each validates its arguments against its definition; read a tool ' +
  'error, correct the arguments and call again) and two tools over your uploaded documents: search_collection ' +
  'returns matching passages, ask_collection answers a question from them. fnq_deploy_function and ' +
  'fnq_upload_document start work that continues after the call (a task, when the client supports tasks).';

const LEGACY_METHODS = ['initialize', 'ping', 'tools/list', 'tools/call', 'tasks/get', 'tasks/result'];
const MODERN_METHODS = ['server/discover', 'tools/list', 'tools/call', 'tasks/get', 'tasks/update', 'tasks/cancel'];

/** The one revision of the handshake era with (experimental) tasks. */
const LEGACY_TASKS_VERSION = '2025-11-25';
/** Inside API Gateway's 29 s, with room for the reads. */
const TASK_RESULT_WAIT_MS = 20_000;

/**
 * Freshness hints of 2026-07-28's cacheable results. The tool list is the same for every account
 * (the catalog shows it publicly), so shared caches may keep it; a minute bounds how late a client
 * sees a new deploy. What the server speaks changes only with a release of the service.
 */
export const TOOLS_TTL_MS = 60_000;
export const DISCOVER_TTL_MS = 3_600_000;

/**
 * A request framed by the route's edge (framing.ts), answered: its method's result, or its JSON-RPC
 * error. The edge frames first, so a malformed request never loads this module.
 */
export async function serveMcp(
  { request, era }: { request: McpRequest; era: Era },
  req: ServiceRequest,
  deps: McpDeps,
): Promise<Reply> {
  try {
    const result = await dispatch(request, era, req, deps);
    return jsonRpcReply(200, resultMessage(request.id, era === 'modern' ? complete(result, deps) : result));
  } catch (e) {
    return methodFailure(request.id, e, req);
  }
}

/** 2026-07-28's result fields: its type, and who answered (there is no handshake that said so). */
const complete = (result: object, deps: McpDeps) => ({
  resultType: 'complete',
  ...result,
  _meta: { [META.serverInfo]: { name: 'fnquery', version: deps.version } },
});

/** A request the server understood but could not serve: the JSON-RPC error with its status, 500 for our bugs. */
function methodFailure(id: RpcId, e: unknown, req: ServiceRequest): Reply {
  if (e instanceof RpcError) return jsonRpcReply(e.failure.status, errorMessage(id, e, req.spanId));
  const failure = toServiceError(e);
  req.log.error('mcp request failed', { code: failure.code, ...errorFields(failure.cause ?? failure) });
  return jsonRpcReply(
    failure.status >= 500 ? failure.status : 200,
    jsonRpcError(id, jsonRpcCodeOf(failure), failure, req.spanId),
  );
}

async function dispatch(message: McpRequest, era: Era, req: ServiceRequest, deps: McpDeps): Promise<object> {
  const modern = era === 'modern';
  switch (modern ? `modern:${message.method}` : message.method) {
    case 'initialize': {
      const protocolVersion = negotiatedVersion(message.params.protocolVersion);
      return {
        protocolVersion,
        capabilities: {
          tools: { listChanged: false },
          // Only tools/call makes tasks; no tasks/list (tasks are records, not a list kept here), no tasks/cancel
          // (a build or an embedding, once queued, runs to its end).
          ...(protocolVersion === LEGACY_TASKS_VERSION && { tasks: { requests: { tools: { call: {} } } } }),
        },
        serverInfo: { name: 'fnquery', title: 'fnquery', version: deps.version },
        instructions: INSTRUCTIONS,
      };
    }
    case 'modern:server/discover':
      return {
        supportedVersions: PROTOCOL_VERSIONS,
        capabilities: { tools: { listChanged: false }, extensions: { [TASKS_EXTENSION]: {} } },
        instructions: INSTRUCTIONS,
        ttlMs: DISCOVER_TTL_MS,
        cacheScope: 'public',
      };
    case 'ping':
      return {};
    case 'tools/list':
    case 'modern:tools/list': {
      const tags = await requestedTags(req, deps);
      const functions = (await deps.registry.listAll()).filter((fn) => hasTag(fn, tags));
      const tools = [...collectionTools(), ...jobTools(), ...functions.map(functionTool)];
      return modern ? { tools, ttlMs: TOOLS_TTL_MS, cacheScope: 'public' } : { tools };
    }
    case 'tools/call':
    case 'modern:tools/call':
      return callTool(message.params, req, deps, modern);
    case 'tasks/get':
      return legacyTask(await readTask(taskDeps(deps), req.principal.account, message.params.taskId));
    case 'tasks/result':
      return taskResult(message.params.taskId, req, deps);
    case 'modern:tasks/get': {
      requireTasksExtension(message.params);
      const task = modernTask(await readTask(taskDeps(deps), req.principal.account, message.params.taskId));
      return task;
    }
    case 'modern:tasks/update':
    case 'modern:tasks/cancel':
      // No task of this server asks for input, and queued work runs to its end: an acknowledgement
      // (what the extension requires) of a task the caller owns.
      requireTasksExtension(message.params);
      await readTask(taskDeps(deps), req.principal.account, message.params.taskId);
      return {};
    default:
      throw modern ? unknownMethod(message.method, MODERN_METHODS, 404) : unknownMethod(message.method, LEGACY_METHODS);
  }
}

/**
 * `?tag=a,b` (or `?tag=a&tag=b`, which API Gateway joins with commas): functions with any of them.
 * A malformed filter is the request's invalid parameter, answered 400 like the revisions' other refusals.
 */
async function requestedTags(req: ServiceRequest, deps: McpDeps): Promise<string[]> {
  try {
    // Awaited: the check compiles its schema on first use, and a rejection left behind would end the process.
    await deps.checkQuery?.(req.query);
  } catch (e) {
    if (isServiceError(e) && e.status === 400) throw new RpcError(RPC.invalidParams, e);
    throw e;
  }
  return (req.query.tag ?? '').split(',').filter(Boolean);
}
const hasTag = (fn: FunctionRecord, tags: string[]) => tags.length === 0 || fn.spec.tags.some((t) => tags.includes(t));

async function callTool(params: Record<string, unknown>, req: ServiceRequest, deps: McpDeps, modern: boolean) {
  // A malformed call is a 400 in 2026-07-28 (its client reads the error from that body), a 200 before.
  const status = modern ? 400 : 200;
  // The tag filter bounds what this connection may call, not only what it lists.
  const tags = await requestedTags(req, deps);
  const { name, arguments: args = {} } = params;
  if (typeof name !== 'string')
    throw invalidParams('tools/call has no tool name', 'Send params.name, one of the names tools/list returns', status);
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw invalidParams(`The arguments of ${name} are not an object`, 'Send params.arguments as a JSON object', status);
  }
  const unknownTool = () =>
    invalidParams(`There is no tool named "${name}"`, 'Call tools/list for the tools you may call', 200);
  const target = resolveToolName(name);
  if (!target) throw unknownTool();
  const values = args as Record<string, unknown>;
  if (target.kind === 'builtin' && isJobTool(target.name))
    return callJobTool(target.name, params, values, req, deps, modern);
  // 2025-11-25: a client that asks for a task of a tool without task support would wait for a task that never comes.
  if (!modern && isObject(params.task)) {
    throw rpcError(
      RPC.methodNotFound,
      `The tool ${name} does not run as a task`,
      'Call it without params.task; only fnq_deploy_function and fnq_upload_document run as tasks',
      200,
    );
  }
  if (target.kind === 'builtin')
    return callCollectionTool(target.name, values, deps, {
      account: req.principal.account,
      signal: req.signal,
      usage: req.usage,
    });

  let fn: FunctionRecord;
  try {
    fn = await lookupFunction(deps.registry, target.shortname);
  } catch (e) {
    if (isServiceError(e) && e.status === 404) throw unknownTool();
    // A name no function could have (e.g. too long to look up) is the client's invalid parameter.
    if (isServiceError(e) && e.status === 400) throw invalidParams(e.problems[0]!.issue, e.problems[0]!.advice, status);
    throw e;
  }
  if (!hasTag(fn, tags)) throw unknownTool();
  return callFunctionTool(fn, values, deps, { log: req.log, signal: req.signal });
}

const taskDeps = (deps: McpDeps) => ({
  deployments: deps.jobs.submit.deployments,
  statuses: deps.jobs.intake.statuses,
});

/** Whether this 2026-07-28 request declares the Tasks extension in its per-request capabilities. */
function declaresTasks(params: Record<string, unknown>): boolean {
  const meta = params._meta;
  const capabilities = isObject(meta) ? meta[META.clientCapabilities] : undefined;
  const extensions = isObject(capabilities) ? capabilities.extensions : undefined;
  return isObject(extensions) && isObject(extensions[TASKS_EXTENSION]);
}

function requireTasksExtension(params: Record<string, unknown>): void {
  if (declaresTasks(params)) return;
  throw rpcError(
    RPC.missingRequiredClientCapability,
    `tasks methods need the ${TASKS_EXTENSION} extension in the request's client capabilities`,
    `Send params._meta["${META.clientCapabilities}"].extensions["${TASKS_EXTENSION}"] = {}`,
    400,
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
  );
}

/**
 * A deploy or upload: a task when the client can follow one (2026-07-28: the extension declared on
 * this request; 2025-11-25: a `task` parameter), else the record as created with where to poll it.
 */
async function callJobTool(
  name: string,
  params: Record<string, unknown>,
  args: Record<string, unknown>,
  req: ServiceRequest,
  deps: McpDeps,
  modern: boolean,
) {
  const outcome = await startJob(name, args, deps.jobs, { who: req.principal, log: req.log });
  if ('failed' in outcome) return outcome.failed;
  const asTask = modern ? declaresTasks(params) : isObject(params.task);
  if (!asTask) return plainStartResult(outcome.started, outcome.view);
  // Read back through the task reader, so the id answers tasks/get before the client has it.
  const task: TaskState = await readTask(taskDeps(deps), req.principal.account, taskIdOf(outcome.started));
  if (modern) {
    const { result: _result, ...created } = modernTask(task);
    return { ...created, resultType: 'task' };
  }
  return { task: legacyTask(task) };
}

/** 2025-11-25's tasks/result: the tool's result once the task has ended, waiting a while for it. */
async function taskResult(taskId: unknown, req: ServiceRequest, deps: McpDeps) {
  const deadline = Date.now() + (deps.taskResultWaitMs ?? TASK_RESULT_WAIT_MS);
  for (;;) {
    const task = await readTask(taskDeps(deps), req.principal.account, taskId);
    if (task.result) return { ...task.result, _meta: { [RELATED_TASK]: { taskId: task.taskId } } };
    const left = deadline - Date.now();
    if (left <= 0 || req.signal?.aborted) {
      throw invalidParams(
        `Task ${task.taskId} is still working (${task.statusMessage})`,
        'Poll tasks/get until its status is completed, then call tasks/result',
        200,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_INTERVAL_MS, left)));
  }
}
