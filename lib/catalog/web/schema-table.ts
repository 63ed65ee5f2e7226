// A JSON Schema as rows of a readable table: one row per field, nested objects and array items
// under dotted names (`address.city`, `tags[]`), with type, whether required, description,
// constraints and an example (the schema's own, or the value at that place in the spec's example).
import type { JsonSchemaObject } from '../../spec/index';

export interface SchemaRow {
  /** Dotted path; empty for the body itself when it is not an object. */
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** Plain words: "one of a, b", "at least 1", "pattern ^x$". */
  constraints: string[];
  /** JSON text of an example value, when one is known. */
  example?: string;
}

/** Deeper levels are summarised by their type: a table is for reading, not for every corner. */
const MAX_DEPTH = 6;

const isObject = (v: unknown): v is JsonSchemaObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const json = (v: unknown) => JSON.stringify(v);

function typeOf(schema: JsonSchemaObject): string {
  if (schema.const !== undefined) return `constant ${json(schema.const)}`;
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (typeof schema.type === 'string') {
    if (schema.type === 'array' && isObject(schema.items)) return `array of ${typeOf(schema.items)}`;
    return typeof schema.format === 'string' ? `${schema.type} (${schema.format})` : schema.type;
  }
  if (Array.isArray(schema.enum)) return 'enum';
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options))
      return `${key === 'oneOf' ? 'one' : 'any'} of: ${options.filter(isObject).map(typeOf).join(' | ')}`;
  }
  if (isObject(schema.properties)) return 'object';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? 'reference';
  return 'any';
}

const WORDS: [string, (v: unknown) => string][] = [
  ['enum', (v) => `one of ${(v as unknown[]).map(json).join(', ')}`],
  ['minimum', (v) => `≥ ${v}`],
  ['exclusiveMinimum', (v) => `> ${v}`],
  ['maximum', (v) => `≤ ${v}`],
  ['exclusiveMaximum', (v) => `< ${v}`],
  ['multipleOf', (v) => `multiple of ${v}`],
  ['minLength', (v) => `at least ${v} characters`],
  ['maxLength', (v) => `at most ${v} characters`],
  ['pattern', (v) => `pattern ${v}`],
  ['minItems', (v) => `at least ${v} items`],
  ['maxItems', (v) => `at most ${v} items`],
  ['uniqueItems', (v) => (v === true ? 'items unique' : '')],
  ['default', (v) => `default ${json(v)}`],
];

function constraintsOf(schema: JsonSchemaObject): string[] {
  return WORDS.filter(([key]) => schema[key] !== undefined)
    .map(([key, say]) => say(schema[key]))
    .filter(Boolean);
}

/** Follows `#/$defs/…` (and `#/definitions/…`) references inside the schema's own root. */
function resolver(root: JsonSchemaObject) {
  return (schema: JsonSchemaObject, seen: Set<string>): { schema: JsonSchemaObject; cycle?: string } => {
    const ref = schema.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return { schema };
    if (seen.has(ref)) return { schema, cycle: ref };
    let target: unknown = root;
    for (const part of ref.slice(2).split('/'))
      target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    if (!isObject(target)) return { schema };
    seen.add(ref);
    const { $ref: _ref, ...rest } = schema;
    return { schema: { ...target, ...rest } };
  };
}

export function schemaRows(root: JsonSchemaObject, example?: unknown): SchemaRow[] {
  const rows: SchemaRow[] = [];
  const resolve = resolver(root);
  const visit = (
    raw: JsonSchemaObject,
    name: string,
    required: boolean,
    sample: unknown,
    depth: number,
    seen: Set<string>,
  ) => {
    const { schema, cycle } = resolve(raw, seen);
    const own = Array.isArray(schema.examples) && schema.examples.length ? schema.examples[0] : sample;
    const properties = isObject(schema.properties) ? schema.properties : undefined;
    if (name || !properties) {
      rows.push({
        name,
        type: cycle ? `${typeOf(schema)} (recursive)` : typeOf(schema),
        required,
        description: typeof schema.description === 'string' ? schema.description : '',
        constraints: constraintsOf(schema),
        ...(own !== undefined && !isObject(own) && !Array.isArray(own) && { example: json(own) }),
        ...(own !== undefined && Array.isArray(own) && !properties && { example: json(own) }),
      });
    }
    if (cycle || depth >= MAX_DEPTH) return;
    if (properties) {
      const needed = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      for (const [key, child] of Object.entries(properties)) {
        if (!isObject(child)) continue;
        const childSample = isObject(sample) ? sample[key] : undefined;
        visit(child, name ? `${name}.${key}` : key, needed.has(key), childSample, depth + 1, new Set(seen));
      }
    }
    if (isObject(schema.items) && (isObject(schema.items.properties) || typeof schema.items.$ref === 'string')) {
      visit(schema.items, `${name}[]`, false, Array.isArray(sample) ? sample[0] : undefined, depth + 1, new Set(seen));
    }
  };
  visit(root, '', true, example, 0, new Set());
  return rows;
}
