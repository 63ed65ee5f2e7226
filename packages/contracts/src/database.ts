// What a text-to-SQL engine sees of a caller's database: the schema of the tables asked about, and the rows a
// statement answered.

export type SqlFlavour = 'MariaDB' | 'MySQL';

/**
 * A row value in a form JSON carries without surprises: dates as the server writes them, big integers as
 * strings when they do not fit a double, binary data as hex text.
 */
export type PlainValue = string | number | boolean | null | PlainValue[] | { [key: string]: PlainValue };

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

/** What a text-to-SQL answer is given: the statement that ran and its result. */
export type SqlRows = QueryResult & { sql: string };

/**
 * Starts a line of a text-to-SQL answer that names a condition of the question the SQL did not apply; the
 * service lists such lines as messages the caller can act on.
 */
export const SQL_NOT_APPLIED = 'Not applied:';
