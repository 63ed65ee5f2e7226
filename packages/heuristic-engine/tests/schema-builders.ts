// Database schemas for tests, in the shape the service's introspection hands the engine: one column or
// table written in a line, everything it does not name left empty.
import type { ColumnSchema, TableSchema } from '@fnquery/contracts';

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
