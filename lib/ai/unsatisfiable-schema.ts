// Why no value can satisfy a structured_output schema, if we can tell: the caller's mistake (400
// before any work), not a model failure after it. Only what every answer must hold is checked:
// the root, its required properties (recursively), and the items of an array that needs some. An
// optional property that nothing satisfies can simply be left out, so it does not count.
import type { JsonSchema } from './ports';
import { isSchemaObject as isObject, localRefTarget } from './schema-nodes';
import { boundConflict, only } from './unsatisfiable-bounds';
import { combinedConflict } from './unsatisfiable-combined';
import { linearMatch, linearOnlyAjv } from './unsatisfiable-patterns';

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

function resolve(schema: unknown, root: JsonSchema): unknown {
  if (!isObject(schema) || typeof schema.$ref !== 'string') return schema;
  // Another document's reference is left as written.
  return schema.$ref === '#' || schema.$ref.startsWith('#/') ? localRefTarget(schema.$ref, root) : schema;
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

const valueAjv = linearOnlyAjv();
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
  // The whole subschema judges its listed values (a `const` object missing a required property)
  // unless it refers elsewhere; then only the keywords that judge a value on their own.
  const own = JSON.stringify(schema).includes('"$ref"')
    ? Object.fromEntries(VALUE_KEYWORDS.filter((k) => k in schema).map((k) => [k, schema[k]]))
    : { ...schema };
  let someAccepted: boolean;
  try {
    const validate = valueAjv.compile(own);
    someAccepted = candidates.some((v) => validate(v) === true);
  } catch {
    // A schema Ajv refuses is reported by the compile step, with its own message; one with a
    // pattern RE2 cannot read, by the pattern check. Either way this check is unsure.
    return undefined;
  } finally {
    valueAjv.removeSchema(own); // callers' schemas differ every time: keep none
  }
  if (someAccepted) return undefined;
  return 'const' in schema && Array.isArray(schema.enum)
    ? `${at} has a const that is not one of its enum options`
    : `${at} allows only values that its other keywords refuse`;
}

/**
 * The required properties of an object (its own and its allOf branches', and those their
 * `dependentRequired` brings in) must each be allowed by every part and have a value.
 */
function objectConflict(schema: JsonSchema, root: JsonSchema, at: string, depth: number): string | undefined {
  const branches = Array.isArray(schema.allOf) ? schema.allOf.map((b) => resolve(b, root)) : [];
  const parts = [schema, ...branches.filter(isObject)];
  const required = requiredNames(parts);
  const maxProperties = Math.min(...parts.map((p) => num(p.maxProperties) ?? Infinity));
  if (required.length > maxProperties) return `${at} requires more properties than its maxProperties`;
  for (const name of required) {
    for (const part of parts) {
      if (!nameAllowed(part.propertyNames, name))
        return `${at}/${name} is required but its name is refused by propertyNames`;
      const properties = isObject(part.properties) ? part.properties : {};
      for (const raw of schemasOfName(part, name)) {
        const property = resolve(raw, root);
        if (property === false)
          return name in properties
            ? `${at}/${name} is required but its schema is false`
            : `${at}/${name} is required but not allowed (${raw === part.additionalProperties ? 'additionalProperties' : 'patternProperties'}: false)`;
        const why = conflict(property, root, `${at}/${name}`, depth + 1);
        if (why) return why;
      }
    }
  }
  return undefined;
}

/** Every name some part requires, and the names `dependentRequired` adds for them, once each. */
function requiredNames(parts: JsonSchema[]): string[] {
  const names = new Set(parts.flatMap((p) => (Array.isArray(p.required) ? p.required.map(String) : [])));
  for (const name of names)
    for (const part of parts) {
      const dependent = isObject(part.dependentRequired) ? part.dependentRequired[name] : undefined;
      if (Array.isArray(dependent)) dependent.forEach((d) => names.add(String(d)));
    }
  return [...names];
}

/**
 * The subschemas a property's value must satisfy: its own in `properties`, and every
 * `patternProperties` schema whose pattern matches its name; `additionalProperties` when neither
 * names it. A pattern that cannot be run in linear time may or may not name it: then only its own.
 */
