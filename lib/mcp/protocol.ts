// The JSON-RPC 2.0 framing of MCP over Streamable HTTP, stateless: one POST carries one message;
// a request gets its response as application/json, a notification or response gets 202.
// Two eras on one endpoint (revisions.ts decides per request): the legacy revisions, opened by an
// `initialize` handshake, and the stateless 2026-07-28, whose every request names its revision in
// `_meta`. Neither uses JSON-RPC batches.
import { ServiceError } from '../errors';
import { JSON_RPC, jsonRpcError, type JsonRpcId } from '../http/envelope';

/** Revisions opened by `initialize`, newest first; initialize answers the client's when listed, else the first. */
export const LEGACY_VERSIONS = ['2025-11-25', '2025-06-18'] as const;
/** Stateless revisions: version and client capabilities in every request's `_meta`. */
export const MODERN_VERSIONS = ['2026-07-28'] as const;
/** Every revision this server speaks, newest first, as `server/discover` and version errors list them. */
export const PROTOCOL_VERSIONS: readonly string[] = [...MODERN_VERSIONS, ...LEGACY_VERSIONS];

export const PROTOCOL_HEADER = 'mcp-protocol-version';

/** JSON-RPC's codes and the ones MCP 2026-07-28 defines in its reserved range. */
export const RPC = {
  ...JSON_RPC,
  headerMismatch: -32020,
  missingRequiredClientCapability: -32021,
  unsupportedProtocolVersion: -32022,
} as const;

export type RpcId = JsonRpcId;

export type Incoming =
  | { kind: 'request'; id: RpcId; method: string; params: Record<string, unknown> }
  | { kind: 'notification'; method: string }
  | { kind: 'response' };

/** A JSON-RPC error, worded as the service words every failure (ISSUE/ADVICE lines). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    readonly failure: ServiceError,
    /** Fields the revision defines for this code (e.g. `supported` and `requested` versions). */
    readonly data: Record<string, unknown> = {},
  ) {
    super(failure.lines().join(' '));
    this.name = 'RpcError';
  }
}

const ERROR_NAMES: Record<number, string> = {
  [RPC.parseError]: 'body_malformed',
  [RPC.invalidRequest]: 'invalid_request',
  [RPC.methodNotFound]: 'method_not_found',
  [RPC.invalidParams]: 'invalid_params',
  [RPC.headerMismatch]: 'header_mismatch',
  [RPC.missingRequiredClientCapability]: 'missing_client_capability',
  [RPC.unsupportedProtocolVersion]: 'unsupported_protocol_version',
};

/** An RpcError answered with HTTP `status` (2026-07-28 fixes 400 or 404 for some; 200 is the default). */
export const rpcError = (
  code: number,
  issue: string,
  advice: string,
  status = 400,
  data: Record<string, unknown> = {},
) => new RpcError(code, new ServiceError(status, ERROR_NAMES[code] ?? 'invalid_request', { issue, advice }), data);

export const invalidParams = (issue: string, advice: string, status = 400) =>
  rpcError(RPC.invalidParams, issue, advice, status);

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
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

/** An unknown method: 200 for the legacy revisions, 404 for 2026-07-28 (so clients can tell it from a missing endpoint). */
export const unknownMethod = (method: string, methods: readonly string[], status = 200) =>
  rpcError(RPC.methodNotFound, `This server has no method "${method}"`, `Use ${methods.join(', ')}`, status);

/** The revision a client asked for, when this server speaks it; else the newest legacy one it speaks. */
export function negotiatedVersion(requested: unknown): string {
  return LEGACY_VERSIONS.find((v) => v === requested) ?? LEGACY_VERSIONS[0];
}

/** A revision this server does not speak: 400 with the ones it does, which a client can retry with. */
export const unsupportedVersion = (requested: unknown) =>
  rpcError(
    RPC.unsupportedProtocolVersion,
    `MCP protocol revision ${JSON.stringify(requested)} is not supported`,
    `Use one of ${PROTOCOL_VERSIONS.join(', ')}`,
    400,
    { supported: PROTOCOL_VERSIONS, requested },
  );

export const resultMessage = (id: RpcId, result: unknown) => ({ jsonrpc: '2.0' as const, id, result });

export const errorMessage = (id: RpcId | null, e: RpcError, spanId: string) =>
  jsonRpcError(id, e.code, e.failure, spanId, e.data);
