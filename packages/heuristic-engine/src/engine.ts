// The heuristic engine's tasks, as plain functions over plain inputs: the public API (index.ts). Each task
// builds one turn of the engine's inner protocol (turn.ts) and answers it with its deterministic module, so
// a repair or an answer turn reads the same to every module. Each answer counts its input and output words
// as usage, since the engine spends no model tokens.
import type { DatabaseSchema, JsonSchema, SqlRows, ToolDefinition } from '@fnquery/contracts';
import { requestText } from '@fnquery/text-tools';
import { heuristicFunctionTurn } from './function-calling';
import { ragAnswer } from './rag-answer';
import { answerTextFromPassages, passagesRequest, type PassagesQuestion } from './retrieval';
import { heuristicSqlTurn } from './sql';
import type { RivalReading } from './sql-rivals';
import type { ValueProbe } from './sql-probes';
import { structuredAnswer } from './structured-answer';
import { passageEvidence } from './structured-passages';
import { LOCAL_MODEL_ID, heuristicReply, type Counted } from './reply';
import {
  SQL_READ_ONLY_REPLY,
  SQL_UNSURE_PREFIX,
  type ChatMessage,
  type ChatRequest,
  type ChatResponse,
  type ToolCall,
  type ToolChoice,
} from './turn';

export { LOCAL_MODEL_ID };
export type { RivalReading, ValueProbe };
export type { Counted, ToolCall, ToolChoice };

/**
 * The first function-calling turn: call tools (arguments as JSON text), or reply in words instead. Several
 * calls when the question asks for several (one per item of a list, or per part of the question); a function
 * the caller named gets at most one, since the engine asks for the parts one at a time there.
 */
export type FunctionDecision = { calls: [ToolCall, ...ToolCall[]] } | { text: string };

export interface FunctionQuestion {
  question: string;
  tools: ToolDefinition[];
  /** The caller chose the one tool: it is the tool the user wants, declined only when nothing relates. */
  named?: boolean;
  /** Default `auto`. */
  toolChoice?: ToolChoice;
  /**
   * What was wrong with the arguments of the previous call. The engine would read the same question the same
   * way, so it says what it could not fill instead of calling again.
   */
  rejected?: { call: ToolCall; problems: string };
}

const question = (text: string): ChatMessage[] => [{ role: 'user', content: text }];
const shaped = (schema: JsonSchema | undefined) => schema && { responseFormat: { name: 'answer', schema } };
const counted = <T>(value: T, reply: ChatResponse): Counted<T> => ({ value, usage: reply.usage });

/** Calls one of the tools with arguments read from the question, asks for a missing value, or declines. */
export function decideFunctionCall(input: FunctionQuestion): Counted<FunctionDecision> {
  if (input.rejected) {
    const text = `I could not read valid values for ${input.rejected.call.name} from the question (${input.rejected.problems}). Please state them in the question.`;
    return counted({ text }, heuristicReply({ messages: question(input.question), tools: input.tools }, text));
  }
  const reply = heuristicFunctionTurn({
    messages: question(input.question),
    tools: input.tools,
    toolChoice: input.toolChoice ?? 'auto',
    hint: { kind: 'function', question: input.question, named: input.named },
  });
  const [first, ...more] = reply.toolCalls;
  return counted(first ? { calls: [first, ...more] } : { text: reply.content ?? '' }, reply);
}

/**
 * The answer after a call: from the function's result, as text, or as JSON for `schema`. Without `call`
 * (the first turn replied in words) there is no result to answer from.
 */
export function answerFromFunction(input: {
  question: string;
  call?: ToolCall;
  result?: unknown;
  schema?: JsonSchema;
}): Counted<string> {
  const { call } = input;
  const messages: ChatMessage[] = call
    ? [
        ...question(input.question),
        { role: 'assistant', content: null, toolCalls: [call] },
        { role: 'tool', toolCallId: call.id, content: JSON.stringify(input.result ?? null) },
      ]
    : question(input.question);
  const reply = heuristicFunctionTurn({
    messages,
    ...shaped(input.schema),
    hint: { kind: 'function', question: input.question, ...(call && { result: input.result }) },
  });
  return counted(reply.content ?? '', reply);
}

