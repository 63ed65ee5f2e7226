// The two ports of a remote AI platform: a chat model and an embedder (adapters: the OpenAI SDK, a local
// ONNX model, the heuristic engine's lexical embedder). Ingestion embeds through Embedder; the query
// pipelines ask for their tasks through lib/ai/tasks.ts, whose chat adapters use ChatModel.

import type { JsonSchema, TokenUsage, ToolCall, ToolDefinition } from '@fnquery/contracts';

// Their home is the neutral contracts package, which the heuristic engine shares; re-exported for the AI
// ports' users.
export type { JsonSchema, TokenUsage, ToolCall, ToolDefinition };
export { EMBEDDING_DIMENSIONS } from '@fnquery/contracts';

/** The AI platforms a query can name (`ai_platform`). */
export type PlatformName = 'default' | 'openai';

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

export interface ResponseFormat {
  name: string;
  schema: JsonSchema;
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  toolChoice?: ToolChoice;
  responseFormat?: ResponseFormat;
  signal?: AbortSignal;
}

export interface ChatResponse {
  content: string | null;
  toolCalls: ToolCall[];
  usage: TokenUsage;
  model: string;
}

/**
 * A chat-completions model (the OpenAI SDK adapter, for OpenAI or any compatible endpoint). The task
 * adapters of lib/ai/chat-tasks/ speak to it; the pipelines use the tasks.
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
