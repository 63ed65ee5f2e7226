// What every query endpoint answers: the pipeline's answer in the query response shape. The AI
// tokens of every model call, repairs included, are added to the request's usage, also when the
// pipeline fails.
import type { QueryModel, SharedQueryBody } from './shared';

export interface QueryCall<B extends SharedQueryBody> {
  body: B;
  spanId: string;
  /** The usage counters' AI token total for this request. */
  usage: { aiTokens: number };
}

export interface PipelineResult {
  answer: string;
  messages: string[] | null;
}

export async function answerQuery<B extends SharedQueryBody>(
  call: QueryCall<B>,
  model: QueryModel,
  pipeline: (model: QueryModel) => Promise<PipelineResult>,
): Promise<{ status: 200; body: { answer: string; query: string; spanId: string; messages: string[] | null } }> {
  try {
    const { answer, messages } = await pipeline(model);
    return { status: 200, body: { answer, query: call.body.query, spanId: call.spanId, messages } };
  } finally {
    call.usage.aiTokens += model.meter.total.totalTokens;
  }
}
