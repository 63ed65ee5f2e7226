// Why no value can satisfy a structured_output schema, if we can tell: the caller's mistake (400
// before any work), not a model failure after it. Only what every answer must hold is checked:
// the root, its required properties (recursively), and the items of an array that needs some. An
// optional property that nothing satisfies can simply be left out, so it does not count.
import { createAjv } from '../json-schema';
import type { JsonSchema } from './ports';

const MAX_DEPTH = 16;
const TYPE_OF: Record<string, (v: unknown) => boolean> = {
  null: (v) => v === null,
  boolean: (v) => typeof v === 'boolean',
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === 'number',
  string: (v) => typeof v === 'string',
  array: (v) => Array.isArray(v),
  object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
};

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

function resolve(schema: unknown, root: JsonSchema): unknown {
  if (!isObject(schema) || typeof schema.$ref !== 'string' || !schema.$ref.startsWith('#/')) return schema;
  return schema.$ref
    .slice(2)
    .split('/')
    .map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), root);
}

function typeConflict(schema: JsonSchema, at: string): string | undefined {
  const types =
    schema.type === undefined
      ? undefined
      : Array.isArray(schema.type)
        ? schema.type.map(String)
        : [String(schema.type)];
  if (types?.length === 0) return `${at} allows no type ("type": [])`;
  const fits = (v: unknown) => !types || types.some((t) => TYPE_OF[t]?.(v));
  if ('const' in schema && !fits(schema.const)) return `${at} has a const that is not of its own type`;
  if (Array.isArray(schema.enum) && !schema.enum.some(fits))
    return schema.enum.length === 0 ? `${at} has an empty enum` : `${at} has no enum option of its own type`;
  return undefined;
}

const valueAjv = createAjv();
// The keywords that judge a single value on their own, without references or subschemas.
const VALUE_KEYWORDS = [
  'type',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
];

/**
 * A schema that lists its only values (`const`, `enum`) but whose other keywords refuse every one of
 * them: a `const` outside its `enum`, an option longer than `maxLength` or outside the pattern.
 */
function valuesConflict(schema: JsonSchema, at: string): string | undefined {
  if (!('const' in schema) && !Array.isArray(schema.enum)) return undefined;
  const candidates = 'const' in schema ? [schema.const] : (schema.enum as unknown[]);
  const own = Object.fromEntries(VALUE_KEYWORDS.filter((k) => k in schema).map((k) => [k, schema[k]]));
  let someAccepted: boolean;
  try {
    const validate = valueAjv.compile(own);
    someAccepted = candidates.some((v) => validate(v) === true);
  } catch {
    return undefined; // a schema Ajv refuses is reported by the compile step, with its own message
  } finally {
    valueAjv.removeSchema(own); // callers' schemas differ every time: keep none
  }
  if (someAccepted) return undefined;
  return 'const' in schema && Array.isArray(schema.enum)
    ? `${at} has a const that is not one of its enum options`
    : `${at} allows only values that its other keywords refuse`;
}

function boundConflict(schema: JsonSchema, at: string): string | undefined {
  const [min, max, xmin, xmax] = [
    num(schema.minimum),
    num(schema.maximum),
    num(schema.exclusiveMinimum),
    num(schema.exclusiveMaximum),
  ];
  const low = Math.max(min ?? -Infinity, xmin ?? -Infinity);
  const high = Math.min(max ?? Infinity, xmax ?? Infinity);
  const lowExcluded = xmin !== undefined && xmin === low;
  const highExcluded = xmax !== undefined && xmax === high;
  const onlyNumbers = schema.type === 'number' || schema.type === 'integer';
  if (onlyNumbers && (low > high || (low === high && (lowExcluded || highExcluded))))
    return `${at} has no number between its minimum and maximum`;
  if (schema.type === 'integer') {
    const first = lowExcluded ? Math.floor(low) + 1 : Math.ceil(low);
    const last = highExcluded ? Math.ceil(high) - 1 : Math.floor(high);
    if (first > last) return `${at} has no integer between its minimum and maximum`;
  }
  const pairs: [string, string, string][] = [
    ['minLength', 'maxLength', 'string'],
    ['minItems', 'maxItems', 'array'],
    ['minProperties', 'maxProperties', 'object'],
  ];
  for (const [lower, upper, type] of pairs) {
    if (schema.type === type && (num(schema[lower]) ?? 0) > (num(schema[upper]) ?? Infinity))
      return `${at} has ${lower} above ${upper}`;
  }
  return undefined;
}

