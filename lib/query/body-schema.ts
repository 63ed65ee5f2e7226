// The body schemas of the query endpoints, apart from the pipelines, so the route table
// (lib/api/routes.ts), which every handler loads, pulls no AI client into bundles that need none.
// Each body's type is derived from its schema: what a pipeline reads is what Ajv checked.
import type { JsonSchema, SchemaValue } from '../json-schema';

const SHARED_PROPERTIES = {
  query: { type: 'string', minLength: 1, maxLength: 20_000 },
  ai_platform: { type: 'string', maxLength: 64 },
  'api+key': { type: 'string', maxLength: 512 },
  structured_output: { type: 'string', maxLength: 100_000 },
} as const satisfies Record<string, JsonSchema>;

/**
 * The body schema of a query endpoint: the shared fields plus the endpoint's own. Unknown fields
 * are refused, so a misspelt optional field (say `ragquery`) cannot be silently ignored.
 */
function queryBodySchema<const P extends Record<string, JsonSchema>, const R extends readonly (keyof P & string)[]>(
  own: P,
  required: R,
) {
  return {
    type: 'object',
    required: ['query', ...required],
    properties: { ...SHARED_PROPERTIES, ...own },
    additionalProperties: false,
  } as const satisfies JsonSchema;
}

export const FUNCTION_QUERY_BODY = queryBodySchema({ function: { type: 'string', minLength: 1, maxLength: 64 } }, [
  'function',
]);

export const VECTORDB_QUERY_BODY = queryBodySchema(
  {
    vector_docdb_collection: { type: 'string', minLength: 1, maxLength: 255 },
    rag_query: { type: 'string', maxLength: 20_000 },
    vector_docdb_connection_string: { type: 'string', minLength: 1, maxLength: 4096 },
    vector_docdb_database: { type: 'string', minLength: 1, maxLength: 64 },
  },
  ['vector_docdb_collection'],
);

export const RDBMS_QUERY_BODY = queryBodySchema(
  {
    tables: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 64 },
    },
    sqldb_connection_string: { type: 'string', minLength: 1, maxLength: 2048 },
  },
  ['tables', 'sqldb_connection_string'],
);

/** The fields every query endpoint takes (the model, the caller's key, structured output). */
export type SharedQueryBody = SchemaValue<{
  type: 'object';
  required: ['query'];
  properties: typeof SHARED_PROPERTIES;
  additionalProperties: false;
}>;
export type FunctionQueryBody = SchemaValue<typeof FUNCTION_QUERY_BODY>;
export type VectordbBody = SchemaValue<typeof VECTORDB_QUERY_BODY>;
export type RdbmsBody = SchemaValue<typeof RDBMS_QUERY_BODY>;
