// The service's plain request and reply: what the HTTP edge (lib/http/event.ts) makes of an API
// Gateway event, and what hosted-function invocation (lib/functions/invoke.ts) passes on and returns.
// Neither side owns them, so they live here with the body and multipart parsers both use.

export interface HttpRequest {
  method: string;
  path: string;
  pathParams: Record<string, string>;
  /** Repeated keys arrive comma-joined, as API Gateway sends them. */
  query: Record<string, string>;
  /** Lower-case names. */
  headers: Record<string, string>;
  rawBody: Buffer | undefined;
  /**
   * The address the client reached the service at (scheme, host, and a named stage's path prefix),
   * e.g. `https://api.example.com`; undefined when the request does not say (no Host header).
   */
  baseUrl?: string;
}

export interface Reply {
  status: number;
  /** A JSON value, or a Buffer sent as-is (file outputs). Omitted for 204. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** The request's media type without parameters, lower-cased ('' when none was sent). */
export const requestMediaType = (req: Pick<HttpRequest, 'headers'>): string =>
  (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
