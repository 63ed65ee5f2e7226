// How large a structured_output schema is once its references are followed: a few kilobytes of
// `$defs` whose every `anyOf` arm refers to the next one expand to 10^16 subschemas, which the
// checks here and the validation of the answer would walk one by one. Refused past a size no
// hand-written schema reaches (a 100,000-character schema without references has some 10,000).
import type { JsonSchema } from './ports';
import { DATA_KEYWORDS, localRefTarget } from './schema-nodes';

export const MAX_EXPANDED_SUBSCHEMAS = 20_000;

/**
 * True when the schema, with each local `$ref` followed where it stands (a reference back to a
 * schema on the way down is a recursion, followed once), has more than `limit` objects.
 */
export function expandsBeyond(schema: JsonSchema, limit = MAX_EXPANDED_SUBSCHEMAS): boolean {
  let count = 0;
  const onPath = new Set<unknown>();
  const visit = (node: unknown): boolean => {
    if (typeof node !== 'object' || node === null) return false;
    if (++count > limit) return true;
    if (onPath.has(node)) return false;
    onPath.add(node);
    try {
      if (Array.isArray(node)) return node.some(visit);
      const object = node as JsonSchema;
      if (typeof object.$ref === 'string' && visit(localRefTarget(object.$ref, schema))) return true;
      return Object.entries(object).some(([key, value]) => key !== '$defs' && !DATA_KEYWORDS.has(key) && visit(value));
    } finally {
      onPath.delete(node);
    }
  };
  return visit(schema);
}

/** How deep a schema may nest (objects and arrays): far beyond any hand-written one, far below the stack. */
export const MAX_SCHEMA_DEPTH = 64;

/** True when the JSON value nests objects or arrays more than `limit` deep (walked without recursion). */
export function nestsBeyond(value: unknown, limit = MAX_SCHEMA_DEPTH): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}
