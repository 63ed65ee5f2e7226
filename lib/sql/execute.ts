// Runs SQL that passed the guard. The caller's database is never changed: always inside a
// read-only transaction that is always rolled back, under the session's server-side statement
// time limit (set in connect.ts), with a client-side timeout as a backstop for a server that
// ignores it. Rows are read as a stream under a byte budget as well as the row limit: a few rows
// of megabytes each would otherwise fill the process long before the row limit is reached.

import type { FieldPacket } from 'mysql2';
import { DEFAULT_SQL_RESULT_BYTES } from '../config';
import type { DatabaseSession } from './connect';
import { statementFailure } from './database-errors';
import { toPlainValue, type PlainValue } from './values';

import type { QueryResult } from './ports';

export type { QueryResult };

export interface ExecuteOptions {
  /** The same limit given to the guard, which let through at most one row more. */
  rowLimit: number;
  /** Bytes of row values kept; the statement is stopped, and the session closed, at the row that passes it. */
  resultBytes?: number;
}

/** How long after the server's own limit the client gives up on the statement. */
const CLIENT_TIMEOUT_GRACE_MS = 2000;

const FAILED_QUERY_ADVICE =
  'The model may have generated an invalid query, for example a reserved word used as a column name without backticks; repeating the request usually succeeds';

/** The event-emitting query of mysql2's core connection, which the promise wrapper keeps as `connection`. */
interface StreamingQuery {
  on(event: 'fields', listener: (fields: FieldPacket[]) => void): StreamingQuery;
  on(event: 'result', listener: (row: unknown[]) => void): StreamingQuery;
  on(event: 'error', listener: (error: Error) => void): StreamingQuery;
  on(event: 'end', listener: () => void): StreamingQuery;
}
interface CoreConnection {
  query(options: { sql: string; rowsAsArray: boolean; timeout: number }): StreamingQuery;
}

/** Bytes a value takes in the result the service keeps (binary counts as its hex text). */
function valueBytes(value: PlainValue): number {
  if (value === null) return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'object') return Buffer.byteLength(JSON.stringify(value));
  return 8;
}

export async function executeGuardedSql(
  session: DatabaseSession,
  sql: string,
  options: ExecuteOptions,
): Promise<QueryResult> {
  const { connection } = session;
  const { rowLimit, resultBytes = DEFAULT_SQL_RESULT_BYTES } = options;
  let stopped = false;
  try {
    await connection.query('START TRANSACTION READ ONLY');
    const core = (connection as unknown as { connection: CoreConnection }).connection;
    const result: QueryResult = { columns: [], rows: [], rowCount: 0, truncated: false };
    let bytes = 0;
    await new Promise<void>((resolve, reject) => {
      core
        .query({ sql, rowsAsArray: true, timeout: session.statementTimeoutMs + CLIENT_TIMEOUT_GRACE_MS })
        .on('fields', (fields) => (result.columns = (fields ?? []).map((field) => field.name)))
        .on('result', (row) => {
          // The guard capped the statement at one row more than the limit: that row only says "cut".
          if (stopped || result.truncated) return;
          if (result.rows.length >= rowLimit) {
            result.truncated = true;
            return;
          }
          const values = row.map(toPlainValue);
          bytes += values.reduce<number>((sum, value) => sum + valueBytes(value), 0);
          if (bytes > resultBytes) {
            Object.assign(result, { truncated: true, cutAtBytes: resultBytes });
            // Closing the connection is the one way to stop mysql2 reading; the server drops the statement.
            stopped = true;
            connection.destroy();
            resolve();
            return;
          }
          result.rows.push(values);
        })
        .on('error', (error) => (stopped ? resolve() : reject(error)))
        .on('end', () => resolve());
    });
    result.rowCount = result.rows.length;
    return result;
  } catch (error) {
    throw statementFailure(error, {
      issue: 'The generated query failed to run',
      advice: FAILED_QUERY_ADVICE,
      query: sql,
    });
  } finally {
    if (!stopped) {
      await connection.query('ROLLBACK').catch(() => {
        // The connection broke (e.g. the client timeout closed it); the server rolls back on disconnect.
      });
    }
  }
}
