// The JSON-RPC 2.0 framing of MCP over Streamable HTTP, stateless: one POST carries one message;
// a request gets its response as application/json, a notification or response gets 202.
// Revisions 2025-06-18 and later (no JSON-RPC batches).
import { ServiceError } from '../errors';

/** Newest first: initialize answers the client's revision when it is one of these, else the newest. */
export const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18'] as const;
export const PROTOCOL_HEADER = 'mcp-protocol-version';

export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

export type RpcId = string | number;

export type Incoming =
  | { kind: 'request'; id: RpcId; method: string; params: Record<string, unknown> }
  | { kind: 'notification'; method: string }
  | { kind: 'response' };

/** A JSON-RPC error, worded as the service words every failure (ISSUE/ADVICE lines). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    readonly failure: ServiceError,
  ) {
    super(failure.lines().join(' '));
    this.name = 'RpcError';
  }
}

const rpcError = (code: number, issue: string, advice: string, status = 400) =>
  new RpcError(
    code,
    new ServiceError(status, code === RPC.methodNotFound ? 'method_not_found' : 'invalid_request', { issue, advice }),
  );

export const invalidParams = (issue: string, advice: string) =>
  new RpcError(RPC.invalidParams, new ServiceError(400, 'invalid_params', { issue, advice }));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is RpcId => typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v));

/** Sorts one parsed message into request, notification or response; anything else is an invalid request. */
export function classify(message: unknown): Incoming {
  if (Array.isArray(message)) {
    throw rpcError(
      RPC.invalidRequest,
      'The body is a JSON-RPC batch, which MCP 2025-06-18 and later do not use',
      'Send one JSON-RPC message per POST',
    );
  }
  if (!isObject(message) || message.jsonrpc !== '2.0') {
    throw rpcError(
      RPC.invalidRequest,
      'The body is not a JSON-RPC 2.0 message',
      'Send an object with "jsonrpc": "2.0", a "method" and, for a request, an "id"',
    );
  }
  if (typeof message.method !== 'string') {
    if ('result' in message || 'error' in message) return { kind: 'response' };
    throw rpcError(RPC.invalidRequest, 'The message has no method', 'Name the JSON-RPC method, e.g. "tools/list"');
  }
  if (message.params !== undefined && !isObject(message.params)) {
    throw rpcError(
      RPC.invalidRequest,
      'The message params are not an object',
      'Send params as a JSON object, or leave them out',
    );
  }
  if (!('id' in message)) return { kind: 'notification', method: message.method };
  if (!isId(message.id))
    throw rpcError(
      RPC.invalidRequest,
      'The request id is neither a string nor an integer',
      'Use a string or integer id',
    );
  return { kind: 'request', id: message.id, method: message.method, params: message.params ?? {} };
}

export const unknownMethod = (method: string) =>
  rpcError(
    RPC.methodNotFound,
    `This server has no method "${method}"`,
    'Use initialize, ping, tools/list or tools/call',
  );

/** The revision a client asked for, when this server speaks it; else the newest it speaks. */
export function negotiatedVersion(requested: unknown): string {
  return PROTOCOL_VERSIONS.find((v) => v === requested) ?? PROTOCOL_VERSIONS[0];
}

/** Requests after initialize name their revision in a header; one this server does not speak is a 400. */
export function checkVersionHeader(value: string | undefined): void {
  if (value === undefined || (PROTOCOL_VERSIONS as readonly string[]).includes(value)) return;
  throw rpcError(
    RPC.invalidRequest,
    `MCP protocol revision ${value} is not supported`,
    `Use one of ${PROTOCOL_VERSIONS.join(', ')}`,
  );
}

export const resultMessage = (id: RpcId, result: unknown) => ({ jsonrpc: '2.0' as const, id, result });

export function errorMessage(id: RpcId | null, code: number, failure: ServiceError, spanId: string) {
  const messages = [...failure.lines(), 'failed'];
  return {
    jsonrpc: '2.0' as const,
    id,
    error: { code, message: failure.lines().join(' '), data: { spanId, error: failure.code, messages } },
  };
}
