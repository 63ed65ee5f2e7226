// The AI tasks the query pipelines (lib/query) need, one port per task. Each has two adapters: the remote
// chat model (lib/ai/chat-tasks/: the prompts, over the ChatModel port and its OpenAI-wire adapter) and the
// heuristic engine (lib/ai/heuristic-tasks.ts, over @fnquery/heuristic-engine). A pipeline hands each task
// its input in structured form, so no adapter has to read another's prose.
import type { DatabaseSchema, JsonSchema, Passage, QueryResult, ToolCall, ToolDefinition } from '@fnquery/contracts';

export type { Passage };

export interface TaskOptions {
  signal?: AbortSignal;
}

/**
 * Structured output: the JSON Schema the answer must satisfy. On the one repair turn, also the answer that
 * did not and what was wrong with it (lib/ai/structured-output.ts checks and repairs).
 */
export interface AnswerFormat {
  schema: JsonSchema;
  repair?: { invalid: string; errors: string[] };
}

/** A call of the tool (`content`: what the model said beside it, if anything), or a reply in words instead. */
export type FunctionDecision = { call: ToolCall; content?: string | null } | { text: string };

export interface FunctionQuestion {
  question: string;
  /** The function the caller named. */
  tool: ToolDefinition;
  /** The previous call's arguments failed validation: this call and what was wrong, for one more try. */
  rejected?: { call: ToolCall; content?: string | null; problems: string };
}

/** After the first turn: the call that ran and its result, or the words the first turn replied with. */
export type FunctionOutcome = { call: ToolCall; content?: string | null; result: unknown } | { reply: string };

/**
 * Function calling over one named hosted function.
 *
 * @example
 * ```ts
 * const decision = await caller.decide({ question: 'Weather in Oslo?', tool });
 * if ('call' in decision) {
 *   const result = await run(decision.call.arguments);
 *   const answer = await caller.answer({ question: 'Weather in Oslo?', tool, outcome: { ...decision, result } });
 * }
 * ```
 */
export interface FunctionCaller {
  /**
   * @returns A call with arguments as JSON text (checked by the pipeline before anything runs), or words: a
   * question for a missing value, or why the function does not fit.
   */
  decide(input: FunctionQuestion, options?: TaskOptions): Promise<FunctionDecision>;
  /**
   * @returns The answer from the outcome, as text, or as JSON text for `format`.
   * @throws ServiceError 502/504 when a remote platform fails or times out.
   */
  answer(
    input: FunctionQuestion & { outcome: FunctionOutcome },
    format?: AnswerFormat,
    options?: TaskOptions,
  ): Promise<string>;
}

/**
 * The query of another reading of the question that the writer found almost as likely (a second column or
 * table of the same words, rows with or without duplicates): run beside the SELECT, it must return the same rows.
 */
export interface SqlRival {
  /** What decision it takes the other way: `column`, `table`, `distinct`. */
  kind: string;
  sql: string;
  /** The two readings in words, for the decline: `the column "a.x" or "a.y" for "port"`. */
  reading: string;
}

/**
 * A query that returns a row when a column the SELECT tests holds the value it is tested for: run only when
 * the SELECT found nothing, a probe that finds no row means a condition could never have matched.
 */
export interface SqlValueProbe {
  sql: string;
  /** The value and its column in words: `"Kells" in "ferry.home_port"`. */
  said: string;
}

/**
 * What SQL writing answers: one SELECT (with the queries of near-tied rival readings and the probes of the
 * values it compares, if the writer knows any), a refusal of a request to change data, or why it is unsure.
 */
export type SqlDraft =
  { sql: string; rivals?: SqlRival[]; probes?: SqlValueProbe[] } | { readOnly: true } | { unsure: string };

/** A statement that was refused or failed, and the error the caller's database or the guard gave. */
export interface SqlFailure {
  sql: string;
  error: string;
}

/**
 * Writes the SELECT that answers a question over a caller's tables.
 *
 * @example
 * ```ts
 * const draft = await writer.write({ question: 'How many orders?', schema, failures: [] });
 * if ('sql' in draft) log.info('drafted', { chars: draft.sql.length });
 * ```
 */
export interface SqlWriter {
  /**
   * @param input - `failures`: the earlier statements of this question that were refused or failed, oldest first.
   * @throws ServiceError 502/504 when a remote platform fails or times out.
   */
  write(
    input: { question: string; schema: DatabaseSchema; failures: SqlFailure[] },
    options?: TaskOptions,
  ): Promise<SqlDraft>;
}

/**
 * Answers a question from the rows a statement returned. Each condition of the question the statement did not
 * apply is named on a line that starts with SQL_NOT_APPLIED (@fnquery/contracts).
 *
 * @example
 * ```ts
 * const answer = await answerer.answer({ question: 'How many orders?', schema, sql, result });
 * ```
 */
export interface SqlAnswerer {
  answer(
    input: { question: string; schema: DatabaseSchema; sql: string; result: QueryResult },
    format?: AnswerFormat,
    options?: TaskOptions,
  ): Promise<string>;
}

/**
 * Answers a question from retrieved passages, citing them.
 *
 * @example
 * ```ts
 * const answer = await answerer.answer({ question: 'How do refunds work?', passages });
 * ```
 */
export interface RagAnswerer {
  answer(
    input: {
      question: string;
      /** The text that chose the passages, when the caller gave one apart from the question. */
      retrievalQuery?: string;
      passages: Passage[];
    },
    format?: AnswerFormat,
    options?: TaskOptions,
  ): Promise<string>;
}

/**
 * Every task of one AI platform for one request; its calls are counted in the request's usage.
 *
 * @example
 * ```ts
 * const tasks = platformTasks(meter);
 * const draft = await tasks.sqlWriter.write({ question, schema, failures: [] });
 * ```
 */
export interface AiTasks {
  /** The model behind them, e.g. `local` or `openai:gpt-4o-mini`; never a secret. */
  readonly id: string;
  readonly functions: FunctionCaller;
  readonly sqlWriter: SqlWriter;
  readonly sqlAnswerer: SqlAnswerer;
  readonly ragAnswerer: RagAnswerer;
}
