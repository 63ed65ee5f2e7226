// The two ports every AI platform implements. Pipelines (lib/query) and ingestion (lib/ingest)
// talk only to these; adapters (OpenAI SDK, the heuristic engine (the embedded default)) live beside this file.

import type { JsonSchema, TokenUsage, ToolDefinition } from '@fnquery/contracts';
import type { DatabaseSchema, QueryResult } from '../sql/ports';

// Their home is the neutral contracts package, which the heuristic engine shares; re-exported for the AI
// ports' users.
export type { JsonSchema, TokenUsage, ToolDefinition };
export { EMBEDDING_DIMENSIONS } from '@fnquery/contracts';

/** The AI platforms a query can name (`ai_platform`). */
export type PlatformName = 'default' | 'openai';

export interface ToolCall {
  id: string;
  name: string;
  /** The arguments exactly as the model produced them: JSON text, possibly invalid. */
  arguments: string;
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

export interface ResponseFormat {
  name: string;
  schema: JsonSchema;
}

/**
 * A structured view of what the messages already say, for the heuristic engine (the embedded default), which
 * does not read prose. Remote models ignore it; pipelines fill it so both paths get the same input.
 */
/** What the text-to-SQL pipeline hands the answer turn: the SQL that ran and its result. */
export type SqlRows = QueryResult & { sql: string };

export type TaskHint =
  /** `retrievalQuery`: the caller's `rag_query`, which chose the hits. */
  | { kind: 'rag'; question: string; retrievalQuery?: string; hits: { text: string; source: string; score: number }[] }
  /** `rows`: the SQL that ran and its result, once it has run (the answer turn). */
  | { kind: 'sql'; question: string; schema: DatabaseSchema; previousError?: string; rows?: SqlRows }
  /** `named`: the caller named this function (the function endpoint): it is the tool the user wants. */
  | { kind: 'function'; question: string; result?: unknown; named?: boolean }
  | { kind: 'repair'; question: string; invalid: string; errors: string[] };

/** The text-to-SQL turn's reply, instead of SQL, to a request to change data: the pipeline then runs nothing. */
export const SQL_READ_ONLY_REPLY = 'READ_ONLY';
/**
 * Starts the text-to-SQL turn's reply, instead of SQL, when the question cannot be read into a query
 * with confidence; the reason follows. The pipeline then runs nothing and says why.
 */
export const SQL_UNSURE_PREFIX = 'UNSURE:';
/** Starts a line of a text-to-SQL answer naming a condition of the question that the SQL did not apply. */
export const SQL_NOT_APPLIED = 'Not applied:';

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  toolChoice?: ToolChoice;
  responseFormat?: ResponseFormat;
  hint?: TaskHint;
  signal?: AbortSignal;
}

export interface ChatResponse {
  content: string | null;
  toolCalls: ToolCall[];
  usage: TokenUsage;
  model: string;
}

/**
 * A chat-completions model: the OpenAI SDK adapter, or the embedded heuristic engine. The query
 * pipelines use nothing else of an AI platform.
 *
 * @example
 * ```ts
 * const reply = await chatModel.chat({
 *   messages: [{ role: 'user', content: 'Name a prime number.' }],
 *   toolChoice: 'none',
 * });
 * log.info('answered', { tokens: reply.usage.totalTokens });
 * ```
 */
export interface ChatModel {
  /** e.g. `local` or `openai:gpt-4o-mini`; used in metrics and logs, never a secret. */
  readonly id: string;
  /**
   * @param request - Messages, optional tools and response format, and an abort signal.
   * @returns The reply (text and/or tool calls) and the tokens it cost.
   * @throws ServiceError 400 for a refused caller's key (api+key), 502/504 when the platform fails or times out.
   */
  chat(request: ChatRequest): Promise<ChatResponse>;
}

/**
 * Turns texts into vectors of `dimensions` numbers, for ingestion and for the query that searches them.
 *
 * @example
 * ```ts
 * const { vectors } = await embedder.embed(['How do refunds work?']);
 * log.info('embedded', { dimensions: vectors[0]?.length ?? 0, expected: embedder.dimensions });
 * ```
 */
export interface Embedder {
  /** Recorded on each collection: a collection is always queried with the embedder that filled it. */
  readonly id: string;
  readonly dimensions: number;
  /**
   * @param texts - One vector is answered per text, in the same order.
   * @returns The vectors and the tokens they cost.
   */
  embed(texts: string[], options?: { signal?: AbortSignal }): Promise<{ vectors: Float32Array[]; usage: TokenUsage }>;
}
