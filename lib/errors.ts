// One error family for the whole service. Every failure leaves as an envelope whose
// messages are `ISSUE: … ADVICE: …` lines (docs/interface.md "Errors"), so the type carries
// the HTTP status, a machine code, and one or more problems in those words.

export interface Problem {
  issue: string;
  advice: string;
  /** Generated SQL, shown as `QUERY: …` (relational endpoint only). */
  query?: string;
}

export interface ServiceErrorOptions {
  cause?: unknown;
  /** Extra response headers, e.g. Retry-After on 429, Allow on 405. */
  headers?: Record<string, string>;
}

export class ServiceError extends Error {
  readonly problems: Problem[];
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: string,
    problems: Problem | Problem[],
    options: ServiceErrorOptions = {},
  ) {
    const list = Array.isArray(problems) ? problems : [problems];
    super(list.map(problemLine).join(' | '), { cause: options.cause });
    this.name = 'ServiceError';
    this.problems = list;
    this.headers = options.headers ?? {};
  }

  /** The diagnostic lines of the envelope, without the trailing `failed`. */
  lines(): string[] {
    return this.problems.map(problemLine);
  }
}

const trimStop = (text: string) => text.trim().replace(/[.\s]+$/, '');

/** `ISSUE: <text>. ADVICE: <text>.` and, when present, ` QUERY: <sql>`. */
export function problemLine(p: Problem): string {
  const line = `ISSUE: ${trimStop(p.issue)}. ADVICE: ${trimStop(p.advice)}.`;
  return p.query ? `${line} QUERY: ${p.query}` : line;
}

const make =
  (status: number, defaultCode: string) =>
  (issue: string, advice: string, code = defaultCode, options?: ServiceErrorOptions) =>
    new ServiceError(status, code, { issue, advice }, options);

export const badRequest = make(400, 'bad_request');
export const unauthorized = make(401, 'unauthorized');
export const forbidden = make(403, 'forbidden');
export const notFound = make(404, 'not_found');
export const methodNotAllowed = make(405, 'method_not_allowed');
export const notAcceptable = make(406, 'not_acceptable');
export const conflict = make(409, 'conflict');
export const tooLarge = make(413, 'payload_too_large');
export const unsupportedMediaType = make(415, 'unsupported_media_type');
export const tooManyRequests = make(429, 'too_many_requests');
export const badGateway = make(502, 'bad_gateway');
export const gatewayTimeout = make(504, 'gateway_timeout');

export const isServiceError = (e: unknown): e is ServiceError => e instanceof ServiceError;

/** Anything that is not a ServiceError is our own bug: 500 with no internals exposed. */
export function toServiceError(e: unknown): ServiceError {
  if (isServiceError(e)) return e;
  return new ServiceError(
    500,
    'internal_error',
    {
      issue: 'The service failed unexpectedly while handling this request',
      advice: 'Retry the request; if it keeps failing, report the spanId to the operator',
    },
    { cause: e },
  );
}
