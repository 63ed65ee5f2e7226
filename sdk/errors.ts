// Typed errors of the SDK: service failures carry status, ISSUE, ADVICE and spanId; requests the
// SDK refuses before sending carry every violation found.

const LINE = /^ISSUE: (.*?)\. ADVICE: (.*?)\.(?: QUERY: ([\s\S]*))?$/;

export interface ServiceProblem {
  issue: string;
  advice: string;
  query?: string;
}

/**
 * Splits one `ISSUE: … ADVICE: …` line of the service into its parts.
 * @param line - One of the `messages` of an error answer.
 * @returns The parts, or `undefined` for a line of another shape.
 *
 * @example
 * ```ts
 * const p = parseProblem('ISSUE: The token has expired. ADVICE: Ask for a new token.');
 * console.log(p?.advice); // Ask for a new token
 * ```
 */
export function parseProblem(line: string): ServiceProblem | undefined {
  const m = LINE.exec(line);
  return m ? { issue: m[1]!, advice: m[2]!, ...(m[3] ? { query: m[3] } : {}) } : undefined;
}

/**
 * The service answered with an error: its status, machine code, span id and `ISSUE: … ADVICE: …` lines.
 *
 * @example
 * ```ts
 * try {
 *   await client.usage.get({ from: 'yesterday' });
 * } catch (e) {
 *   if (e instanceof FnqServiceError && e.status === 400) console.log(e.issue, e.advice, e.spanId);
 *   else throw e;
 * }
 * ```
 */
export class FnqServiceError extends Error {
  readonly problems: ServiceProblem[];
  constructor(
    readonly status: number,
    /** Machine code (e.g. `token_expired`); `query_failed` style codes are absent on query envelopes. */
    readonly code: string | undefined,
    readonly spanId: string | undefined,
    readonly messages: string[],
    /** The body as received, for query envelopes (answer, query). */
    readonly body: unknown,
  ) {
    const problems = messages.map(parseProblem).filter((p): p is ServiceProblem => p !== undefined);
    super(
      problems.length ? problems.map((p) => `${p.issue} (${p.advice})`).join('; ') : `fnquery answered HTTP ${status}`,
    );
    this.name = 'FnqServiceError';
    this.problems = problems;
  }

  get issue(): string | undefined {
    return this.problems[0]?.issue;
  }

  get advice(): string | undefined {
    return this.problems[0]?.advice;
  }
}

export interface RequestViolation {
  /** JSON pointer, e.g. /query/city or /body/limit or /file. */
  path: string;
  message: string;
}

/**
 * Thrown before any network call when an outgoing request breaks the function's definition.
 *
 * @example
 * ```ts
 * try {
 *   await client.functions.invoke('weather', { query: {} });
 * } catch (e) {
 *   if (e instanceof FnqRequestInvalidError) for (const v of e.violations) console.log(v.path, v.message);
 *   else throw e;
 * }
 * ```
 */
export class FnqRequestInvalidError extends Error {
  constructor(
    readonly shortname: string,
    readonly violations: RequestViolation[],
  ) {
    super(`request to ${shortname} is invalid: ${violations.map((v) => `${v.path} ${v.message}`).join('; ')}`);
    this.name = 'FnqRequestInvalidError';
  }
}

/**
 * A 2xx answer without the fields the SDK needs (a proxy's page, a gateway's timeout text, an older
 * service): named, so nothing downstream prints `undefined`.
 *
 * @example
 * ```ts
 * try {
 *   await client.functions.deployment('dep-42');
 * } catch (e) {
 *   if (e instanceof FnqUnexpectedReplyError) console.log(`check the URL; missing: ${e.missing.join(', ')}`);
 *   else throw e;
 * }
 * ```
 */
export class FnqUnexpectedReplyError extends Error {
  constructor(
    readonly what: string,
    readonly missing: string[],
    readonly status: number,
  ) {
    super(
      `fnquery answered ${what} with HTTP ${status} but without ${missing.join(', ')}; check the URL points at fnquery and that it is up to date`,
    );
    this.name = 'FnqUnexpectedReplyError';
  }
}

/**
 * A deployment that ended `failed`: its ISSUE/ADVICE lines say why; the previous version still serves.
 *
 * @example
 * ```ts
 * await client.functions.deployAndWait(bundle).catch((e: unknown) => {
 *   if (e instanceof FnqDeployFailedError) console.log(e.deploymentId, e.problems);
 *   throw e;
 * });
 * ```
 */
export class FnqDeployFailedError extends Error {
  readonly problems: ServiceProblem[];
  constructor(
    readonly deploymentId: string,
    readonly shortname: string,
    readonly messages: string[],
  ) {
    const problems = messages.map(parseProblem).filter((p): p is ServiceProblem => p !== undefined);
    super(
      `deployment ${deploymentId} of ${shortname} failed: ${problems.map((p) => `${p.issue} (${p.advice})`).join('; ') || messages.join('; ') || 'no reason given'}`,
    );
    this.name = 'FnqDeployFailedError';
    this.problems = problems;
  }
}

/**
 * The service could not be reached at all (down, wrong URL, timed out); names the URL tried.
 *
 * @example
 * ```ts
 * try {
 *   await new FnqClient({ url: 'http://127.0.0.1:9', token: 't' }).health();
 * } catch (e) {
 *   if (e instanceof FnqConnectionError) console.log(`is fnquery running at ${e.url}?`);
 *   else throw e;
 * }
 * ```
 */
export class FnqConnectionError extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`cannot reach fnquery at ${url}: ${describeCause(cause)}`, { cause });
    this.name = 'FnqConnectionError';
  }
}

function describeCause(cause: unknown): string {
  const e = cause as { name?: string; message?: string; cause?: { code?: string; message?: string } } | undefined;
  if (e?.name === 'TimeoutError') return 'no answer in time';
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(cause);
}
