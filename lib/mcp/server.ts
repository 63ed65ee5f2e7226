// POST /mcp: a stateless MCP server over Streamable HTTP. Each POST carries one JSON-RPC message;
// the server keeps no session, so any Lambda instance answers any message. Two eras side by side,
// chosen per request (revisions.ts): the legacy revisions (initialize, ping, tools/list,
// tools/call) and 2026-07-28 (server/discover, tools/list, tools/call; `_meta` and routing headers
// on every request, `resultType` on every result). Tools are the hosted functions (optionally only
// those with a tag from `?tag=`) and the account's collections (search_collection, ask_collection).
import { isServiceError, methodNotAllowed, notAcceptable, toServiceError } from '../errors';
import { lookupFunction } from '../functions/invoke';
import type { FunctionRecord, FunctionRegistry } from '../functions/ports';
import { jsonRpcCodeOf, jsonRpcError } from '../http/envelope';
import { parseJsonBody } from '../wire/body';
import type { Reply } from '../http/event';
import type { ServiceRequest } from '../http/handler';
import { errorFields } from '../log';
import { callCollectionTool, collectionTools, type CollectionToolDeps } from './collection-tools';
import { callFunctionTool, functionTool, type FunctionCallDeps } from './function-tools';
import {
  classify,
  errorMessage,
  invalidParams,
  negotiatedVersion,
  PROTOCOL_VERSIONS,
  resultMessage,
  RPC,
  RpcError,
  unknownMethod,
  type Incoming,
  type RpcId,
} from './protocol';
import { checkLegacyHeader, checkModernRequest, eraOf, META, type Era } from './revisions';
import { resolveToolName } from './tool-names';

export interface McpDeps extends FunctionCallDeps, CollectionToolDeps {
  registry: FunctionRegistry;
  version: string;
  /** The route's query-string check (the `?tag=` filter), run by the methods the filter applies to. */
  checkQuery?: (query: Record<string, string | undefined>) => void;
}

type Request = Extract<Incoming, { kind: 'request' }>;

const INSTRUCTIONS =
  'Tools of this server are hosted functions (each validates its arguments against its definition; read a tool ' +
  'error, correct the arguments and call again) and two tools over your uploaded documents: search_collection ' +
  'returns matching passages, ask_collection answers a question from them.';

const LEGACY_METHODS = ['initialize', 'ping', 'tools/list', 'tools/call'];
const MODERN_METHODS = ['server/discover', 'tools/list', 'tools/call'];

/**
 * Freshness hints of 2026-07-28's cacheable results. The tool list is the same for every account
 * (the catalog shows it publicly), so shared caches may keep it; a minute bounds how late a client
 * sees a new deploy. What the server speaks changes only with a release of the service.
 */
export const TOOLS_TTL_MS = 60_000;
export const DISCOVER_TTL_MS = 3_600_000;

/** Bytes, so the JSON-RPC message goes out exactly as built (the span id stays in the x-span-id header). */
const jsonRpcReply = (status: number, message: object): Reply => ({
  status,
  body: Buffer.from(JSON.stringify(message)),
  headers: { 'content-type': 'application/json' },
});

/** This server answers JSON only; a client that accepts neither JSON nor anything gets 406. */
function checkAccept(accept: string | undefined): void {
  if (!accept || /(^|,)\s*(application\/json|application\/\*|\*\/\*)\s*(;|,|$)/i.test(accept)) return;
  throw notAcceptable(
    `The request accepts only "${accept}"`,
    'Accept application/json (and text/event-stream, as MCP clients send)',
  );
}

/** Framing failures (body, content type, batch) answer with their HTTP status and the request's id when known. */
function framingFailure(e: unknown, id: RpcId | null, spanId: string): Reply {
  if (e instanceof RpcError) return jsonRpcReply(e.failure.status, errorMessage(id, e, spanId));
  const failure = toServiceError(e);
  return jsonRpcReply(failure.status, jsonRpcError(id, jsonRpcCodeOf(failure), failure, spanId));
}

export async function handleMcp(req: ServiceRequest, deps: McpDeps): Promise<Reply> {
  if (req.method !== 'POST') {
    throw methodNotAllowed(
      `This stateless MCP server takes POST only, not ${req.method}`,
      'POST one JSON-RPC message per request; there is no event stream to GET',
      'method_not_allowed',
      { headers: { allow: 'POST' } },
    );
  }
  let message: Incoming;
  try {
    checkAccept(req.headers.accept);
    message = classify(parseJsonBody(req));
  } catch (e) {
    return framingFailure(e, null, req.spanId);
  }
  // Notifications (initialized, cancelled) and responses need no answer from a stateless server.
  if (message.kind !== 'request') return { status: 202 };
  const era = eraOf(message, req.headers);
  try {
    if (era === 'modern') checkModernRequest(message, req.headers);
    else if (message.method !== 'initialize') checkLegacyHeader(req.headers);
  } catch (e) {
    return framingFailure(e, message.id, req.spanId);
  }
  try {
    const result = await dispatch(message, era, req, deps);
    return jsonRpcReply(200, resultMessage(message.id, era === 'modern' ? complete(result, deps) : result));
  } catch (e) {
    return methodFailure(message.id, e, req);
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

async function dispatch(message: Request, era: Era, req: ServiceRequest, deps: McpDeps): Promise<object> {
  const modern = era === 'modern';
  switch (modern ? `modern:${message.method}` : message.method) {
    case 'initialize':
      return {
        protocolVersion: negotiatedVersion(message.params.protocolVersion),
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: 'fnquery', title: 'fnquery', version: deps.version },
        instructions: INSTRUCTIONS,
      };
    case 'modern:server/discover':
      return {
        supportedVersions: PROTOCOL_VERSIONS,
        capabilities: { tools: { listChanged: false } },
        instructions: INSTRUCTIONS,
        ttlMs: DISCOVER_TTL_MS,
        cacheScope: 'public',
      };
    case 'ping':
      return {};
    case 'tools/list':
    case 'modern:tools/list': {
      const tags = requestedTags(req, deps);
      const functions = (await deps.registry.listAll()).filter((fn) => hasTag(fn, tags));
      const tools = [...collectionTools(), ...functions.map(functionTool)];
      return modern ? { tools, ttlMs: TOOLS_TTL_MS, cacheScope: 'public' } : { tools };
    }
    case 'tools/call':
    case 'modern:tools/call':
      return callTool(message.params, req, deps, modern);
    default:
      throw modern ? unknownMethod(message.method, MODERN_METHODS, 404) : unknownMethod(message.method, LEGACY_METHODS);
  }
}

/**
 * `?tag=a,b` (or `?tag=a&tag=b`, which API Gateway joins with commas): functions with any of them.
 * A malformed filter is the request's invalid parameter, answered 400 like the revisions' other refusals.
 */
function requestedTags(req: ServiceRequest, deps: McpDeps): string[] {
  try {
    deps.checkQuery?.(req.query);
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
  const tags = requestedTags(req, deps);
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
