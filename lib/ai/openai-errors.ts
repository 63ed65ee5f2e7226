// What a platform failure means to our caller. The key's owner decides the blame: a rejected
// caller key (`api+key`) is the caller's to fix (400); a rejected operator key is the service's (502).
// Platform messages can quote keys (OpenAI's 401 shows a masked one), so none reaches a 401 error
// and the others are scrubbed; no SDK error is attached as a cause.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ServiceError } from '../errors';
import type { PlatformName } from './ports';
import type { RetryVerdict } from '../retry';

export interface PlatformContext {
  platform: PlatformName;
  model: string;
  timeoutMs: number;
  /** A fixed key, or a reader whose last value is the one the request sent. */
  apiKey: string | { current: string };
}

const NO_RETRY: RetryVerdict = { retry: false };

/** Rate limits, overload and dropped connections pass; a spent quota or a timeout does not. */
export function retryVerdict(error: unknown): RetryVerdict {
  if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError) return NO_RETRY;
  if (error instanceof APIConnectionError) return { retry: true };
  if (!(error instanceof APIError) || error.status === undefined) return NO_RETRY;
  if (error.code === 'insufficient_quota') return NO_RETRY;
  const { status } = error;
  return status === 408 || status === 429 || status >= 500
    ? { retry: true, afterMs: retryAfterMs(error.headers) }
    : NO_RETRY;
}

function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms)) return Math.max(0, ms);
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

const KEY_LIKE = [
  /\b(?:sk|rk|pk)-[\w*.-]{3,}/g, // OpenAI-style keys, masked ones included
  /[\w-]*\*{3,}[\w-]*/g, // anything masked with asterisks
  /\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{24,}\b/g, // long opaque tokens (other vendors' keys)
  /Bearer\s+\S+/gi,
];

export function scrubSecrets(text: string, secret: string): string {
  // Short strings are no keys (e.g. the placeholder for keyless endpoints); replacing them would garble words.
  let out = secret.length >= 8 ? text.split(secret).join('[redacted]') : text;
  for (const pattern of KEY_LIKE) out = out.replace(pattern, '[redacted]');
  return out.length > 300 ? `${out.slice(0, 300)}…` : out;
}

const platformLabel = (ctx: PlatformContext) =>
  ctx.platform === 'openai' ? 'The openai AI platform' : "The service's default AI platform";

export function toPlatformError(error: unknown, ctx: PlatformContext, aborted: boolean): ServiceError {
  const label = platformLabel(ctx);
  const status = error instanceof APIError ? error.status : undefined;
  const code = error instanceof APIError ? error.code : undefined;
  const cause = { platform: ctx.platform, model: ctx.model, status, code };
  const fail = (
    httpStatus: number,
    serviceCode: string,
    issue: string,
    advice: string,
    headers?: Record<string, string>,
  ) => new ServiceError(httpStatus, serviceCode, { issue, advice }, { cause, headers });

  if (aborted || error instanceof APIConnectionTimeoutError) {
    return fail(
      504,
      'ai_platform_timeout',
      `${label} did not answer within ${ctx.timeoutMs} ms`,
      'Retry the request; a shorter query or less context answers faster',
    );
  }
  if (status === 401 || status === 403) {
    return ctx.platform === 'openai'
      ? fail(
          400,
          'ai_key_rejected',
          `The openai AI platform rejected the key in api+key (HTTP ${status})`,
          `Check that api+key holds a valid, active OpenAI secret key with access to the model ${ctx.model}, or omit ai_platform to use the default platform`,
        )
      : fail(
          502,
          'ai_platform_auth_failed',
          `${label} rejected the service's credentials (HTTP ${status})`,
          'This is a service configuration problem: report it to the operator, or use ai_platform "openai" with your own api+key',
        );
  }
  if (status === 429) {
    const retryAfter = retryAfterMs(error instanceof APIError ? error.headers : undefined);
    const headers = { 'Retry-After': String(Math.max(1, Math.ceil((retryAfter ?? 1000) / 1000))) };
    return code === 'insufficient_quota'
      ? fail(
          429,
          'ai_quota_exceeded',
          `${label} reports that the account behind the key has no quota left`,
          ctx.platform === 'openai'
            ? 'Check the plan and billing of the OpenAI account behind api+key'
            : 'Report it to the operator, or use ai_platform "openai" with your own api+key',
          headers,
        )
      : fail(
          429,
          'ai_rate_limited',
          `${label} is rate limiting requests`,
          'Retry after the number of seconds in the Retry-After header',
          headers,
        );
  }
  if (status === undefined || status >= 500) {
    const what = status === undefined ? 'could not be reached' : `failed (HTTP ${status})`;
    return fail(502, 'ai_platform_unavailable', `${label} ${what}, also on retry`, 'Retry the request later');
  }
  const detail =
    error instanceof APIError
      ? scrubSecrets(error.message, typeof ctx.apiKey === 'string' ? ctx.apiKey : ctx.apiKey.current)
      : `HTTP ${status}`;
  return fail(
    502,
    'ai_request_rejected',
    `${label} rejected the request: ${detail}`,
    'Retry the request; if it keeps failing, shorten the query or simplify the structured_output schema',
  );
}
