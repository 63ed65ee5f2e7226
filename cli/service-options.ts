// Every command that talks to the service takes --url and --token, defaulting to FNQ_URL and
// FNQ_TOKEN; locally the URL defaults to the `npm start` address.
import type { CliIO } from './command';
import { UsageError } from './command';

export const serviceOptionSpec = {
  url: { type: 'string' },
  token: { type: 'string' },
} as const;

export interface ServiceTarget {
  url: string;
  token: string;
}

export function serviceTarget(values: { url?: string; token?: string }, io: CliIO): ServiceTarget {
  const url = (values.url ?? io.env.FNQ_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  const token = values.token ?? io.env.FNQ_TOKEN;
  if (!token) throw new UsageError('no token: pass --token or set FNQ_TOKEN (npm start prints a dev token; fnq token create issues one)');
  return { url, token };
}

/** Calls the service; a non-2xx answer becomes an Error carrying its ISSUE/ADVICE lines. */
export async function serviceCall<T>(
  target: ServiceTarget,
  method: string,
  path: string,
  init: { body?: Uint8Array | FormData; contentType?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { svcwt: target.token };
  if (init.contentType) headers['content-type'] = init.contentType;
  const response = await fetch(`${target.url}${path}`, { method, headers, body: init.body });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${path.split('?')[0]} answered HTTP ${response.status} without JSON`);
  }
  if (!response.ok) {
    const messages = (json as { messages?: string[] }).messages?.filter((m) => m !== 'failed') ?? [];
    throw new Error(`HTTP ${response.status}: ${messages.join(' ') || text}`);
  }
  return json as T;
}