function schemasOfName(schema: JsonSchema, name: string): unknown[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const patterns = isObject(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
  const matched = patterns.map(([pattern, s]) => ({ s, match: linearMatch(pattern, name) }));
  const own = name in properties ? [properties[name]] : [];
  const named = [...own, ...matched.filter((m) => m.match === true).map((m) => m.s)];
  if (named.length > 0 || matched.some((m) => m.match === undefined)) return named;
  return 'additionalProperties' in schema ? [schema.additionalProperties] : [];
}

/** Whether `propertyNames` (no references) lets a property be called `name`; true when unsure. */
function nameAllowed(propertyNames: unknown, name: string): boolean {
  if (propertyNames === undefined || propertyNames === true) return true;
  if (propertyNames === false) return false;
  if (!isObject(propertyNames) || JSON.stringify(propertyNames).includes('"$ref"')) return true;
  try {
    return valueAjv.compile(propertyNames)(name) === true;
  } catch {
    return true;
  } finally {
    valueAjv.removeSchema(propertyNames);
  }
}

/** The schemas being checked on the way down from the root, to see a reference come back to one. */
const onPath = new Set<JsonSchema>();
/** Subschemas checked per schema, past which the rest are taken as satisfiable: the check stays cheap. */
const MAX_STEPS = 2_000;
let steps = 0;

function conflict(raw: unknown, root: JsonSchema, at: string, depth: number): string | undefined {
  const schema = resolve(raw, root);
  if (schema === false) return `${at} is the schema false`;
  if (!isObject(schema) || depth > MAX_DEPTH || ++steps > MAX_STEPS) return undefined;
  // Every step down is one an answer must take (a required property, a needed item, an allOf
  // branch) or one of arms that all fail: coming back to a schema on the way means no end.
  if (onPath.has(schema)) return `${at} requires a value inside itself without end (a "$ref" cycle)`;
  onPath.add(schema);
  try {
    const own =
      typeConflict(schema, at) ??
      boundConflict(schema, at) ??
      valuesConflict(schema, at) ??
      combinedConflict(
        schema,
        at,
        depth,
        (branch, where, d) => conflict(branch, root, where, d),
        (s) => resolve(s, root),
      );
    if (own) return own;
    if (schema.type === 'object') return objectConflict(schema, root, at, depth);
    if (schema.type === 'array') return arrayConflict(schema, root, at, depth);
    return undefined;
  } finally {
    onPath.delete(schema);
  }
}

/** The distinct values a schema allows, when it lists them (boolean, null, const, enum). */
function distinctValues(schema: unknown): number | undefined {
  if (!isObject(schema)) return undefined;
  if ('const' in schema) return 1;
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map((v) => JSON.stringify(v))).size;
  if (only(schema, 'boolean', 'null')) {
    const types = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
    return (types.has('boolean') ? 2 : 0) + (types.has('null') ? 1 : 0);
  }
  return undefined;
}

/**
 * An array that must hold items: the items must have a value; unique items need that many
 * distinct ones; `contains` must find its matches (minContains, 1 by default) within maxItems.
 */
function arrayConflict(schema: JsonSchema, root: JsonSchema, at: string, depth: number): string | undefined {
  const minItems = num(schema.minItems) ?? 0;
  const items = resolve(schema.items, root);
  // The first items answer to `prefixItems`, one each; `items` only to those after them.
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
  for (let i = 0; i < Math.min(minItems, prefix.length); i++) {
    const why = conflict(prefix[i], root, `${at}/prefixItems/${i}`, depth + 1);
    if (why) return why;
  }
  if (minItems > prefix.length) {
    const why = conflict(items, root, `${at}/items`, depth + 1);
    if (why) return why;
  }
  const distinct = prefix.length > 0 ? undefined : distinctValues(items);
  if (schema.uniqueItems === true && distinct !== undefined && minItems > distinct)
    return `${at} needs ${minItems} unique items but its items allow only ${distinct} distinct values`;
  if (!('contains' in schema)) return undefined;
  const minContains = num(schema.minContains) ?? 1;
  if (minContains === 0) return undefined;
  if (minContains > (num(schema.maxItems) ?? Infinity)) return `${at} must contain more items than its maxItems`;
  return conflict(schema.contains, root, `${at}/contains`, depth + 1);
}

/** A sentence saying why no JSON value can satisfy `schema`, or undefined when we find no reason. */
export function unsatisfiableBecause(schema: JsonSchema): string | undefined {
  onPath.clear();
  steps = 0;
  return conflict(schema, schema, '#', 0);
}
