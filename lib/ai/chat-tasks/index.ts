// Every query task answered by a chat model (OpenAI's API or any compatible endpoint, lib/ai/openai-chat.ts),
// through the prompts beside this file.
import type { ChatModel } from '../ports';
import type { AiTasks } from '../tasks';
import { chatFunctionCaller } from './function';
import { chatRagAnswerer } from './rag';
import { chatSqlAnswerer, chatSqlWriter } from './sql';

export const chatTasks = (chat: ChatModel): AiTasks => ({
  id: chat.id,
  functions: chatFunctionCaller(chat),
  sqlWriter: chatSqlWriter(chat),
  sqlAnswerer: chatSqlAnswerer(chat),
  ragAnswerer: chatRagAnswerer(chat),
});
