// POST /mcp: a stateless MCP server over Streamable HTTP. Each POST carries one JSON-RPC message;
// the server keeps no session, so any Lambda instance answers any message. Methods: initialize,
// ping, tools/list, tools/call. Tools are the hosted functions (optionally only those with a tag
// from `?tag=`) and the account's collections (search_collection, ask_collection).
import { isServiceError, methodNotAllowed, notAcceptable, toServiceError } from '../errors';
import { lookupFunction } from '../functions/invoke';
import type { FunctionRecord, FunctionRegistry } from '../functions/ports';
import { parseJsonBody } from '../wire/body';
import type { Reply } from '../http/event';
import type { ServiceRequest } from '../http/handler';
import { errorFields } from '../log';
import { callCollectionTool, collectionTools, type CollectionToolDeps } from './collection-tools';
import { callFunctionTool, functionTool, type FunctionCallDeps } from './function-tools';
import {
  checkVersionHeader,
  classify,
  errorMessage,
  invalidParams,
  negotiatedVersion,
  PROTOCOL_HEADER,
  resultMessage,
  RPC,
  RpcError,
  unknownMethod,
  type Incoming,
  type RpcId,
} from './protocol';
import { resolveToolName } from './tool-names';

export interface McpDeps extends FunctionCallDeps, CollectionToolDeps {
  registry: FunctionRegistry;
  version: string;
}

type Request = Extract<Incoming, { kind: 'request' }>;

const INSTRUCTIONS =
  'Tools of this server are hosted functions (each validates its arguments against its definition; read a tool ' +
  'error, correct the arguments and call again) and two tools over your uploaded documents: search_collection ' +
  'returns matching passages, ask_collection answers a question from them.';

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

/** Framing failures (body, content type, batch, revision header) answer with their HTTP status. */
function framingFailure(e: unknown, spanId: string): Reply {
  if (e instanceof RpcError) return jsonRpcReply(e.failure.status, errorMessage(null, e.code, e.failure, spanId));
  const failure = toServiceError(e);
  const code =
    failure.code === 'body_malformed' ? RPC.parseError : failure.status >= 500 ? RPC.internalError : RPC.invalidRequest;
  return jsonRpcReply(failure.status, errorMessage(null, code, failure, spanId));
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
    if (message.kind === 'request' && message.method !== 'initialize') checkVersionHeader(req.headers[PROTOCOL_HEADER]);
  } catch (e) {
    return framingFailure(e, req.spanId);
  }
  // Notifications (initialized, cancelled) and responses need no answer from a stateless server.
  if (message.kind !== 'request') return { status: 202 };
  try {
    return jsonRpcReply(200, resultMessage(message.id, await dispatch(message, req, deps)));
  } catch (e) {
    return methodFailure(message.id, e, req);
  }
}

/** A request the server understood but could not serve: HTTP 200 with the JSON-RPC error, 500 for our bugs. */
function methodFailure(id: RpcId, e: unknown, req: ServiceRequest): Reply {
  if (e instanceof RpcError) return jsonRpcReply(200, errorMessage(id, e.code, e.failure, req.spanId));
  const failure = toServiceError(e);
  req.log.error('mcp request failed', { code: failure.code, ...errorFields(failure.cause ?? failure) });
  return jsonRpcReply(
    failure.status >= 500 ? failure.status : 200,
    errorMessage(id, RPC.internalError, failure, req.spanId),
  );
}

async function dispatch(message: Request, req: ServiceRequest, deps: McpDeps): Promise<unknown> {
  switch (message.method) {
    case 'initialize':
      return {
        protocolVersion: negotiatedVersion(message.params.protocolVersion),
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: 'fnquery', title: 'fnquery', version: deps.version },
        instructions: INSTRUCTIONS,
      };
    case 'ping':
      return {};
    case 'tools/list': {
      const tags = requestedTags(req);
      const functions = (await deps.registry.listAll()).filter((fn) => hasTag(fn, tags));
      return { tools: [...collectionTools(), ...functions.map(functionTool)] };
    }
    case 'tools/call':
      return callTool(message.params, req, deps);
    default:
      throw unknownMethod(message.method);
  }
}

/** `?tag=a,b` (or `?tag=a&tag=b`, which API Gateway joins with commas): functions with any of them. */
const requestedTags = (req: ServiceRequest) => (req.query.tag ?? '').split(',').filter(Boolean);
const hasTag = (fn: FunctionRecord, tags: string[]) => tags.length === 0 || fn.spec.tags.some((t) => tags.includes(t));

async function callTool(params: Record<string, unknown>, req: ServiceRequest, deps: McpDeps) {
  const { name, arguments: args = {} } = params;
  if (typeof name !== 'string')
    throw invalidParams('tools/call has no tool name', 'Send params.name, one of the names tools/list returns');
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw invalidParams(`The arguments of ${name} are not an object`, 'Send params.arguments as a JSON object');
  }
  const unknownTool = () =>
    invalidParams(`There is no tool named "${name}"`, 'Call tools/list for the tools you may call');
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
    if (isServiceError(e) && e.status === 400) throw invalidParams(e.problems[0]!.issue, e.problems[0]!.advice);
    throw e;
  }
  // The tag filter bounds what this connection may call, not only what it lists.
  if (!hasTag(fn, requestedTags(req))) throw unknownTool();
  return callFunctionTool(fn, values, deps, { log: req.log, signal: req.signal });
}
