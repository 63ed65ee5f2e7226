// The one place the SDK talks HTTP: adds the token, sends JSON or form data, turns error
// envelopes into FnqServiceError.
import { FnqConnectionError, FnqServiceError, FnqUnexpectedReplyError } from './errors';

export interface ClientOptions {
  /** e.g. http://localhost:3000 or the API Gateway URL. */
  url: string;
  /** svcwt access token. */
  token: string;
  /** Injected for tests and custom agents; global fetch by default. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  body: ArrayBuffer;
}

/**
 * The one place the SDK talks HTTP; the resource classes (`Queries`, `Uploads`, …) share one.
 * Use it directly only for an endpoint the SDK has no method for yet.
 *
 * @example
 * ```ts
 * const http = new Transport({ url: 'http://localhost:3000', token: 'svcwt-token' });
 * const health = await http.json<{ status: string }>('GET', '/health');
 * ```
 */
export class Transport {
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: ClientOptions) {
    this.base = options.url.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? fetch;
  }

  /**
   * Sends one request with the token; any 2xx is returned as-is.
   * @param method - The HTTP method.
   * @param path - The path below the client's URL, e.g. `/health`.
   * @param init - Query parameters (undefined ones are left out), and a JSON body, form data or raw body.
   * @throws FnqServiceError for any other status; FnqConnectionError when there is no answer.
   *
   * @example
   * ```ts
   * const http = new Transport({ url: 'http://localhost:3000', token: 'svcwt-token' });
   * const raw = await http.send('GET', '/embedder-service/v1/status', { query: { upload_id: '0b7c1e9a' } });
   * console.log(raw.status, raw.headers.get('x-span-id'));
   * ```
   */
  async send(
    method: string,
    path: string,
    init: {
      query?: Record<string, string | undefined>;
      json?: unknown;
      form?: FormData;
      body?: RequestInit['body'];
      headers?: Record<string, string>;
    } = {},
  ): Promise<RawResponse> {
    const url = new URL(this.base + path);
    for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    const headers: Record<string, string> = { svcwt: this.options.token, ...init.headers };
    let body: RequestInit['body'] = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      body = init.form;
    }
    let res: Response;
    let answer: ArrayBuffer;
    try {
      res = await this.fetchImpl(url, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 120_000),
      });
      answer = await res.arrayBuffer();
    } catch (e) {
      // The query string may carry names and ids, never secrets; the URL helps find a wrong address.
      throw new FnqConnectionError(`${url.origin}${url.pathname}`, e);
    }
    const raw = { status: res.status, headers: res.headers, body: answer };
    if (res.status >= 200 && res.status < 300) return raw;
    throw errorFrom(raw);
  }

  /**
   * `send`, then the answer's JSON (undefined for an empty body), typed as the caller says.
   * @throws The errors of `send`, and a SyntaxError when a 2xx body is not JSON.
   *
   * @example
   * ```ts
   * const http = new Transport({ url: 'http://localhost:3000', token: 'svcwt-token' });
   * const { exists } = await http.json<{ exists: boolean }>('GET', '/function-service/v1/shortnames/weather');
   * ```
   */
  async json<T>(method: string, path: string, init: Parameters<Transport['send']>[2] = {}): Promise<T> {
    const raw = await this.send(method, path, init);
    return (raw.body.byteLength ? JSON.parse(Buffer.from(raw.body).toString('utf8')) : undefined) as T;
  }

  /**
   * A JSON answer that must be an object with `fields`; anything else is a FnqUnexpectedReplyError
   * naming what is missing.
   * @param fields - The fields the answer must carry.
   * @throws FnqUnexpectedReplyError when a 2xx answer lacks them; the errors of `send` otherwise.
   *
   * @example
   * ```ts
   * const http = new Transport({ url: 'http://localhost:3000', token: 'svcwt-token' });
   * const path = '/function-service/v1/deployments/dep-42';
   * const d = await http.jsonWith<{ id: string; status: string }>(['id', 'status'], 'GET', path);
   * ```
   */
  async jsonWith<T>(
    fields: readonly (keyof T & string)[],
    method: string,
    path: string,
    init: Parameters<Transport['send']>[2] = {},
  ): Promise<T> {
    const raw = await this.send(method, path, init);
    let body: unknown;
    try {
      body = raw.body.byteLength ? JSON.parse(Buffer.from(raw.body).toString('utf8')) : undefined;
    } catch {
      body = undefined;
    }
    const missing =
      body && typeof body === 'object' && !Array.isArray(body)
        ? fields.filter((f) => (body as Record<string, unknown>)[f] === undefined)
        : ['a JSON object'];
    if (missing.length) throw new FnqUnexpectedReplyError(`${method} ${path}`, missing, raw.status);
    return body as T;
  }
}

function errorFrom(raw: RawResponse): FnqServiceError {
  let body: { spanId?: string; error?: string; messages?: unknown } | undefined;
  try {
    body = JSON.parse(Buffer.from(raw.body).toString('utf8'));
  } catch {
    body = undefined;
  }
  const messages = Array.isArray(body?.messages) ? body.messages.filter((m): m is string => typeof m === 'string') : [];
  return new FnqServiceError(
    raw.status,
    body?.error,
    body?.spanId ?? raw.headers.get('x-span-id') ?? undefined,
    messages,
    body,
  );
}
