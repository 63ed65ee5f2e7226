// The answering turn every chat task ends with: the conversation, asked for JSON when a structured-output
// schema is given; on the repair turn, the rejected answer and what was wrong with it follow, so the model
// corrects its own answer.
import type { ChatModel, ChatRequest, JsonSchema } from '../ports';
import type { AnswerFormat, TaskOptions } from '../tasks';

export async function answerTurn(
  chat: ChatModel,
  request: Omit<ChatRequest, 'signal' | 'responseFormat'>,
  format: AnswerFormat | undefined,
  options: TaskOptions = {},
): Promise<string> {
  const repair = format?.repair;
  const reply = await chat.chat({
    ...request,
    ...(format && { responseFormat: { name: 'answer', schema: format.schema } }),
    ...(repair && {
      messages: [
        ...request.messages,
        { role: 'assistant', content: repair.invalid },
        { role: 'user', content: repairPrompt(repair.errors, format.schema) },
      ],
    }),
    signal: options.signal,
  });
  return reply.content ?? '';
}

function repairPrompt(errors: string[], schema: JsonSchema): string {
  return [
    'Your previous answer does not match the required JSON Schema:',
    ...errors.map((e) => `- ${e}`),
    `The schema: ${JSON.stringify(schema)}`,
    'Reply again with only the corrected JSON, matching the schema exactly.',
  ].join('\n');
}
