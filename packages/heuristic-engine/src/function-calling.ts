// The heuristic engine (the embedded default)'s function-calling turn (docs/heuristic-engine.md). The pipeline drives it like a
// model: a first turn with the tools and the question gets a tool call (or a text that asks for a
// missing value, or says no tool fits); a second turn with the function's result gets the answer,
// as text or as JSON for a structured-output schema. Deterministic: the same request gives the same
// response.
import type { JsonSchema, ToolDefinition } from '@fnquery/contracts';
import { requestText } from '@fnquery/text-tools';
import type { ChatMessage, ChatRequest, ChatResponse, ToolCall } from './turn';
import { extractArguments } from './function-calling/arguments';
import { askForMissing } from './function-calling/ask-missing';
import {
  asksForSomethingElse,
  asksPersonReasonOrAdvice,
  dayNotTaken,
  factAboutOther,
  factNotNamed,
} from './function-calling/purpose';
import { toolShape } from './function-calling/slots';
import { closeRival } from './function-calling/contest';
import { planCalls } from './function-calling/parallel';
import { readQuestion, type Question } from './function-calling/question';
import { chooseTool, segmentCalls, writesValues } from './function-calling/segments';
import { leftOut, requestsAsked } from './function-calling/several';
import { sharedWords } from './function-calling/tool-choice';
import { answerFromResult, parseResult } from './result-text';
import { resultEvidence, structuredAnswer } from './structured-answer';
import { heuristicReply } from './reply';

interface FunctionResult {
  value: unknown;
  functionName: string;
}

type Decision = { calls: ToolCall[] } | { text: string };

function lastUserText(messages: ChatMessage[]): string {
  return messages.findLast((m) => m.role === 'user')?.content ?? '';
}

/** The result the request carries: `hint.result`, else the last tool message. */
function resultOf(request: ChatRequest): FunctionResult | undefined {
  const hint = request.hint?.kind === 'function' ? request.hint : undefined;
  const toolMessage = request.messages.findLast((m) => m.role === 'tool');
  if (hint?.result === undefined && !toolMessage) return undefined;
  const call = request.messages
    .flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []) : []))
    .findLast((c) => !toolMessage || c.id === toolMessage.toolCallId);
  const functionName = call?.name ?? request.tools?.[0]?.name ?? 'the function';
  return { value: hint?.result !== undefined ? hint.result : parseResult(toolMessage!.content), functionName };
}

function offeredTools(request: ChatRequest): ToolDefinition[] {
  const tools = request.tools ?? [];
  const choice = request.toolChoice;
  if (choice === 'none') return [];
  return typeof choice === 'object' ? tools.filter((t) => t.name === choice.name) : tools;
}

const declined = (tools: ToolDefinition[], question: Question): Decision => {
  const names = tools.map((t) => t.name).join(', ');
  return {
    text: `None of the available functions (${names}) can answer "${question.text}", so I cannot answer it with them.`,
  };
};

const toolCall = (tool: ToolDefinition, args: Record<string, unknown>, index = 0): ToolCall => ({
  id: `call_local_${index + 1}`,
  name: tool.name,
  arguments: JSON.stringify(args),
});

/**
 * One call, several (a question that lists values for several calls), a question back, or, when
 * several calls are wanted but not settled, none. The named-function endpoint runs one call per
 * question, so there several calls are asked for one at a time instead of being cut to the first.
 */
function callOrAsk(
  tool: ToolDefinition,
  extraction: ReturnType<typeof extractArguments>,
  question: Question,
  named: boolean,
): Decision {
  const plan = planCalls(tool, question, extraction);
  switch (plan.kind) {
    case 'several':
      return named
        ? {
            text: `This asks for ${plan.calls.length} calls of ${tool.name}, one for each value listed, and one request runs one call: please ask for them one at a time.`,
          }
        : { calls: plan.calls.map((args, i) => toolCall(tool, args, i)) };
    case 'unsettled':
      return { text: plan.why };
    case 'missing':
      return { text: askForMissing(plan.missing) };
    case 'single': {
      // What is missing, and what the question gives but does not settle (gate.ts), asked for together.
      const ask = [...new Set([...extraction.missing, ...extraction.unsettled])].sort((a, b) => a.order - b.order);
      return ask.length > 0 ? { text: askForMissing(ask) } : { calls: [toolCall(tool, extraction.arguments)] };
    }
  }
}

/**
 * The caller named this one function: it is the tool the user wants. The question is declined only
 * when it shares nothing with it: no word with its name, description or parameters, no value with
 * evidence for a parameter, and not every required value in a kind the schema pins down (numbers
 * for an adder). Otherwise the engine calls it, or asks for what is missing.
 */