/**
 * What the SQL-writing task answers: a SELECT, a refusal to change data, or why it is unsure. `rivals` are
 * the queries of near-tied other readings (sql-rivals.ts): the caller runs them as it runs the SELECT and
 * declines when their rows differ from its rows. `probes` ask whether each compared column holds its value
 * (sql-probes.ts): run only when the SELECT found nothing, one that finds no row declines the answer.
 */
export type SqlDraft =
  { sql: string; rivals?: RivalReading[]; probes?: ValueProbe[] } | { readOnly: true } | { unsure: string };

/**
 * The SELECT that answers the question over the schema. `failures` are the statements that were refused or
 * failed before, with the error of the last one: each makes the statement simpler.
 */
export function writeSql(input: {
  question: string;
  schema: DatabaseSchema;
  failures?: { sql: string; error: string }[];
}): Counted<SqlDraft> {
  const failures = input.failures ?? [];
  // Greetings and thanks around the question name no table or column (text-tools' phatic.ts).
  const asked = requestText(input.question);
  const reply = heuristicSqlTurn({
    messages: [...question(asked), ...failures.map((f): ChatMessage => ({ role: 'assistant', content: f.sql }))],
    hint: { kind: 'sql', question: asked, schema: input.schema, previousError: failures.at(-1)?.error },
  });
  const text = reply.content?.trim() ?? '';
  if (text === SQL_READ_ONLY_REPLY) return counted({ readOnly: true }, reply);
  if (text.startsWith(SQL_UNSURE_PREFIX))
    return counted({ unsure: text.slice(SQL_UNSURE_PREFIX.length).trim() }, reply);
  return counted(
    { sql: text, ...(reply.rivals && { rivals: reply.rivals }), ...(reply.probes && { probes: reply.probes }) },
    reply,
  );
}

/** The answer from the rows a statement returned, said from the statement, as text or as JSON for `schema`. */
export function answerFromRows(input: {
  question: string;
  schema: DatabaseSchema;
  rows: SqlRows;
  format?: JsonSchema;
}): Counted<string> {
  const reply = heuristicSqlTurn({
    messages: question(input.question),
    ...shaped(input.format),
    hint: { kind: 'sql', question: input.question, schema: input.schema, rows: input.rows },
  });
  return counted(reply.content ?? '', reply);
}

/** An extractive answer from the passages: their best sentences with sources, as text or as JSON for `schema`. */
export function answerFromPassages(input: PassagesQuestion & { schema?: JsonSchema }): Counted<string> {
  if (!input.schema) return answerTextFromPassages(input);
  const { passages } = input;
  const request: ChatRequest = { ...passagesRequest(input), ...shaped(input.schema) };
  const found = ragAnswer(input.question, passages, input.retrievalQuery);
  // The passages the answer rests on (structured-passages.ts) are records (text, source, score) for
  // a list-of-objects property such as citations; their whole text, after the quoted sentences, is
  // the evidence, since a schema may ask for facts the question did not ("is it electric?").
  const { hits, text, subject } = passageEvidence(input.question, passages, found);
  const evidence = { answer: found.answer, sources: found.sources, sentences: found.sentences, hits };
  const json = JSON.stringify(
    structuredAnswer(input.schema, evidence, {
      text: found.answer,
      evidence: text,
      ...(subject !== undefined && { subject }),
    }),
  );
  return counted(json, heuristicReply(request, json));
}

/**
 * Structured output's repair: the previous answer (JSON or text) re-shaped through the schema, the part
 * the engine may have got wrong.
 */
export function fillSchema(input: { question: string; invalid: string; schema: JsonSchema }): Counted<string> {
  let previous: unknown;
  try {
    previous = JSON.parse(input.invalid);
  } catch {
    previous = { answer: input.invalid };
  }
  const json = JSON.stringify(structuredAnswer(input.schema, previous, { text: input.invalid }));
  return counted(json, heuristicReply({ messages: question(input.question), ...shaped(input.schema) }, json));
}
