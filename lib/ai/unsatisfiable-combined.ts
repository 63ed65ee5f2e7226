// The keywords that combine subschemas, as unsatisfiable-schema.ts checks them: what all of `allOf`
// requires together (types, bounds and listed values met across branches, as a caller splits them
// up: `allOf: [{const: "a"}, {const: "b"}]`), a `not` that refuses every type the schema allows, an
// `if` that always holds, and `anyOf` / `oneOf` arms that all fail. Cheap: no solver, only what
// the keywords state side by side.
import type { JsonSchema } from './ports';
import { isSchemaObject as isObject } from './schema-nodes';
import { boundConflict } from './unsatisfiable-bounds';

export type Check = (raw: unknown, at: string, depth: number) => string | undefined;
export type Resolve = (schema: unknown) => unknown;

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** A schema's types as base kinds ("number" is both integers and fractions), undefined when any. */
export function kindsOf(schema: unknown): Set<string> | undefined {
  if (!isObject(schema) || schema.type === undefined) return undefined;
  const types = Array.isArray(schema.type) ? schema.type.map(String) : [String(schema.type)];
  return new Set(types.flatMap((t) => (t === 'number' ? ['integer', 'fraction'] : [t])));
}

const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains'];
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'];

/** The schema and its allOf branches as one set of bounds: the highest lower and the lowest upper bound. */
function mergedBounds(parts: JsonSchema[]): JsonSchema {
  const merged: JsonSchema = {};
  const typed = parts.find((p) => p.type !== undefined);
  if (typed) merged.type = typed.type;
  for (const part of parts) {
    for (const key of LOWER) {
      const v = num(part[key]);
      if (v !== undefined) merged[key] = Math.max(num(merged[key]) ?? -Infinity, v);
    }
    for (const key of UPPER) {
      const v = num(part[key]);
      if (v !== undefined) merged[key] = Math.min(num(merged[key]) ?? Infinity, v);
    }
  }
  return merged;
}

/** The values every part that lists some allows (`const`, `enum`), as JSON text; undefined when none lists. */
function sharedValues(parts: JsonSchema[]): Set<string> | undefined {
  let shared: Set<string> | undefined;
  for (const part of parts) {
    const listed = 'const' in part ? [part.const] : Array.isArray(part.enum) ? (part.enum as unknown[]) : undefined;
    if (!listed) continue;
    const texts = new Set(listed.map((v) => JSON.stringify(v)));
    shared = shared ? new Set([...shared].filter((t) => texts.has(t))) : texts;
  }
  return shared;
}

/** A `not` that refuses every type the schema allows: `{type: "string", not: {type: "string"}}`. */
function notOfEveryType(schema: JsonSchema, not: unknown): boolean {
  if (not === true || (isObject(not) && Object.keys(not).length === 0)) return true;
  if (!isObject(not) || Object.keys(not).some((k) => k !== 'type' && k !== 'description' && k !== 'title'))
    return false;
  const [own, refused] = [kindsOf(schema), kindsOf(not)];
  return own !== undefined && refused !== undefined && [...own].every((k) => refused.has(k));
}

/** Why the combining keywords leave no value, or undefined. */
export function combinedConflict(
  schema: JsonSchema,
  at: string,
  depth: number,
  check: Check,
  resolve: Resolve,
): string | undefined {
  if (notOfEveryType(schema, resolve(schema.not))) return `${at} is refused by its own "not"`;
  const all = Array.isArray(schema.allOf) ? schema.allOf.map(resolve) : [];
  for (const [i, branch] of all.entries()) {
    const why = check(branch, `${at}/allOf/${i}`, depth + 1);
    if (why) return why;
  }
  // An `if` that every value meets makes its `then` as binding as an allOf branch; one none meets, its `else`.
  const condition = resolve(schema.if);
  const always = condition === true || (isObject(condition) && Object.keys(condition).length === 0);
  if ((always && 'then' in schema) || (condition === false && 'else' in schema)) {
    const key = always ? 'then' : 'else';
    const why = check(schema[key], `${at}/${key}`, depth + 1);
    if (why) return why;
  }
  const parts = [schema, ...all.filter(isObject)];
  let shared = kindsOf(schema);
  for (const branch of all) {
    const kinds = kindsOf(branch);
    if (kinds) shared = shared ? new Set([...shared].filter((k) => kinds.has(k))) : kinds;
  }
  if (shared?.size === 0) return `${at} allows no type: its "type" and "allOf" branches share none`;
  if (all.length > 0) {
    if (sharedValues(parts)?.size === 0) return `${at} has no value that its own and its "allOf" lists share`;
    const bounds = boundConflict(mergedBounds(parts), at);
    if (bounds) return `${bounds}, taken together with its "allOf" branches`;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const reasons = branches.map((b, i) => check(b, `${at}/${key}/${i}`, depth + 1));
    if (reasons.every(Boolean)) return `${at} has no "${key}" branch that an answer can satisfy (${reasons[0]})`;
  }
  return undefined;
}
