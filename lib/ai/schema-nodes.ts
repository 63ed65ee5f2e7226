// What the structured_output checks share when they walk a caller's schema: which values are
// subschemas, which keywords hold data rather than schemas, and where a local `$ref` points.
import type { JsonSchema } from './ports';

export const isSchemaObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords whose values are data, not schemas: a `const` object may have a "pattern" field. */
export const DATA_KEYWORDS: ReadonlySet<string> = new Set(['const', 'enum', 'default', 'examples']);

/** The node a local `$ref` ("#", "#/$defs/a~1b") names in `root`; undefined for any other reference. */
export function localRefTarget(ref: string, root: JsonSchema): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (isSchemaObject(node) ? node[key] : undefined), root);
}
