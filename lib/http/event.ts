// API Gateway HTTP API (payload v2) ⇄ plain request/reply. The only code that knows event shapes.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

import type { HttpRequest, Reply } from '../wire/request';

export type { HttpRequest, Reply };

const defined = (o: Record<string, string | undefined> | undefined) =>
  Object.fromEntries(Object.entries(o ?? {}).filter((e): e is [string, string] => e[1] !== undefined));

export function toHttpRequest(event: APIGatewayProxyEventV2): HttpRequest {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(event.headers ?? {})) if (v !== undefined) headers[k.toLowerCase()] = v;
  const baseUrl = baseUrlOf(event, headers);
  return {
    method: event.requestContext?.http?.method ?? 'GET',
    path: event.rawPath ?? '/',
    pathParams: defined(event.pathParameters),
    query: defined(event.queryStringParameters),
    headers,
    rawBody: rawBodyOf(event),
    ...(baseUrl && { baseUrl }),
  };
}

/**
 * API Gateway always sends the body as a string; serverless offline hands a JSON body such as `0`
 * or `true` over parsed, which Buffer.from would throw on. Anything but a string is JSON text again.
 */
function rawBodyOf(event: APIGatewayProxyEventV2): Buffer | undefined {
  const body: unknown = event.body;
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'string') return Buffer.from(JSON.stringify(body), 'utf8');
  return Buffer.from(body, event.isBase64Encoded ? 'base64' : 'utf8');
}

/** A host name or address with an optional port: nothing that could break out of a URL. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Where the client reached us: the Host header (API Gateway's domain name, or a custom domain),
 * X-Forwarded-Proto (API Gateway and proxies set it; plain HTTP when absent, as the local stack
 * serves), and a named stage's prefix when the path carries it (`$default` has none).
 */
function baseUrlOf(event: APIGatewayProxyEventV2, headers: Record<string, string>): string | undefined {
  const host = headers.host ?? event.requestContext?.domainName;
  if (!host || !HOST.test(host)) return undefined;
  const forwarded = headers['x-forwarded-proto']?.split(',')[0]?.trim().toLowerCase();
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : 'http';
  const stage = event.requestContext?.stage;
  const prefix = stage && stage !== '$default' && event.rawPath?.startsWith(`/${stage}/`) ? `/${stage}` : '';
  return `${scheme}://${host}${prefix}`;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const NOT_VISIBLE_ASCII = /[^\x20-\x7e\t]/gu;
// encodeURIComponent throws on half a surrogate pair; it becomes U+FFFD first.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Header values as every HTTP stack accepts them: a character outside visible ASCII (CR, LF, any
 * non-Latin-1 text) is percent-encoded as UTF-8, a name that is not a token is dropped. Node and
 * API Gateway answer a bare 500 for either, so nothing a function chose can reach that far.
 */
export function safeHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const safe: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (HEADER_NAME.test(name))
      safe[name] = String(value).replace(LONE_SURROGATE, '\ufffd').replace(NOT_VISIBLE_ASCII, encodeURIComponent);
  }
  return safe;
}

export function toLambdaResult(reply: Reply): APIGatewayProxyStructuredResultV2 {
  const headers = safeHeaders(reply.headers);
  if (reply.body === undefined) return { statusCode: reply.status, headers, body: '' };
  if (Buffer.isBuffer(reply.body)) {
    headers['content-type'] ??= 'application/octet-stream';
    return { statusCode: reply.status, headers, body: reply.body.toString('base64'), isBase64Encoded: true };
  }
  headers['content-type'] ??= 'application/json';
  return { statusCode: reply.status, headers, body: JSON.stringify(reply.body) };
}
