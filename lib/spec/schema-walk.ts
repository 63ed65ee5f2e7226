// Walks the subschemas of a JSON Schema (2020-12 applicators, plus the older `definitions` and
// array `items`), telling schemas apart from data: a property named "type" or a `const` object
// is never mistaken for a keyword.
import { isJsonObject } from './field-reader';
import type { JsonSchemaObject } from './types';

/** Keywords whose value is an object mapping names to subschemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is a subschema or an array of subschemas. */
const SCHEMA_CHILDREN = new Set([
  'items',
  'prefixItems',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'contentSchema',
]);

/** Copies `schema`, passing every (sub)schema object through `transform` before its children. */
export function mapSubschemas(schema: unknown, transform: (node: JsonSchemaObject) => JsonSchemaObject): unknown {
  if (!isJsonObject(schema)) return schema;
  const node = transform({ ...schema });
  const recurse = (child: unknown) => mapSubschemas(child, transform);
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_MAPS.has(key) && isJsonObject(value)) {
      node[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, recurse(child)]));
    } else if (SCHEMA_CHILDREN.has(key)) {
      node[key] = Array.isArray(value) ? value.map(recurse) : recurse(value);
    }
  }
  return node;
}

export interface EmbeddedSchema {
  schema: JsonSchemaObject;
  /** The schema's `$defs`, for the caller to place at `defsLocation`. */
  defs?: JsonSchemaObject;
}

/**
 * Prepares a user schema to live inside another document (an OpenAPI document, a tool's
 * parameters). References inside it are written relative to its own root, which is no longer the
 * document root, so `#/…` references are re-rooted at `location` and `#/$defs/…` at `defsLocation`.
 * `$schema` and `$id` go: tool APIs reject them, and an `$id` would change how references resolve.
 */
export function embedSchema(schema: JsonSchemaObject, location: string, defsLocation: string): EmbeddedSchema {
  const rootId = typeof schema.$id === 'string' ? schema.$id.replace(/#$/, '') : undefined;
  const reroot = (ref: string): string => {
    const fragment = rootId && (ref === rootId || ref.startsWith(`${rootId}#`)) ? ref.slice(rootId.length) || '#' : ref;
    if (fragment === '#') return location;
    if (fragment.startsWith('#/$defs/')) return `${defsLocation}${fragment.slice('#/$defs'.length)}`;
    if (fragment.startsWith('#/')) return `${location}${fragment.slice(1)}`;
    return fragment;
  };
  const { $defs, ...rest } = mapSubschemas(schema, (node) => {
    delete node.$schema;
    delete node.$id;
    if (typeof node.$ref === 'string') node.$ref = reroot(node.$ref);
    return node;
  }) as JsonSchemaObject;
  return isJsonObject($defs) ? { schema: rest, defs: $defs } : { schema: rest };
}
