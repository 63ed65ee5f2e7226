// Reads what the model needs to know about exactly the listed tables: columns, keys, a few
// sample rows and the values of low-cardinality text columns. Table names are matched
// case-sensitively (docs/interface.md), so a name that differs only in case is reported, not used.

import type { QueryOptions, RowDataPacket } from 'mysql2/promise';
import { badRequest } from '../errors';
import type { DatabaseSession } from './connect';
import { statementFailure } from './database-errors';
import { toPlainValue, type PlainValue } from './values';

import type { ColumnSchema, DatabaseSchema, ForeignKeySchema, TableSchema } from './ports';

export type { ColumnSchema, DatabaseSchema, ForeignKeySchema, TableSchema };

const SAMPLE_ROWS = 3;
/** Distinct values are collected from the first rows only, so introspection stays cheap on big tables. */
const SCANNED_ROWS = 1000;
const MAX_DISTINCT_VALUES = 20;
const MAX_DISTINCT_VALUE_LENGTH = 60;
const MAX_SAMPLE_TEXT_LENGTH = 100;
const TEXT_TYPES = new Set(['char', 'varchar', 'tinytext', 'text', 'mediumtext', 'longtext', 'enum', 'set']);
const LONG_TYPES = new Set([
  ...TEXT_TYPES,
  'binary',
  'varbinary',
  'tinyblob',
  'blob',
  'mediumblob',
  'longblob',
  'json',
]);

const quoteIdentifier = (name: string) => `\`${name.replace(/`/g, '``')}\``;

interface ColumnRow extends RowDataPacket {
  tableName: string;
  name: string;
  type: string;
  dataType: string;
  nullable: string;
  comment: string;
}

// Names are compared exactly in JavaScript; the server may compare them without case.
const EXISTING_SQL = `SELECT TABLE_NAME AS name FROM information_schema.TABLES
  WHERE TABLE_SCHEMA = DATABASE() AND LOWER(TABLE_NAME) IN (?)`;
const TABLES_SQL = `SELECT TABLE_NAME AS name, TABLE_TYPE AS type, TABLE_COMMENT AS comment
  FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (?)`;
const COLUMNS_SQL = `SELECT TABLE_NAME AS tableName, COLUMN_NAME AS name, COLUMN_TYPE AS type, DATA_TYPE AS dataType,
    IS_NULLABLE AS nullable, COLUMN_COMMENT AS comment
  FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (?)
  ORDER BY TABLE_NAME, ORDINAL_POSITION`;
const KEYS_SQL = `SELECT TABLE_NAME AS tableName, CONSTRAINT_NAME AS constraintName, COLUMN_NAME AS columnName,
    REFERENCED_TABLE_SCHEMA AS referencedSchema, REFERENCED_TABLE_NAME AS referencedTable,
    REFERENCED_COLUMN_NAME AS referencedColumn
  FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (?)
  ORDER BY TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION`;

/**
 * MariaDB looks information_schema rows up once per name without case, so `faculty` and
 * `Faculty` in one IN list find only one of the two tables. Such names go in separate batches.
 */
function caseDistinctBatches(names: string[]): string[][] {
  const batches: string[][] = [];
  for (const name of names) {
    const batch = batches.find((candidate) => !candidate.some((other) => other.toLowerCase() === name.toLowerCase()));
    if (batch) batch.push(name);
    else batches.push([name]);
  }
  return batches;
}

