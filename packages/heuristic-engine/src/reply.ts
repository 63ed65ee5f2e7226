// The one shape every heuristic-engine turn answers in: the model id, and usage counted in words.
import type { TokenUsage } from '@fnquery/contracts';
import type { ChatRequest, ChatResponse, ToolCall } from './turn';
import { heuristicUsage } from './usage';

export const LOCAL_MODEL_ID = 'local';

/** A task's answer and the words it read and wrote, as usage. */
export interface Counted<T> {
  value: T;
  usage: TokenUsage;
}

export function heuristicReply(request: ChatRequest, content: string | null, toolCalls: ToolCall[] = []): ChatResponse {
  const output = content ?? toolCalls.map((c) => `${c.name} ${c.arguments}`).join('\n');
  return { content, toolCalls, usage: heuristicUsage(request, output), model: LOCAL_MODEL_ID };
}
