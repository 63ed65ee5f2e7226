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
  if (!token) throw new UsageError('no access token: pass --token or set FNQ_TOKEN (npm start prints a dev token)');
  return { url, token };
}
