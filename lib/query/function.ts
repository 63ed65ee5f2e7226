// POST /query-service/v1/function: the model gets the named hosted function as a tool, its
// arguments are checked against the definition before anything runs (violations go back to the
// model once), the function runs through the hosting invoker, and the model answers from the
// result. A question that lacks a required value gets the model's question back, and no call.
import type { FunctionDecision, FunctionQuestion } from '../ai/tasks';
import { ServiceError } from '../errors';
import type { Logger } from '../log';
import { toolRequestViolations } from '../functions/invoke';
import { lookupFunction } from '../functions/lookup';
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
  const caller = model.tasks.functions;
  let question: FunctionQuestion = { question: body.query, tool };

  let decision: FunctionDecision = await caller.decide(question, { signal });
  let request = 'call' in decision ? toolArgumentsToRequest(fn.spec, decision.call.arguments) : undefined;
  let problems = request ? await toolRequestViolations(fn.spec, request) : [];
  if ('call' in decision && problems.length) {
    // One repair turn: the model is told what was wrong with its arguments and may call again.
    question = { ...question, rejected: { ...decision, problems: describe(problems) } };
    decision = await caller.decide(question, { signal });
    request = 'call' in decision ? toolArgumentsToRequest(fn.spec, decision.call.arguments) : undefined;
    problems = request ? await toolRequestViolations(fn.spec, request) : [];
    if ('call' in decision && problems.length) {
      throw new ServiceError(
        400,
        'tool_arguments_invalid',
        problems.map((v) => ({
          issue: `The AI model called ${fn.shortname} with invalid arguments, also after one repair: ${v.pointer} ${v.message}`,
          advice: `Name the value for ${v.pointer} in the question; repeating the request may also succeed`,
        })),
      );
    }
  }

  if (!('call' in decision) || !request) {
    // No call: the model asked for a missing value or answered on its own.
    const reply = 'text' in decision ? decision.text : (decision.content ?? '');
    if (!model.structured) return { answer: reply, messages: null };
    const outcome = { reply };
    return {
      answer: await finalAnswer(model, (format) => caller.answer({ ...question, outcome }, format, { signal })),
      messages: null,
    };
  }

  const { body: result } = await deps.invoker.invoke(
    fn,
    { method: request.method, query: request.query, headers: {}, body: request.body ?? null },
    { timeoutMs: deps.timeoutMs, signal, log },
  );
  const outcome = { ...decision, result };
  const answer = await finalAnswer(model, (format) => caller.answer({ ...question, outcome }, format, { signal }));
  return { answer, messages: null };
}
