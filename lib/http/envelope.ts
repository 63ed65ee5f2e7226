// Error → response envelope (docs/decisions.md). Query endpoints keep the query response shape;
// every other route answers {spanId, error, messages}, except MCP's, whose every failure is a
// JSON-RPC error message carrying that same envelope as its `data`. All end messages with "failed".
import type { ServiceError } from '../errors';
import type { Reply } from './event';

export type EnvelopeKind = 'plain' | 'query' | 'jsonrpc';

/** JSON-RPC 2.0's own error codes. */
export const JSON_RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

export type JsonRpcId = string | number;

/** The JSON-RPC code of a failure that has none of its own: unparsable, our fault, or a bad request. */
export const jsonRpcCodeOf = (error: ServiceError) =>
  error.code === 'body_malformed'
    ? JSON_RPC.parseError
    : error.status >= 500
      ? JSON_RPC.internalError
      : JSON_RPC.invalidRequest;

/** A JSON-RPC error message in the service's words: ISSUE/ADVICE text, the usual envelope as `data`. */
export function jsonRpcError(
  id: JsonRpcId | null,
  code: number,
  error: ServiceError,
  spanId: string,
  data: Record<string, unknown> = {},
) {
  const messages = [...error.lines(), 'failed'];
  return {
    jsonrpc: '2.0' as const,
    id,
    error: { code, message: error.lines().join(' '), data: { ...data, spanId, error: error.code, messages } },
  };
}

export function errorReply(
  error: ServiceError,
  kind: EnvelopeKind,
  spanId: string,
  query: string,
  rpcId: JsonRpcId | null = null,
): Reply {
  const messages = [...error.lines(), 'failed'];
  const body =
    kind === 'jsonrpc'
      ? jsonRpcError(rpcId, jsonRpcCodeOf(error), error, spanId)
      : kind === 'query'
        ? { answer: '', query, spanId, messages }
        : { spanId, error: error.code, messages };
  return { status: error.status, body, headers: { ...error.headers } };
}

/** Adds spanId to JSON object bodies that do not carry one (arrays, files and 204s stay as they are). */
export function withSpanId(reply: Reply, spanId: string): Reply {
  const b = reply.body;
  if (b && typeof b === 'object' && !Array.isArray(b) && !Buffer.isBuffer(b) && !('spanId' in b)) {
    return { ...reply, body: { ...(b as object), spanId } };
  }
  return reply;
}
