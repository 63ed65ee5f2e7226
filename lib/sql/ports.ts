// What text-to-SQL (lib/query/rdbms.ts) sees of a caller's database: its schema, a guarded way to
// run a SELECT, and the result. Adapter: lib/sql/caller-databases.ts (MySQL/MariaDB over TLS).
import type { DatabaseSchema, QueryResult } from '@fnquery/contracts';

// The shapes of a schema and a result are shared with the heuristic engine, so they live in the neutral
// contracts package; re-exported here for lib's users.
export type { ColumnSchema, DatabaseSchema, ForeignKeySchema, QueryResult, TableSchema } from '@fnquery/contracts';

/**
 * One open connection to the caller's database, for one question.
 *
 * @example
 * ```ts
 * await callerDatabases.withSession(dsn, ['orders'], async (session) => {
 *   log.info('tables', { names: session.schema.tables.map((t) => t.name).join(',') });
 *   const result = await session.run('SELECT COUNT(*) FROM orders');
 *   return result.rows[0]?.[0];
 * });
 * ```
 */
export interface DatabaseQuerySession {
  /** The requested tables as the server describes them. */
  schema: DatabaseSchema;
  /**
   * Runs a statement the guard accepts (read-only, the named tables only, row-limited); refuses any other.
   * @throws ServiceError 400 for a statement the guard refuses, or one the database rejects.
   */
  run(sql: string): Promise<QueryResult>;
}

/**
 * Reaches a caller's MySQL or MariaDB for one question, over TLS only.
 *
 * @example
 * ```ts
 * const total = await callerDatabases.withSession(dsn, ['orders'], async (session) => {
 *   const { rows } = await session.run('SELECT SUM(amount) FROM orders');
 *   return rows[0]?.[0];
 * });
 * ```
 */
export interface CallerDatabases {
  /**
   * Connects (TLS only) to the database of `connectionString`, reads `tables`, runs `work`, and disconnects.
   * @param connectionString - `user:password@tcp(host:3306)/database`.
   * @returns What `work` returns.
   * @throws ServiceError 400/502/504 when the database refuses the connection or cannot be reached.
   */
  withSession<T>(
    connectionString: string,
    tables: readonly string[],
    work: (session: DatabaseQuerySession) => Promise<T>,
  ): Promise<T>;
}
