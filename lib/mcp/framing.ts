// What POST /mcp checks of a request before any method runs: the HTTP method, Accept, the body as one
// JSON-RPC 2.0 message, and the headers its revision requires. It needs neither the server nor its
// dependencies, so the route's edge (handlers/http/mcp.ts) answers a malformed request from here before it
// loads them, and the server (server.ts) frames every request through the same function: one definition of
// these answers, so the edge and the server cannot answer a bad request differently.
import { methodNotAllowed, notAcceptable, toServiceError } from '../errors';
import { jsonRpcCodeOf, jsonRpcError } from '../http/envelope';
import type { Reply } from '../http/event';
import type { HttpRequest } from '../wire/request';
import { parseJsonBody } from '../wire/body';
import { classify, errorMessage, RpcError, type Incoming, type RpcId } from './protocol';
import { checkLegacyHeader, checkModernRequest, eraOf, type Era } from './revisions';

export type McpRequest = Extract<Incoming, { kind: 'request' }>;

/** A request to serve, in its era, or the reply that ends it here (a framing failure, or 202 for a notification). */
export type Framed = { request: McpRequest; era: Era } | { reply: Reply };

/** Bytes, so the JSON-RPC message goes out exactly as built (the span id stays in the x-span-id header). */
export const jsonRpcReply = (status: number, message: object): Reply => ({
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

/**
 * The request to serve, or the reply that ends it. A method other than POST throws the 405 (the route's
 * error envelope words it, with its Allow header).
 */
export function frameMcpRequest(req: HttpRequest & { spanId: string }): Framed {
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
    return { reply: framingFailure(e, null, req.spanId) };
  }
  // Notifications (initialized, cancelled) and responses need no answer from a stateless server.
  if (message.kind !== 'request') return { reply: { status: 202 } };
  const era = eraOf(message, req.headers);
  try {
    if (era === 'modern') checkModernRequest(message, req.headers);
    else if (message.method !== 'initialize') checkLegacyHeader(req.headers);
  } catch (e) {
    return { reply: framingFailure(e, message.id, req.spanId) };
  }
  return { request: message, era };
}