function decideNamed(tool: ToolDefinition, question: Question): Decision {
  const extraction = extractArguments(tool, question);
  const shares = sharedWords(tool, question).length > 0 || extraction.found > 0 || extraction.typedFill;
  if (!shares) return declined([tool], question);
  const readNothing = extraction.used.length === 0 && extraction.found === 0;
  const read = extraction.used.map((u) => question.text.slice(u.start, u.end));
  if (
    factAboutOther(toolShape(tool).slots, question, readNothing) ||
    factNotNamed(tool, question, read) ||
    asksPersonReasonOrAdvice(tool, question, read)
  )
    return declined([tool], question);
  return callOrAsk(tool, extraction, question, true);
}

function decide(request: ChatRequest, question: Question): Decision {
  const tools = offeredTools(request);
  if (tools.length === 0) return { text: 'I have no function to answer this with.' };
  const named = request.hint?.kind === 'function' && request.hint.named === true;
  if (named && tools.length === 1) return decideNamed(tools[0]!, question);
  const forced = request.toolChoice === 'required' || typeof request.toolChoice === 'object';
  // A question that asks for several things in turn: one call per part, when every part is settled.
  const segmented = forced ? undefined : segmentCalls(tools, question);
  if (segmented) return { calls: segmented.map((c, i) => toolCall(c.tool, c.arguments, i)) };
  const best = chooseTool(tools, question, forced);
  // Values that fit a function are not enough: it must be for the thing the question asks for.
  if (!best || (!forced && (asksForSomethingElse(best.tool, question) || dayNotTaken(best.tool, question))))
    return declined(tools, question);
  const decision = callOrAsk(best.tool, best.extraction, question, false);
  // A weak reading with another function just as ready to be called is a guess between the two
  // (a question whose parts are for different functions is left to whole(), which names the part).
  const contested = 'calls' in decision && !forced && !leftOut(tools, question, decision.calls);
  const rival = contested ? closeRival(tools, question, best, chooseTool) : undefined;
  return rival
    ? {
        text: `Both ${best.tool.name} and ${rival.name} could answer "${question.text}", and the question does not settle which one: which do you mean (or ask for each in turn)?`,
      }
    : decision;
}

/**
 * Calls that answer only part of the question are not sent: the engine says which part it could not
 * read (function-calling/several.ts). A caller that requires a call gets the calls it can make.
 */
function whole(request: ChatRequest, question: Question, decision: Decision): Decision {
  const forced = request.toolChoice === 'required' || typeof request.toolChoice === 'object';
  if (forced) return decision;
  const tools = offeredTools(request);
  if ('calls' in decision) {
    const why = leftOut(tools, question, decision.calls);
    return why ? { text: why } : decision;
  }
  // An ask or a decline for a question whose parts are for different functions names the part that
  // no call could answer instead: asking for one function's optional value, or saying that no function
  // fits, would answer a question the user did not ask.
  const best = chooseTool(tools, question);
  if (!best || Object.keys(best.extraction.arguments).length === 0) return decision;
  // A part that writes values and is not for the function the whole question reads as.
  const forAnother = (part: Question) => writesValues(part) && chooseTool(tools, part)?.tool.name !== best.tool.name;
  if (!requestsAsked(question.text, { aboutOther: forAnother }).unanswered) return decision;
  const why = leftOut(tools, question, [toolCall(best.tool, best.extraction.arguments)]);
  return why?.startsWith('This asks for several things') ? { text: why } : decision;
}

/** JSON for a structured-output schema: the result's fields, else values the question gives, else the text. */
function shapedAnswer(schema: JsonSchema, result: unknown, question: Question, text: string): string {
  const fallbacks = extractArguments({ name: 'answer', description: '', parameters: schema }, question).arguments;
  return JSON.stringify(structuredAnswer(schema, result, { fallbacks, text, evidence: resultEvidence(text, result) }));
}

export function heuristicFunctionTurn(request: ChatRequest): ChatResponse {
  const hint = request.hint?.kind === 'function' ? request.hint : undefined;
  // Greetings, thanks and "Can you help?" around the request are no part of it (text-tools' phatic.ts).
  const message = hint?.question ?? lastUserText(request.messages);
  const question = readQuestion(requestText(message), !/\p{Lu}/u.test(message));
  const result = resultOf(request);
  const decision: Decision = result
    ? { text: answerFromResult(question.text, result.functionName, result.value) }
    : whole(request, question, decide(request, question));
  if ('calls' in decision) return heuristicReply(request, null, decision.calls);
  const { responseFormat } = request;
  return heuristicReply(
    request,
    responseFormat ? shapedAnswer(responseFormat.schema, result?.value, question, decision.text) : decision.text,
    [],
  );
}
