// POST /query-service/v1/rdbms: schema → the model writes a SELECT → guard → run → the model
// answers from the rows. A query that is refused or fails goes back to the model with the error,
// for up to two repairs; after that the request fails with docs/interface.md's 400 envelope.
import {
  SQL_NOT_APPLIED as NOT_APPLIED,
  SQL_READ_ONLY_REPLY as READ_ONLY_REPLY,
  SQL_UNSURE_PREFIX as UNSURE,
  type ChatMessage,
} from '../ai/ports';
import { isServiceError, ServiceError } from '../errors';
import type { CallerDatabases, DatabaseSchema, QueryResult } from '../sql/ports';
import { describeRows, describeSchema, extractSql } from './sql-prompt';
import type { RdbmsBody } from './body-schema';
import { finalAnswer, type QueryModel } from './shared';

export type { RdbmsBody };

export interface RdbmsOptions {
  /** The caller's databases, reached only through this port (lib/sql/caller-databases.ts). */
  databases: CallerDatabases;
}

export const MAX_REPAIRS = 2;

const WRITE_SQL = (flavour: string) =>
  [
    `You write one ${flavour} SELECT statement (WITH is allowed) that answers the user's question from the tables described.`,
    'Use only the listed tables and columns, quote identifiers with backticks, and do not write comments.',
    `If the user asks to change data (insert, update, delete, drop, create …), reply with ${READ_ONLY_REPLY} and nothing else.`,
    `If the question cannot be answered from these tables with confidence, reply with "${UNSURE} <why>" instead of a guess.`,
    'Reply with the SQL statement only.',
  ].join(' ');

const ANSWER =
  'Answer the question from the query result. Be concise and state the numbers exactly. ' +
  `Say only what the SQL computed; for each condition of the question the SQL did not apply, add a line "${NOT_APPLIED} <the condition>". ` +
  'If the user asks for code (for example a chart of the data), include complete code in your answer that uses these rows as its data.';

interface Generated {
  sql: string;
  result: QueryResult;
}

/** The plain answer to a request to change data: nothing was generated to run, nothing ran. */
export const READ_ONLY_ANSWER =
  'The service only reads data from your database: it does not insert, change or delete anything, so nothing was run.';

/** The start of the answer when the model (or the heuristic engine) was unsure how to read the question. */
export const UNSURE_ANSWER = 'Nothing was run: the question could not be turned into a query with confidence';

async function generateAndRun(
  body: RdbmsBody,
  schema: DatabaseSchema,
  model: QueryModel,
  run: (sql: string) => Promise<QueryResult>,
  signal?: AbortSignal,
): Promise<Generated | 'read-only' | { unsure: string }> {
  const messages: ChatMessage[] = [
    { role: 'system', content: WRITE_SQL(schema.flavour) },
    {
      role: 'user',
      content: `Tables of database \`${schema.database}\`:\n\n${describeSchema(schema)}\n\nQuestion: ${body.query}`,
    },
  ];
  let failure: ServiceError | undefined;
  for (let attempt = 0; attempt <= MAX_REPAIRS; attempt++) {
    const reply = await model.chat.chat({
      messages,
      signal,
      hint: { kind: 'sql', question: body.query, schema, previousError: failure?.problems[0]?.issue },
    });
    if (reply.content?.trim() === READ_ONLY_REPLY) return 'read-only';
    const text = reply.content?.trim() ?? '';
    if (text.startsWith(UNSURE)) return { unsure: text.slice(UNSURE.length).trim() || 'no reason given' };
    const sql = extractSql(reply.content);
    try {
      return { sql, result: await run(sql) };
    } catch (e) {
      // Only the query's own faults are worth a repair; timeouts and lost connections are not.
      if (!isServiceError(e) || e.status !== 400) throw e;
      failure = e;
      messages.push(
        { role: 'assistant', content: sql },
        {
          role: 'user',
          content: `That query was refused or failed: ${e.problems.map((p) => `${p.issue}. ${p.advice}`).join(' ')}\nWrite a corrected query.`,
        },
      );
    }
  }
  throw failure!;
}

export async function answerFromDatabase(
  body: RdbmsBody,
  model: QueryModel,
  options: RdbmsOptions,
  signal?: AbortSignal,
): Promise<{ answer: string; messages: string[] }> {
  return options.databases.withSession(body.sqldb_connection_string, body.tables, async ({ schema, run }) => {
    const generated = await generateAndRun(body, schema, model, run, signal);
    if (generated === 'read-only')
      return {
        answer: READ_ONLY_ANSWER,
        messages: ['NOT RUN: the request asks to change data; the service only reads', 'completed'],
      };
    if ('unsure' in generated)
      return {
        answer: `${UNSURE_ANSWER} (${generated.unsure}). Rephrase the question with the table and column names it is about, or ask for less at once.`,
        messages: [
          `NOT RUN: the question could not be read into a query with confidence: ${generated.unsure}`,
          'completed',
        ],
      };
    const { sql, result } = generated;

    const answer = await finalAnswer(model, {
      messages: [
        { role: 'system', content: ANSWER },
        {
          role: 'user',
          content: `Question: ${body.query}\n\nSQL that was run:\n${sql}\n\nResult: ${describeRows(result)}`,
        },
      ],
      signal,
      hint: { kind: 'sql', question: body.query, schema, rows: { sql, ...result } },
    });
    return { answer, messages: [`QUERY: ${sql}`, ...cutMessage(result), ...notAppliedMessages(answer), 'completed'] };
  });
}

/** The answer's "Not applied:" lines, as message lines the caller can act on without reading prose. */
const notAppliedMessages = (answer: string): string[] =>
  answer
    .split('\n')
    .filter((line) => line.startsWith(NOT_APPLIED))
    .map((line) => `NOT APPLIED: ${line.slice(NOT_APPLIED.length).trim()}`);

/** A result the byte budget cut is said in a message line too, with what to do about it. */
const cutMessage = ({ cutAtBytes, rowCount }: QueryResult): string[] =>
  cutAtBytes === undefined
    ? []
    : [
        `RESULT CUT: the result passed the service's size limit of ${cutAtBytes} bytes after ${rowCount} rows, so the query was stopped; ask for fewer rows or columns to see the rest`,
      ];
