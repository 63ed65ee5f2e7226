// Error → response envelope (docs/decisions.md). Query endpoints keep the query response shape;
// every other route answers {spanId, error, messages}. Both end messages with "failed".
import type { ServiceError } from '../errors';
import type { Reply } from './event';

export type EnvelopeKind = 'plain' | 'query';

export function errorReply(error: ServiceError, kind: EnvelopeKind, spanId: string, query: string): Reply {
  const messages = [...error.lines(), 'failed'];
  const body = kind === 'query' ? { answer: '', query, spanId, messages } : { spanId, error: error.code, messages };
  return { status: error.status, body, headers: { ...error.headers } };
}

/** Adds spanId to JSON object bodies that do not carry one (arrays, files and 204s stay as they are). */
export function withSpanId(reply: Reply, spanId: string): Reply {
  const b = reply.body;
  if (b && typeof b === 'object' && !Array.isArray(b) && !Buffer.isBuffer(b) && !('spanId' in b)) {
    return { ...reply, body: { ...(b as object), spanId } };
  }
  return reply;
}
