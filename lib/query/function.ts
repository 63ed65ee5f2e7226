// POST /query-service/v1/function: the model gets the named hosted function as a tool, its
// arguments are checked against the definition before anything runs (violations go back to the
// model once), the function runs through the hosting invoker, and the model answers from the
// result. A question that lacks a required value gets the model's question back, and no call.
import type { ChatMessage, ChatResponse, ToolCall, ToolDefinition } from '../ai/ports';
import { ServiceError } from '../errors';
import type { Logger } from '../log';
import { lookupFunction, toolRequestViolations } from '../functions/invoke';
import type { FunctionInvoker, FunctionRegistry } from '../functions/ports';
import { toolArgumentsToRequest, toToolDefinition, type Violation } from '../spec/index';
import type { FunctionQueryBody } from './body-schema';
import { finalAnswer, type QueryModel } from './shared';

export type { FunctionQueryBody };

export interface FunctionQueryDeps {
  registry: FunctionRegistry;
  invoker: FunctionInvoker;
  timeoutMs: number;
}

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

const describe = (violations: Violation[]) => violations.map((v) => `${v.pointer}: ${v.message}`).join('; ');

export async function answerWithFunction(
  body: FunctionQueryBody,
  model: QueryModel,
  deps: FunctionQueryDeps,
  log: Logger,
  signal?: AbortSignal,
): Promise<{ answer: string; messages: null }> {
  const fn = await lookupFunction(deps.registry, body.function);
  const tool = toToolDefinition(fn.spec).function;
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM(tool) },
    { role: 'user', content: body.query },
  ];
  const ask = (extra: ChatMessage[] = []) =>
    model.chat.chat({
      messages: [...messages, ...extra],
      tools: [tool],
      toolChoice: 'auto',
      signal,
      hint: { kind: 'function', question: body.query, named: true },
    });

  let reply: ChatResponse = await ask();
  let call: ToolCall | undefined = reply.toolCalls[0];
  let request = call && toolArgumentsToRequest(fn.spec, call.arguments);
  let problems = request ? await toolRequestViolations(fn.spec, request) : [];
  if (call && problems.length) {
    // One repair turn: the model sees what was wrong with its arguments and may call again.
    const repair: ChatMessage[] = [
      { role: 'assistant', content: reply.content, toolCalls: [call] },
      {
        role: 'tool',
        toolCallId: call.id,
        content: `The arguments were not valid: ${describe(problems)}. Call ${tool.name} again with corrected arguments, or ask the user for what is missing.`,
      },
    ];
    reply = await ask(repair);
    call = reply.toolCalls[0];
    request = call && toolArgumentsToRequest(fn.spec, call.arguments);
    problems = request ? await toolRequestViolations(fn.spec, request) : [];
    if (call && problems.length) {
      throw new ServiceError(
        400,
        'tool_arguments_invalid',
        problems.map((v) => ({
          issue: `The AI model called ${fn.shortname} with invalid arguments, also after one repair: ${v.pointer} ${v.message}`,
          advice: `Name the value for ${v.pointer} in the question; repeating the request may also succeed`,
        })),
      );
    }
    messages.push(...repair);
  }

  if (!call || !request) {
    // No call: the model asked for a missing value or answered on its own.
    if (!model.structured) return { answer: reply.content ?? '', messages: null };
    return {
      answer: await finalAnswer(model, {
        messages: [...messages, { role: 'assistant', content: reply.content }],
        signal,
        hint: { kind: 'function', question: body.query },
      }),
      messages: null,
    };
  }

  const { body: result } = await deps.invoker.invoke(
    fn,
    { method: request.method, query: request.query, headers: {}, body: request.body ?? null },
    { timeoutMs: deps.timeoutMs, signal, log },
  );
  const answer = await finalAnswer(model, {
    messages: [
      ...messages,
      { role: 'assistant', content: reply.content, toolCalls: [call] },
      { role: 'tool', toolCallId: call.id, content: resultForModel(result) },
    ],
    tools: [tool],
    toolChoice: 'none',
    signal,
    hint: { kind: 'function', question: body.query, result },
  });
  return { answer, messages: null };
}
