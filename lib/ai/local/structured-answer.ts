// An answer shaped by a structured-output schema, for any local-engine result (a function's
// result, SQL rows as objects, …). Each property takes the result field whose name is most like its
// own (at any depth), converted to the property's type; then what the caller read elsewhere (e.g.
// from the question); a free-text property ("answer", "summary") with nothing else to hold gets the
// readable answer. A required property that nothing fills gets an empty value of its type only
// where the schema accepts one; otherwise it stays out and the caller's validation reports it.
import { terms } from '../local-text';
import type { JsonSchema } from '../ports';
import { resolveSchema, slotType } from './function-calling/slots';
import { nameWords, stemMatch } from './words';

const MAX_DEPTH = 4;
const TEXT_PROPERTIES = new Set(['answer', 'summary', 'text', 'result', 'response', 'message', 'explanation', 'description', 'content', 'output']);

interface Field {
  path: string[];
  value: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function fields(value: unknown, path: string[] = [], depth = 0): Field[] {
  if (!isObject(value) || depth > MAX_DEPTH) return [];
  return Object.entries(value).flatMap(([k, v]) => [{ path: [...path, k], value: v }, ...fields(v, [...path, k], depth + 1)]);
}

const stemsOf = (name: string) => terms(nameWords(name).join(' '));

/** Share of the property's words found in the field's name (its own key counts most). */
function nameSimilarity(property: string, field: Field): number {
  const wanted = stemsOf(property);
  if (wanted.length === 0) return 0;
  const own = stemsOf(field.path.at(-1)!);
  const parents = field.path.slice(0, -1).flatMap(stemsOf);
  const share = (stems: string[]) => wanted.filter((w) => stems.some((s) => stemMatch(w, s) >= 0.8)).length / wanted.length;
  return share(own) + 0.3 * share(parents) - 0.01 * field.path.length;
}

/** The value as the schema's type, or undefined when it cannot be one. */
function coerce(root: JsonSchema, schema: JsonSchema, value: unknown, depth: number): unknown {
  const type = slotType(schema);
  if (Array.isArray(schema.enum)) return schema.enum.find((o) => String(o).toLowerCase() === String(value).toLowerCase());
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
    case 'integer':
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (Number.isNaN(n)) return undefined;
      return type === 'integer' ? (Number.isInteger(n) ? n : Math.round(n)) : n;
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : value === 'true' || value === 'yes' ? true : value === 'false' || value === 'no' ? false : undefined;
    case 'array': {
      const items = resolveSchema(schema.items, root);
      const list = Array.isArray(value) ? value : [value];
      const converted = list.map((v) => coerce(root, items, v, depth + 1));
      return converted.every((v) => v !== undefined) ? converted : undefined;
    }
    case 'object':
      return isObject(value) && depth < MAX_DEPTH ? shape(root, schema, value, depth + 1) : undefined;
    default:
      return value;
  }
}

function emptyValue(schema: JsonSchema): unknown {
  const type = slotType(schema);
  const constrained = ['enum', 'const', 'minLength', 'pattern', 'format', 'minItems', 'minProperties', 'required'].some((k) => schema[k] !== undefined);
  if (constrained) return undefined;
  if (type === 'string') return '';
  if (type === 'array') return [];
  if (type === 'object') return {};
  return undefined;
}

/** Fills the object schema's properties from `value`'s fields, then from `fallbacks` and `text`. */
function shape(root: JsonSchema, schema: JsonSchema, value: unknown, depth: number, fallbacks: Record<string, unknown> = {}, text?: string): Record<string, unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const available = fields(value);
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(properties)) {
    const property = resolveSchema(raw, root);
    const ranked = available
      .map((f) => ({ f, score: nameSimilarity(name, f) }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score);
    let filled: unknown;
    for (const { f } of ranked) {
      filled = coerce(root, property, f.value, depth);
      if (filled !== undefined) break;
    }
    // A result that is a single value answers a schema with a single property.
    if (filled === undefined && !isObject(value) && value !== undefined && Object.keys(properties).length === 1) filled = coerce(root, property, value, depth);
    if (filled === undefined && text !== undefined && slotType(property) === 'string' && TEXT_PROPERTIES.has(name.toLowerCase())) filled = text;
    filled ??= fallbacks[name];
    if (filled === undefined && required.has(name)) filled = emptyValue(property);
    if (filled !== undefined) out[name] = filled;
  }
  return out;
}

export interface AnswerSources {
  /** Values by property name, for properties the result does not hold. */
  fallbacks?: Record<string, unknown>;
  /** The readable answer, for a free-text property. */
  text?: string;
}

/** The JSON answer for an object `schema` from `result` (undefined when there is none). */
export function structuredAnswer(schema: JsonSchema, result: unknown, sources: AnswerSources = {}): Record<string, unknown> {
  return shape(schema, schema, result, 0, sources.fallbacks, sources.text);
}
