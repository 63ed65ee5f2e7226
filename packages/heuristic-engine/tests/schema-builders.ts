// Schemas for tests, written in a line: database columns and tables in the shape the service's
// introspection hands the engine, everything they do not name left empty; and function tools.
import type { ColumnSchema, DatabaseSchema, JsonSchema, TableSchema, ToolDefinition } from '@fnquery/contracts';

/** A function tool; every property required unless `required` says otherwise. */
export const tool = (
  name: string,
  description: string,
  properties: Record<string, JsonSchema>,
  required = Object.keys(properties),
): ToolDefinition => ({ name, description, parameters: { type: 'object', properties, required } });

export const column = (name: string, type: string, distinctValues?: string[]): ColumnSchema => ({
  name,
  type,
  nullable: true,
  ...(distinctValues && { distinctValues }),
});

export const table = (name: string, columns: ColumnSchema[], extra: Partial<TableSchema> = {}): TableSchema => ({
  name,
  kind: 'table',
  columns,
  primaryKey: [],
  foreignKeys: [],
  sampleRows: [],
  ...extra,
});

/** A database of these tables, as MariaDB's introspection describes it. */
export const database = (name: string, tables: TableSchema[]): DatabaseSchema => ({
  database: name,
  flavour: 'MariaDB',
  serverVersion: '10.11.6-MariaDB',
  tables,
});
