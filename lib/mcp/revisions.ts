// Which era a request speaks, and what the stateless revision (2026-07-28) asks of every request.
// Legacy: `initialize` opens it, later requests may name their revision in MCP-Protocol-Version.
// Modern: no handshake; each request carries its revision and the client's capabilities in
// `params._meta`, mirrored in the MCP-Protocol-Version, Mcp-Method and (for tools/call) Mcp-Name
// headers, which must match the body so that a gateway routing on them sees what the server runs.
import {
  invalidParams,
  isObject,
  LEGACY_VERSIONS,
  MODERN_VERSIONS,
  PROTOCOL_HEADER,
  PROTOCOL_VERSIONS,
  RPC,
  rpcError,
  unsupportedVersion,
  type Incoming,
} from './protocol';

export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

export const METHOD_HEADER = 'mcp-method';
export const NAME_HEADER = 'mcp-name';

export type Era = 'legacy' | 'modern';
type Request = Extract<Incoming, { kind: 'request' }>;
type Headers = Record<string, string | undefined>;

const speaks = (list: readonly string[], v: unknown) => typeof v === 'string' && list.includes(v);

/**
 * Modern when the request carries the per-request version, or names a revision other than a
 * legacy one in its header, or asks for `server/discover` (which only 2026-07-28 has); `initialize`
 * always opens the legacy era.
 */
export function eraOf(message: Request, headers: Headers): Era {
  if (message.method === 'initialize') return 'legacy';
  const meta = message.params._meta;
  if (isObject(meta) && META.protocolVersion in meta) return 'modern';
  const header = headers[PROTOCOL_HEADER];
  if (header !== undefined && !speaks(LEGACY_VERSIONS, header)) return 'modern';
  return message.method === 'server/discover' ? 'modern' : 'legacy';
}

/** Legacy requests after initialize may name their revision; one this server does not speak is a 400. */
export function checkLegacyHeader(headers: Headers): void {
  const header = headers[PROTOCOL_HEADER];
  if (header !== undefined && !speaks(PROTOCOL_VERSIONS, header)) throw unsupportedVersion(header);
}

/** The routing headers' rule: a value that is not plain ASCII travels as `=?base64?…?=`. */
function decodeHeader(value: string): string {
  const encoded = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(value);
  return encoded ? Buffer.from(encoded[1]!, 'base64').toString('utf8') : value;
}

/** A header value as the error text shows it: short, so a long one cannot flood the answer. */
const shown = (value: string | undefined) =>
  value === undefined ? 'missing' : value.length > 80 ? `${value.slice(0, 80)}…` : value;

const mismatch = (issue: string, advice: string) => rpcError(RPC.headerMismatch, issue, advice);

/** Everything 2026-07-28 requires of a request before it is served; each failure is a 400. */
export function checkModernRequest(message: Request, headers: Headers): void {
  const header = headers[PROTOCOL_HEADER];
  if (header !== undefined && !speaks(PROTOCOL_VERSIONS, header)) throw unsupportedVersion(header);
  const meta = message.params._meta;
  const version = isObject(meta) ? meta[META.protocolVersion] : undefined;
  if (!isObject(meta) || typeof version !== 'string') {
    throw invalidParams(
      `The request has no params._meta["${META.protocolVersion}"]`,
      `Send the revision (${MODERN_VERSIONS[0]}) and the client's capabilities in params._meta with every request, or open with initialize for ${LEGACY_VERSIONS[0]}`,
    );
  }
  if (!speaks(MODERN_VERSIONS, version)) throw unsupportedVersion(version);
  if (!isObject(meta[META.clientCapabilities])) {
    throw invalidParams(
      `The request has no params._meta["${META.clientCapabilities}"] object`,
      'Send the capabilities the client has for this request ({} when none)',
    );
  }
  if (header !== version) {
    throw mismatch(
      `The MCP-Protocol-Version header (${shown(header)}) does not match the request's revision ${version}`,
      'Send the same revision in the header and in params._meta',
    );
  }
  const method = headers[METHOD_HEADER];
  if (method !== message.method) {
    throw mismatch(
      `The Mcp-Method header (${shown(method)}) does not match the method ${message.method}`,
      'Send the JSON-RPC method in the Mcp-Method header too',
    );
  }
  const named = NAMED_BY[message.method];
  const name = named && message.params[named];
  if (typeof name === 'string') {
    const sent = headers[NAME_HEADER];
    if (sent === undefined || decodeHeader(sent) !== name) {
      throw mismatch(
        `The Mcp-Name header (${shown(sent)}) does not match params.${named}`,
        `Send params.${named} in the Mcp-Name header too (as =?base64?…?= when it is not plain ASCII)`,
      );
    }
  }
}

/** The parameter a method's Mcp-Name header repeats: the tool's name, or (Tasks extension) the task's id. */
const NAMED_BY: Record<string, string | undefined> = {
  'tools/call': 'name',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};