function objectConflict(schema: JsonSchema, root: JsonSchema, at: string, depth: number): string | undefined {
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  const properties = isObject(schema.properties) ? schema.properties : {};
  if (required.length > (num(schema.maxProperties) ?? Infinity))
    return `${at} requires more properties than its maxProperties`;
  for (const name of required) {
    const property = resolve(properties[name], root);
    if (property === false) return `${at}/${name} is required but its schema is false`;
    if (property === undefined && schema.additionalProperties === false)
      return `${at}/${name} is required but not allowed (additionalProperties: false)`;
    const why = conflict(property, root, `${at}/${name}`, depth + 1);
    if (why) return why;
  }
  return undefined;
}

/** A schema's types as base kinds ("number" is both integers and fractions), undefined when any. */
function kindsOf(schema: unknown): Set<string> | undefined {
  if (!isObject(schema) || schema.type === undefined) return undefined;
  const types = Array.isArray(schema.type) ? schema.type.map(String) : [String(schema.type)];
  return new Set(types.flatMap((t) => (t === 'number' ? ['integer', 'fraction'] : [t])));
}

/**
 * Subschemas that every answer must satisfy too: `not` of everything, `allOf` branches that
 * conflict or whose types share none with each other, `anyOf` / `oneOf` whose every branch conflicts.
 */
function combinedConflict(schema: JsonSchema, root: JsonSchema, at: string, depth: number): string | undefined {
  const not = resolve(schema.not, root);
  if (not === true || (isObject(not) && Object.keys(not).length === 0)) return `${at} is refused by its own "not"`;
  const all = Array.isArray(schema.allOf) ? schema.allOf.map((b) => resolve(b, root)) : [];
  for (const [i, branch] of all.entries()) {
    const why = conflict(branch, root, `${at}/allOf/${i}`, depth + 1);
    if (why) return why;
  }
  let shared = kindsOf(schema);
  for (const branch of all) {
    const kinds = kindsOf(branch);
    if (kinds) shared = shared ? new Set([...shared].filter((k) => kinds.has(k))) : kinds;
  }
  if (shared?.size === 0) return `${at} allows no type: its "type" and "allOf" branches share none`;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const reasons = branches.map((b, i) => conflict(b, root, `${at}/${key}/${i}`, depth + 1));
    if (reasons.every(Boolean)) return `${at} has no "${key}" branch that an answer can satisfy (${reasons[0]})`;
  }
  return undefined;
}

function conflict(raw: unknown, root: JsonSchema, at: string, depth: number): string | undefined {
  const schema = resolve(raw, root);
  if (schema === false) return `${at} is the schema false`;
  if (!isObject(schema) || depth > MAX_DEPTH) return undefined;
  const own =
    typeConflict(schema, at) ??
    boundConflict(schema, at) ??
    valuesConflict(schema, at) ??
    combinedConflict(schema, root, at, depth);
  if (own) return own;
  if (schema.type === 'object') return objectConflict(schema, root, at, depth);
  if (schema.type === 'array' && (num(schema.minItems) ?? 0) > 0)
    return conflict(schema.items, root, `${at}/items`, depth + 1);
  return undefined;
}

/** A sentence saying why no JSON value can satisfy `schema`, or undefined when we find no reason. */
export function unsatisfiableBecause(schema: JsonSchema): string | undefined {
  return conflict(schema, schema, '#', 0);
}
