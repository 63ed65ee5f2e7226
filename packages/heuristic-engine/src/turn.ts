// The engine's inner protocol: the function-calling and SQL modules each answer one turn of a chat-shaped
// exchange, so a conversation (a repair after a refused statement, the answer after a function ran) reads
// the same to every module. The public API (engine.ts) builds these turns from plain task inputs; nothing
// outside the package sees them.
import type { DatabaseSchema, JsonSchema, SqlRows, TokenUsage, ToolCall, ToolDefinition } from '@fnquery/contracts';

export type { ToolCall };

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

/** What a turn is about, in structured form: the engine reads this, not prose. */
export type TaskHint =
  /** `rows`: the SQL that ran and its result, once it has run (the answer turn). */
  | { kind: 'sql'; question: string; schema: DatabaseSchema; previousError?: string; rows?: SqlRows }
  /** `named`: the caller named this function: it is the tool the user wants. */
  | { kind: 'function'; question: string; result?: unknown; named?: boolean };

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  toolChoice?: ToolChoice;
  /** Set when the answer must be JSON for this schema. */
  responseFormat?: { name: string; schema: JsonSchema };
  hint?: TaskHint;
}

export interface ChatResponse {
  content: string | null;
  toolCalls: ToolCall[];
  usage: TokenUsage;
  model: string;
}

/** The writing turn's reply, instead of SQL, to a request to change data. */
export const SQL_READ_ONLY_REPLY = 'READ_ONLY';
/** Starts the writing turn's reply, instead of SQL, when the question cannot be read with confidence. */
export const SQL_UNSURE_PREFIX = 'UNSURE:';
