// What every query endpoint needs: the model for the request's platform, with the embedded local
// engine as the default when no AI endpoint is configured; and the SQL endpoint's limits.
import { getConfig } from '../config';
import { localChat } from '../ai/local/engine';
import type { Reply } from '../http/event';
import type { ServiceRequest } from '../http/handler';
import { prepareModel, type QueryModel, type SharedQueryBody } from '../query/shared';
import type { RdbmsOptions } from '../query/rdbms';
import { aiPlatformConfig } from './core';

export const queryModel = (body: SharedQueryBody): QueryModel => prepareModel(body, aiPlatformConfig(), localChat);

/**
 * Runs a query pipeline with the request's model and answers in the query response shape. The AI
 * tokens of every call, repairs included, go to the usage metrics, also when the pipeline fails.
 */
export async function answerQuery<B extends SharedQueryBody>(
  req: ServiceRequest<B>,
  pipeline: (model: QueryModel) => Promise<{ answer: string; messages: string[] | null }>,
): Promise<Reply> {
  const model = queryModel(req.body);
  try {
    const { answer, messages } = await pipeline(model);
    return { status: 200, body: { answer, query: req.body.query, spanId: req.spanId, messages } };
  } finally {
    req.usage.aiTokens += model.meter.total.totalTokens;
  }
}

// One array for the process: the SQL layer caches its TLS context per CA list.
let extraCAs: string[] | undefined;

export function rdbmsOptions(): RdbmsOptions {
  const { sql } = getConfig();
  extraCAs ??= sql.caPem ? [sql.caPem] : [];
  return {
    connect: {
      allowLoopback: sql.allowLoopback,
      allowPrivate: sql.allowPrivate,
      extraCAs,
      connectTimeoutMs: 10_000,
      statementTimeoutMs: sql.statementTimeoutMs,
    },
    rowLimit: sql.rowLimit,
    resultBytes: sql.resultBytes,
  };
}
