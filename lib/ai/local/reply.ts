// The one shape every local-engine turn answers in: the model id, and usage counted in words.
import type { ChatRequest, ChatResponse, ToolCall } from '../ports';
import { localUsage } from './usage';

export const LOCAL_MODEL_ID = 'local';

export function localReply(request: ChatRequest, content: string | null, toolCalls: ToolCall[] = []): ChatResponse {
  const output = content ?? toolCalls.map((c) => `${c.name} ${c.arguments}`).join('\n');
  return { content, toolCalls, usage: localUsage(request, output), model: LOCAL_MODEL_ID };
}
