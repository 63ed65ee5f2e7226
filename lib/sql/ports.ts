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

/** One open connection to the caller's database, for one question. */
export interface DatabaseQuerySession {
  /** The requested tables as the server describes them. */
  schema: DatabaseSchema;
  /** Runs a statement the guard accepts (read-only, the named tables only, row-limited); refuses any other. */
  run(sql: string): Promise<QueryResult>;
}

export interface CallerDatabases {
  /** Connects (TLS only) to the database of `connectionString`, reads `tables`, runs `work`, and disconnects. */
  withSession<T>(
    connectionString: string,
    tables: readonly string[],
    work: (session: DatabaseQuerySession) => Promise<T>,
  ): Promise<T>;
}
