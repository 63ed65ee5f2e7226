// The data shapes the service and its AI engines exchange. Both sides import them from here, so neither
// depends on the other for its vocabulary.
export type { JsonSchema, ToolCall, ToolDefinition } from './json-schema';
export type { Passage } from './passage';
export { SQL_NOT_APPLIED } from './database';
export type {
  ColumnSchema,
  DatabaseSchema,
  ForeignKeySchema,
  PlainValue,
  QueryResult,
  SqlFlavour,
  SqlRows,
  TableSchema,
} from './database';
export { EMBEDDING_DIMENSIONS, type TokenUsage } from './usage';
