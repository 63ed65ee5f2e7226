// What text-to-SQL (lib/query/rdbms.ts) sees of a caller's database: its schema, a guarded way to
// run a SELECT, and the result. Adapter: lib/sql/caller-databases.ts (MySQL/MariaDB over TLS).
import type { SqlFlavour } from './connect';
import type { PlainValue } from './values';

export interface ColumnSchema {
  name: string;
  /** The full column type as the server states it, e.g. `varchar(20)` or `enum('a','b')`. */
  type: string;
  nullable: boolean;
  comment?: string;
  /** Every distinct value among the scanned rows, when a text column has few short ones. */
  distinctValues?: string[];
}

export interface ForeignKeySchema {
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
}

export interface TableSchema {
  name: string;
  kind: 'table' | 'view';
  comment?: string;
  columns: ColumnSchema[];
  primaryKey: string[];
  foreignKeys: ForeignKeySchema[];
  /** The first rows, values in column order; long text is cut. */
  sampleRows: PlainValue[][];
}

export interface DatabaseSchema {
  database: string;
  flavour: SqlFlavour;
  serverVersion: string;
  tables: TableSchema[];
}

export interface QueryResult {
  columns: string[];
  /** Rows as arrays: generated SQL may return two columns of the same name. */
  rows: PlainValue[][];
  rowCount: number;
  /** More rows existed than were returned (the row limit or the byte budget cut the result). */
  truncated: boolean;
  /** Set when the byte budget, not the row limit, cut the result: the budget in bytes. */
  cutAtBytes?: number;
}

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