export async function introspectTables(
  session: DatabaseSession,
  requested: readonly string[],
): Promise<DatabaseSchema> {
  const names = [...new Set(requested)];
  if (names.length === 0)
    throw badRequest('No tables were listed', 'List the tables the model may read in "tables"', 'no_tables');
  const read = async <T>(query: QueryOptions, what: string): Promise<T[]> => {
    try {
      const [rows] = await session.connection.query(query);
      return rows as T[];
    } catch (error) {
      throw statementFailure(error, {
        issue: `Reading ${what} failed`,
        advice: 'Grant the database user SELECT on the listed tables, then retry',
      });
    }
  };

  const lowerNames = names.map((name) => name.toLowerCase());
  const existing = await read<RowDataPacket>({ sql: EXISTING_SQL, values: [lowerNames] }, 'the list of tables');
  checkAllFound(
    names,
    existing.map((row) => String(row.name)),
    session.database,
  );

  const tableRows: RowDataPacket[] = [];
  const columns: ColumnRow[] = [];
  const keys: RowDataPacket[] = [];
  for (const batch of caseDistinctBatches(names)) {
    tableRows.push(...(await read<RowDataPacket>({ sql: TABLES_SQL, values: [batch] }, 'the tables')));
    columns.push(...(await read<ColumnRow>({ sql: COLUMNS_SQL, values: [batch] }, 'the columns')));
    keys.push(...(await read<RowDataPacket>({ sql: KEYS_SQL, values: [batch] }, 'the keys')));
  }

  const tables: TableSchema[] = [];
  for (const name of names) {
    const tableColumns = columns.filter((column) => column.tableName === name);
    const tableKeys = keys.filter((key) => key.tableName === name);
    const scanned = await read<unknown[]>(scanQuery(name, tableColumns), `the table ${name}`);
    const rows = scanned.map((row) => row.map(toPlainValue));
    const table = tableRows.find((row) => row.name === name);
    tables.push({
      name,
      kind: String(table?.type).includes('VIEW') ? 'view' : 'table',
      ...(table?.comment ? { comment: String(table.comment) } : {}),
      columns: tableColumns.map((column, index) => describeColumn(column, rows, index)),
      primaryKey: tableKeys.filter((key) => key.constraintName === 'PRIMARY').map((key) => String(key.columnName)),
      foreignKeys: foreignKeys(tableKeys, session.database),
      sampleRows: rows.slice(0, SAMPLE_ROWS).map((row) => row.map(shortenSample)),
    });
  }
  return { database: session.database, flavour: session.flavour, serverVersion: session.serverVersion, tables };
}

function checkAllFound(names: string[], existing: string[], database: string): void {
  const missing = names.filter((name) => !existing.includes(name));
  if (missing.length === 0) return;
  const caseVariants = existing.filter((name) => !names.includes(name));
  const hint = caseVariants.length ? ` The database has ${caseVariants.join(', ')}, which differs only in case.` : '';
  const advice = `Check that the tables exist in the database ${database} and that the case is right, since table names are case-sensitive.${hint}`;
  if (missing.length === names.length) throw badRequest('No tables found in the database', advice, 'no_tables_found');
  throw badRequest(
    `Some listed tables were not found in the database: ${missing.join(', ')}`,
    advice,
    'tables_not_found',
  );
}

/** The first rows, with long values cut in the server so a wide table costs little to read. */
function scanQuery(table: string, columns: ColumnRow[]): QueryOptions {
  const list = columns.map(({ name, dataType }) =>
    LONG_TYPES.has(dataType.toLowerCase())
      ? `LEFT(${quoteIdentifier(name)}, ${MAX_SAMPLE_TEXT_LENGTH + 1})`
      : quoteIdentifier(name),
  );
  return {
    sql: `SELECT ${list.join(', ') || '*'} FROM ${quoteIdentifier(table)} LIMIT ${SCANNED_ROWS}`,
    rowsAsArray: true,
  };
}

function describeColumn(column: ColumnRow, rows: PlainValue[][], index: number): ColumnSchema {
  const described: ColumnSchema = { name: column.name, type: column.type, nullable: column.nullable === 'YES' };
  if (column.comment) described.comment = column.comment;
  if (TEXT_TYPES.has(column.dataType.toLowerCase())) {
    const values = new Set(rows.map((row) => row[index]).filter((value): value is string => typeof value === 'string'));
    const short = [...values].every((value) => value.length <= MAX_DISTINCT_VALUE_LENGTH);
    if (values.size > 0 && values.size <= MAX_DISTINCT_VALUES && short) described.distinctValues = [...values].sort();
  }
  return described;
}

function foreignKeys(keys: RowDataPacket[], database: string): ForeignKeySchema[] {
  const byConstraint = new Map<string, ForeignKeySchema>();
  for (const key of keys) {
    if (!key.referencedTable || key.referencedSchema !== database) continue;
    const foreignKey = byConstraint.get(key.constraintName) ?? {
      columns: [],
      referencedTable: String(key.referencedTable),
      referencedColumns: [],
    };
    foreignKey.columns.push(String(key.columnName));
    foreignKey.referencedColumns.push(String(key.referencedColumn));
    byConstraint.set(key.constraintName, foreignKey);
  }
  return [...byConstraint.values()];
}

const shortenSample = (value: PlainValue): PlainValue =>
  typeof value === 'string' && value.length > MAX_SAMPLE_TEXT_LENGTH
    ? `${value.slice(0, MAX_SAMPLE_TEXT_LENGTH)}…`
    : value;
