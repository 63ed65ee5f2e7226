// Runs SQL that passed the guard: inside a read-only transaction that is always rolled
// back, under the session's server-side statement time limit (set in connect.ts), with a
// client-side timeout as a backstop for a server that ignores it.

import type { DatabaseSession } from './connect';
import { statementFailure } from './database-errors';
import { toPlainValue, type PlainValue } from './values';

export interface QueryResult {
  columns: string[];
  /** Rows as arrays: generated SQL may return two columns of the same name. */
  rows: PlainValue[][];
  rowCount: number;
  /** More rows existed than `rowLimit`; only the first `rowLimit` are returned. */
  truncated: boolean;
}

export interface ExecuteOptions {
  /** The same limit given to the guard, which let through at most one row more. */
  rowLimit: number;
}

/** How long after the server's own limit the client gives up on the statement. */
const CLIENT_TIMEOUT_GRACE_MS = 2000;

const FAILED_QUERY_ADVICE =
  'The model may have generated an invalid query, for example a reserved word used as a column name without backticks; repeating the request usually succeeds';

export async function executeGuardedSql(session: DatabaseSession, sql: string, options: ExecuteOptions): Promise<QueryResult> {
  const { connection } = session;
  try {
    await connection.query('START TRANSACTION READ ONLY');
    const [rows, fields] = await connection.query({
      sql,
      rowsAsArray: true,
      timeout: session.statementTimeoutMs + CLIENT_TIMEOUT_GRACE_MS,
    });
    const all = Array.isArray(rows) ? (rows as unknown[][]) : [];
    const kept = all.slice(0, options.rowLimit).map((row) => row.map(toPlainValue));
    return {
      columns: (fields ?? []).map((field) => field.name),
      rows: kept,
      rowCount: kept.length,
      truncated: all.length > options.rowLimit,
    };
  } catch (error) {
    throw statementFailure(error, { issue: 'The generated query failed to run', advice: FAILED_QUERY_ADVICE, query: sql });
  } finally {
    await connection.query('ROLLBACK').catch(() => {
      // The connection broke (e.g. the client timeout closed it); the server rolls back on disconnect.
    });
  }
}
