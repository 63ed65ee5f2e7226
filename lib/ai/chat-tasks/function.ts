// Function calling with a chat model: the named function as its one tool, a system prompt that says when to
// call and when to ask, the arguments' violations sent back once as the tool's reply, and the result shown
// to the model for the answer.
import type { ChatMessage, ChatModel, ToolDefinition } from '../ports';
import type { FunctionCaller, FunctionQuestion } from '../tasks';
import { answerTurn } from './answer-turn';

/** The result shown to the model: large results are cut, files are described, not sent. */
const RESULT_MAX_CHARS = 16_000;

const SYSTEM = (tool: ToolDefinition) =>
  [
    `You answer the user's question with the help of the function ${tool.name}: ${tool.description}`,
    'Call it when the question gives every value it requires.',
    'If a required value is missing, do not call it: ask the user for that value in plain words.',
    'After the function returns, answer the question from its result.',
  ].join(' ');

function resultForModel(result: unknown): string {
  const file = result as { filename?: unknown; contentType?: unknown; data?: unknown } | null;
  if (file && typeof file === 'object' && typeof file.data === 'string' && 'contentType' in file) {
    return JSON.stringify({
      file: { filename: file.filename, contentType: file.contentType, bytes: Buffer.byteLength(file.data, 'base64') },
    });
  }
  const text = JSON.stringify(result ?? null);
  return text.length > RESULT_MAX_CHARS
    ? `${text.slice(0, RESULT_MAX_CHARS)}… (cut: ${text.length} characters in all)`
    : text;
}

/** The conversation up to the decision: the question, and the rejected call with its violations, if any. */
function conversation({ question, tool, rejected }: FunctionQuestion): ChatMessage[] {
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM(tool) },
    { role: 'user', content: question },
  ];
  if (rejected)
    messages.push(
      { role: 'assistant', content: rejected.content ?? null, toolCalls: [rejected.call] },
      {
        role: 'tool',
        toolCallId: rejected.call.id,
        content: `The arguments were not valid: ${rejected.problems}. Call ${tool.name} again with corrected arguments, or ask the user for what is missing.`,
      },
    );
  return messages;
}

export const chatFunctionCaller = (chat: ChatModel): FunctionCaller => ({
  async decide(input, options = {}) {
    const reply = await chat.chat({
      messages: conversation(input),
      tools: [input.tool],
      toolChoice: 'auto',
      signal: options.signal,
    });
    const call = reply.toolCalls[0];
    return call ? { call, content: reply.content } : { text: reply.content ?? '' };
  },

  answer(input, format, options) {
    const { outcome } = input;
    if ('reply' in outcome)
      return answerTurn(
        chat,
        { messages: [...conversation(input), { role: 'assistant', content: outcome.reply }] },
        format,
        options,
      );
    return answerTurn(
      chat,
      {
        messages: [
          ...conversation(input),
          { role: 'assistant', content: outcome.content ?? null, toolCalls: [outcome.call] },
          { role: 'tool', toolCallId: outcome.call.id, content: resultForModel(outcome.result) },
        ],
        tools: [input.tool],
        toolChoice: 'none',
      },
      format,
      options,
    );
  },
});
