// Reads what the model needs to know about exactly the listed tables: columns, keys, a few
// sample rows and the values of low-cardinality text columns. Table names are matched
// case-sensitively (docs/interface.md), so a name that differs only in case is reported, not used.

import type { QueryOptions, RowDataPacket } from 'mysql2/promise';
import { badRequest } from '../errors';
import { closestName } from '../spec/violations';
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
/** Table names read for a missing table's advice: enough to find a typo's table, few enough to say. */
const MAX_TABLES_READ = 500;
/** Table names listed in that advice. */
const MAX_TABLES_SAID = 30;
const EXISTING_SQL = `SELECT TABLE_NAME AS name FROM information_schema.TABLES
  WHERE TABLE_SCHEMA = DATABASE() AND LOWER(TABLE_NAME) IN (?)`;
/** Every table's name, for the advice when a listed one is missing (a typo gets the closest name). */
const ALL_TABLES_SQL = `SELECT TABLE_NAME AS name FROM information_schema.TABLES
  WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME LIMIT ${MAX_TABLES_READ}`;
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
  const found = existing.map((row) => String(row.name));
  if (names.some((name) => !found.includes(name))) {
    const all = await read<RowDataPacket>({ sql: ALL_TABLES_SQL }, 'the list of tables');
    refuseMissing(
      names,
      found,
      all.map((row) => String(row.name)),
      session.database,
    );
  }

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

/**
 * A listed table that does not exist: which ones, the closest existing name for each typo, the names
 * the database has (the first MAX_TABLES_SAID), and the ones that differ only in case.
 */
function refuseMissing(names: string[], found: string[], all: string[], database: string): never {
  const missing = names.filter((name) => !found.includes(name));
  const caseVariants = found.filter((name) => !names.includes(name));
  const others = all.filter((name) => !names.includes(name));
  const guesses = missing.flatMap((name) => {
    const guess = caseVariants.find((v) => v.toLowerCase() === name.toLowerCase()) ?? closestName(name, others);
    return guess ? [`${guess} for ${name}`] : [];
  });
  const listed = all.length
    ? `The database ${database} has ${all.length === MAX_TABLES_READ ? `at least ${all.length}` : all.length} table${all.length === 1 ? '' : 's'}: ${all.slice(0, MAX_TABLES_SAID).join(', ')}${all.length > MAX_TABLES_SAID ? ', …' : ''}.`
    : `The database ${database} has no tables the user can see.`;
  const advice = [
    guesses.length ? `Did you mean ${guesses.join('; ')}?` : '',
    listed,
    'Table names are case-sensitive.',
    caseVariants.length ? `The database has ${caseVariants.join(', ')}, which differs only in case.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (missing.length === names.length)
    throw badRequest(
      `None of the listed tables exists in the database ${database}: ${missing.join(', ')}`,
      advice,
      'no_tables_found',
    );
  throw badRequest(
    `Some listed tables were not found in the database ${database}: ${missing.join(', ')}`,
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
