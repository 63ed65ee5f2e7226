// Every command that talks to the service takes --url and --token, defaulting to FNQ_URL and
// FNQ_TOKEN (locally the URL defaults to the `npm start` address), and talks through the SDK.
import { FnqClient, FnqServiceError } from '../sdk/index';
import type { CliIO } from './command';
import { UsageError } from './command';

export const serviceOptionSpec = {
  url: { type: 'string' },
  token: { type: 'string' },
} as const;

export const SERVICE_OPTIONS_HELP =
  '--url <base url> and --token <svcwt> default to FNQ_URL (else http://localhost:3000) and FNQ_TOKEN';

export function serviceClient(values: { url?: string; token?: string }, io: CliIO): FnqClient {
  const url = (values.url ?? io.env.FNQ_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  const token = values.token ?? io.env.FNQ_TOKEN;
  if (!token)
    throw new UsageError(
      'no token: pass --token or set FNQ_TOKEN (npm start prints a dev token; fnq token create issues one)',
    );
  return new FnqClient({ url, token });
}

/** `HTTP 415: ISSUE: … ADVICE: …` (one line per problem) and the span id to quote to the operator. */
export function serviceFailure(e: FnqServiceError): string {
  const lines = e.messages.filter((m) => m !== 'failed');
  const span = e.spanId ? ` (spanId ${e.spanId})` : '';
  return `HTTP ${e.status}: ${lines.join('\n  ') || e.message}${span}`;
}
