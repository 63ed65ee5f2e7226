// The body schemas of the query endpoints, apart from the pipelines, so the route table
// (lib/api/routes.ts), which every handler loads, pulls no AI client into bundles that need none.
import type { JsonSchema } from '../ai/ports';

const SHARED_PROPERTIES = {
  query: { type: 'string', minLength: 1, maxLength: 20_000 },
  ai_platform: { type: 'string', maxLength: 64 },
  'api+key': { type: 'string', maxLength: 512 },
  structured_output: { type: 'string', maxLength: 100_000 },
};

/**
 * The body schema of a query endpoint: the shared fields plus the endpoint's own. Unknown fields
 * are refused, so a misspelt optional field (say `ragquery`) cannot be silently ignored.
 */
export function queryBodySchema(own: Record<string, JsonSchema>, required: string[]): JsonSchema {
  return {
    type: 'object',
    required: ['query', ...required],
    properties: { ...SHARED_PROPERTIES, ...own },
    additionalProperties: false,
  };
}
