// POST /query-service/v1/rdbms: schema → the SQL writer drafts a SELECT → guard → run → the SQL answerer
// answers from the rows. The queries of near-tied rival readings the writer drafted with it run too
// (rival-readings.ts); when their rows differ, the question is declined as ambiguous, and when the SELECT
// found nothing because a value it tests is stored in no row of its column, as misread. A query that is
// refused or fails goes back to the writer with the error, for up to two repairs; after that the request
// fails with docs/interface.md's 400 envelope.
import { SQL_NOT_APPLIED as NOT_APPLIED } from '@fnquery/contracts';
import type { SqlFailure } from '../ai/tasks';
import { isServiceError, type ServiceError } from '../errors';
import type { CallerDatabases, DatabaseSchema, QueryResult } from '../sql/ports';
import type { RdbmsBody } from './body-schema';
import { settleDraft } from './rival-readings';
import { finalAnswer, type QueryModel } from './shared';

export type { RdbmsBody };

export interface RdbmsOptions {
  /** The caller's databases, reached only through this port (lib/sql/caller-databases.ts). */
  databases: CallerDatabases;
}

export const MAX_REPAIRS = 2;

interface Generated {
  sql: string;
  result: QueryResult;
}

/** The plain answer to a request to change data: nothing was generated to run, nothing ran. */
export const READ_ONLY_ANSWER =
  'The service only reads data from your database: it does not insert, change or delete anything, so nothing was run.';

/** The start of the answer when the model (or the heuristic engine) was unsure how to read the question. */
export const UNSURE_ANSWER = 'Nothing was run: the question could not be turned into a query with confidence';

/**
 * The start of the answer when the query found nothing because a column it tests never holds the value: true
 * if the value was meant for that column, a misreading if it belongs to another; the answer says which to check.
 */
export const UNMATCHED_ANSWER = 'Nothing matched, and nothing could have';

/** The start of the answer when two near-tied readings of the question returned different rows. */
export const AMBIGUOUS_ANSWER =
  'No answer was given: the question can be read two ways whose queries return different rows';

async function generateAndRun(
  body: RdbmsBody,
  schema: DatabaseSchema,
  model: QueryModel,
  run: (sql: string) => Promise<QueryResult>,
  signal?: AbortSignal,
): Promise<Generated | 'read-only' | { unsure: string } | { ambiguous: string } | { unmatched: string }> {
  const failures: SqlFailure[] = [];
  let failure: ServiceError | undefined;
  for (let attempt = 0; attempt <= MAX_REPAIRS; attempt++) {
    const draft = await model.tasks.sqlWriter.write({ question: body.query, schema, failures }, { signal });
    if ('readOnly' in draft) return 'read-only';
    if ('unsure' in draft) return draft;
    const { sql } = draft;
    try {
      const settled = await settleDraft(draft, run);
      if (settled.ambiguous) return { ambiguous: settled.ambiguous };
      return settled.unmatched ? { unmatched: settled.unmatched } : { sql, result: settled.result };
    } catch (e) {
      // Only the query's own faults are worth a repair; timeouts and lost connections are not.
      if (!isServiceError(e) || e.status !== 400) throw e;
      failure = e;
      failures.push({ sql, error: e.problems.map((p) => `${p.issue}. ${p.advice}`).join(' ') });
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
    if ('ambiguous' in generated)
      return {
        answer: `${AMBIGUOUS_ANSWER}: ${generated.ambiguous}. Rephrase the question with the table and column names it is about.`,
        messages: [
          `NOT ANSWERED: two readings of the question return different rows: ${generated.ambiguous}`,
          'completed',
        ],
      };
    if ('unmatched' in generated)
      return {
        answer: `${UNMATCHED_ANSWER}: no row holds ${generated.unmatched}. If the value is stored in another column, or written another way, rephrase the question with the table and column names it is about.`,
        messages: [`NOT ANSWERED: the query found nothing and no row holds ${generated.unmatched}`, 'completed'],
      };
    const { sql, result } = generated;

    const answer = await finalAnswer(model, (format) =>
      model.tasks.sqlAnswerer.answer({ question: body.query, schema, sql, result }, format, { signal }),
    );
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
