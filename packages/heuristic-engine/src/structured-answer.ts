// An answer shaped by a structured-output schema, for any heuristic-engine result (a function's
// result, SQL rows as objects, retrieved passages). Each property takes, in this order:
// 1. the result field whose name is most like its own (at any depth; a measure verb also names the
//    nouns it measures: `carries` ~ `passengers`, structured-measures.ts), converted to its type;
// 2. for an object, the same filling one level down (a `product: {name, price}` wrapper over a flat
//    result); for an array of objects, the result's list of objects;
// 3. a free-text property ("answer", "summary") gets the readable answer;
// 4. what the evidence text says (structured-evidence.ts, -options.ts for enums, -flags.ts for
//    booleans): values read by the property's name, the
//    subject's name for a `name` or `title` (the one name the question and the evidence share), the
//    enum option it names (or, failing that, the option its words are synonyms of: "big" → large),
//    a yes/no by the property's words, negated sentence by sentence, a number tied to the verb that
//    measures the property ("seats 12" for `capacity`);
// 5. when required and still without evidence, an explicit "not known" (structured-evidence.ts:
//    null where the schema allows it, else its default or an empty value; never an invented one).
// An optional property without evidence stays out. Values that break the property's bounds
// (minimum, maxLength, pattern…) are not evidence for it.
import { DETERMINERS, nameWords, stemMatch, terms, tokenize } from '@fnquery/text-tools';
import type { JsonSchema } from '@fnquery/contracts';
import { resolveSchema, slotType } from './function-calling/slots';
import { isMostlyVerb } from './lexicon/verbs';
import { dayOfDateOnly, fitsBounds, statedValues, unknownValue } from './structured-evidence';
import { statedFlag } from './structured-flags';
import { nounsBeforeNames, optionIn, whatItIs } from './structured-options';
import { measuredBy, numberAfterOwnVerb, numberBeforeOwnNoun, numberByVerb } from './structured-measures';

const MAX_DEPTH = 4;
const TEXT_PROPERTIES = new Set([
  'answer',
  'summary',
  'text',
  'result',
  'response',
  'message',
  'explanation',
  'description',
  'content',
  'output',
]);

/** The weight of a measure verb–noun link in name similarity, below any shared word (at most 1). */
const MEASURE_LINK = 0.5;

const NAME_PROPERTY = /(?:^|_)(?:name|title)$/i;

interface Field {
  path: string[];
  value: unknown;
}

export interface AnswerSources {
  /** Values by property name, read elsewhere (the question, the evidence text). */
  fallbacks?: Record<string, unknown>;
  /** The readable answer, for a free-text property. */
  text?: string;
  /** Text the answer rests on (the answer itself, retrieved passages), for enums and booleans. */
  evidence?: string;
  /** The one name both the question and the evidence write: what a `name` or `title` property is. */
  subject?: string;
}

interface Context extends AnswerSources {
  root: JsonSchema;
  /** The result's fields, to tell whose value a question's value is. */
  resultFields: Field[];
  /** Words that say what the subject is: short values of the result, and whatItIs of the evidence. */
  members: string[];
}

/** Objects that hold at least one value with evidence (not only explicit unknowns). */
const grounded = new WeakSet<object>();

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every field at any depth; a list of records offers its first record's fields too (the top hit's score). */
function fields(value: unknown, path: string[] = [], depth = 0): Field[] {
  if (!isObject(value) || depth > MAX_DEPTH) return [];
  return Object.entries(value).flatMap(([k, v]) => {
    const first = Array.isArray(v) && isObject(v[0]) ? fields(v[0], [...path, k], depth + 1) : [];
    return [{ path: [...path, k], value: v }, ...fields(v, [...path, k], depth + 1), ...first];
  });
}

const stemsOf = (name: string) => terms(nameWords(name).join(' '));

/** Share of the property's words found in the field's name (its own key counts most). */
function nameSimilarity(property: string, field: Field): number {
  const wanted = stemsOf(property);
  if (wanted.length === 0) return 0;
  const own = stemsOf(field.path.at(-1)!);
  const parents = field.path.slice(0, -1).flatMap(stemsOf);
  const share = (stems: string[]) =>
    wanted.filter((w) => stems.some((s) => stemMatch(w, s) >= 0.8)).length / wanted.length;
  // A measure verb and its noun (`carries` ~ `passengers`) count less than a shared word.
  const measured = measuredBy(property, field.path.at(-1)!) ? MEASURE_LINK : 0;
  return share(own) + 0.3 * share(parents) + measured - 0.01 * field.path.length;
}

/** The value as the schema's type within its bounds, or undefined when it cannot be one. */
function coerce(ctx: Context, schema: JsonSchema, value: unknown, depth: number): unknown {
  const converted = convertType(ctx, schema, value, depth);
  return converted !== undefined && fitsBounds(schema, converted) ? converted : undefined;
}

function convertType(ctx: Context, schema: JsonSchema, value: unknown, depth: number): unknown {
  const type = slotType(schema);
  if (value === null) return undefined;
  if (Array.isArray(schema.enum))
    return schema.enum.find((o) => String(o).toLowerCase() === String(value).toLowerCase());
  switch (type) {
    case 'string':
      // A list of plain values ("sources") answers a single-valued property with its first.
      if (Array.isArray(value))
        return value.length > 0 && !isObject(value[0]) && !Array.isArray(value[0])
          ? convertType(ctx, schema, value[0], depth)
          : undefined;
      return typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : undefined;
    case 'integer':
    case 'number': {
      const n =
        typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (Number.isNaN(n)) return undefined;
      return type === 'integer' ? (Number.isInteger(n) ? n : Math.round(n)) : n;
    }
    case 'boolean':
      // SQL has no boolean: MySQL's BOOLEAN is TINYINT(1), read as 0 and 1.
      if (value === 0 || value === 1) return value === 1;
      return typeof value === 'boolean'
        ? value
        : ['true', 'yes', '1'].includes(String(value))
          ? true
          : ['false', 'no', '0'].includes(String(value))
            ? false
            : undefined;
    case 'array': {
      const items = resolveSchema(schema.items, ctx.root);
      const list = Array.isArray(value) ? value : [value];
      const converted = list.map((v) => coerce(ctx, items, v, depth + 1)).filter((v) => v !== undefined);
      return converted.length === list.length || (list.length > 0 && converted.length > 0) ? converted : undefined;
    }
    case 'object':
      return isObject(value) && depth < MAX_DEPTH ? shape(ctx, schema, value, depth + 1) : undefined;
    default:
      return value;
  }
}

/** The result's first list of objects, for an array-of-objects property no field is named like. */
const firstRecordList = (value: unknown) =>
  fields(value).find((f) => Array.isArray(f.value) && f.value.length > 0 && f.value.every(isObject))?.value;

function fromResult(
  ctx: Context,
  name: string,
  property: JsonSchema,
  value: unknown,
  depth: number,
  only: boolean,
): unknown {
  const ranked = fields(value)
    .map((f) => ({ f, score: nameSimilarity(name, f) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score);
  for (const { f } of ranked) {
    const filled = coerce(ctx, property, f.value, depth);
    if (filled !== undefined) return filled;
  }
  // A result that is a single value answers a schema with a single property.
  if (only && !isObject(value) && value !== undefined) return coerce(ctx, property, value, depth);
  const type = slotType(property);
  if (type === 'object' && depth < MAX_DEPTH) {
    const inner = shape(ctx, property, value, depth + 1);
    return grounded.has(inner) ? inner : undefined;
  }
  const items = resolveSchema(property.items, ctx.root);
  if (type === 'array' && slotType(items) === 'object') {
    const list = firstRecordList(value);
    return list === undefined ? undefined : coerce(ctx, property, list, depth);
  }
  return undefined;
}

const sameValue = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b;

/**
 * The value the question gives for a property, unless the result holds it under a field named
 * otherwise: the question is read for the schema by the order of its properties ("Tell me about
 * Brekkestua" gives its one name to the first string property, `phone` as readily as `name`),
 * while the result says by name what the value is (its `name`, no `phone`).
 */
function questionValue(ctx: Context, name: string): unknown {
  const value = ctx.fallbacks?.[name];
  if (value === undefined) return undefined;
  const elsewhere = ctx.resultFields.some((f) => sameValue(f.value, value) && nameSimilarity(name, f) <= 0);
  return elsewhere ? undefined : value;
}

function fromEvidence(
  ctx: Context,
  name: string,
  property: JsonSchema,
  depth: number,
  stated: Record<string, unknown>,
): unknown {
  const type = slotType(property);
  if (
    ctx.text !== undefined &&
    type === 'string' &&
    !Array.isArray(property.enum) &&
    TEXT_PROPERTIES.has(name.toLowerCase())
  ) {
    const text = coerce(ctx, property, ctx.text, depth);
    if (text !== undefined) return text;
  }
  // An enum option in the evidence text is optionIn's to find (it must spell the option and
  // describe the subject), and a yes/no statedFlag's (a sentence's negation, "None of the bikes is
  // electric", and the sentence that names all of the property's words); the argument reader's
  // looser matching is for questions only.
  const numeric = (type === 'integer' || type === 'number') && ctx.evidence !== undefined;
  // A day or month of a written date counts nothing ("launched on 4 March 2019" is no `launched: 4`).
  const fromText =
    Array.isArray(property.enum) || type === 'boolean' || (numeric && dayOfDateOnly(stated[name], ctx.evidence!))
      ? undefined
      : stated[name];
  // A number right before the property's noun ("60 apple trees") counts it, and the number the
  // property's own verb takes ("bake around 400 loaves", "launched on 4 March 2019" for its year),
  // over a looser reading ("two ovens bake").
  const beforeNoun = numeric ? numberBeforeOwnNoun(name, ctx.evidence!) : undefined;
  const afterVerb = numeric ? numberAfterOwnVerb(name, ctx.evidence!) : undefined;
  for (const fallback of [depth === 0 ? questionValue(ctx, name) : undefined, beforeNoun, afterVerb, fromText]) {
    const converted = fallback === undefined ? undefined : coerce(ctx, property, fallback, depth);
    if (converted !== undefined) return converted;
  }
  if (ctx.subject !== undefined && type === 'string' && NAME_PROPERTY.test(name)) {
    const subject = coerce(ctx, property, ctx.subject, depth);
    if (subject !== undefined) return subject;
  }
  if (ctx.evidence === undefined) return undefined;
  if (Array.isArray(property.enum))
    return optionIn(
      property.enum,
      name,
      ctx.evidence,
      ctx.members,
      nounsBeforeNames(ctx.evidence, ctx.subject),
      ctx.subject,
    );
  if (type === 'boolean') return statedFlag(name, property, ctx.evidence);
  if (type === 'integer' || type === 'number') {
    const byVerb = numberByVerb(name, ctx.evidence);
    return byVerb === undefined ? undefined : coerce(ctx, property, byVerb, depth);
  }
  return undefined;
}

/** Fills the object schema's properties from `value`'s fields, then from the other sources. */
function shape(ctx: Context, raw: JsonSchema, value: unknown, depth: number): Record<string, unknown> {
  const schema = resolveSchema(raw, ctx.root);
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const names = Object.keys(properties);
  const out: Record<string, unknown> = {};
  const stated = ctx.evidence === undefined ? {} : statedValues(schema, ctx.evidence);
  for (const name of names) {
    const property = resolveSchema(properties[name], ctx.root);
    let filled = fromResult(ctx, name, property, value, depth, names.length === 1);
    filled ??= fromEvidence(ctx, name, property, depth, stated);
    if (filled !== undefined) grounded.add(out);
    if (filled === undefined && required.has(name))
      filled = unknownValue(property, (s) => shape(ctx, s, undefined, depth + 1));
    if (filled !== undefined) out[name] = filled;
  }
  return out;
}

/** The result's short text values (a `kind: "ferry"`), not file names or addresses ("fleet.md"). */
const shortValues = (result: unknown) =>
  fields(result)
    .map((f) => f.value)
    .filter((v): v is string => typeof v === 'string' && v.split(/\s+/).length <= 3 && !/[./:@]/.test(v));

/** How much of a result's own text a structured answer reads beside the readable answer. */
const MAX_RESULT_TEXT = 20_000;

/**
 * The evidence for a function's result: the readable answer, then the result's texts (strings of
 * several words, at any depth) that it does not hold whole, since it clips long ones and shows a
 * few fields: a note's later sentences may state what a schema asks ("None of its lifeboats…").
 */
export function resultEvidence(text: string, result: unknown): string {
  const texts: string[] = [];
  let length = 0;
  const visit = (value: unknown, depth: number) => {
    if (length >= MAX_RESULT_TEXT || depth > MAX_DEPTH) return;
    if (typeof value === 'string' && /\s/.test(value.trim()) && !text.includes(value)) {
      texts.push(value.slice(0, MAX_RESULT_TEXT - length));
      length += value.length;
    } else if (Array.isArray(value)) value.forEach((v) => visit(v, depth + 1));
    else if (isObject(value)) Object.values(value).forEach((v) => visit(v, depth + 1));
  };
  visit(result, 0);
  return [text, ...texts].join('\n');
}

/** A verb in the third person, as a note without its subject opens ("Runs …", "Serves …"). */
const opensWithVerb = (word: string) => /s$/.test(word) && [word.slice(0, -1), word.slice(0, -2)].some(isMostlyVerb);

/** The most words a record's note may have for its opening to describe the record. */
const NOTE_WORDS = 12;

/**
 * The opening noun phrase of a record's short one-sentence notes ("Inexpensive hire for short
 * rides" → "Inexpensive hire"): a note on a record describes the record, with or without an
 * article. Longer texts (passages) only by their sentences' subjects (describingWords).
 */
function noteOpenings(result: unknown): string[] {
  if (!isObject(result)) return [];
  return Object.values(result).flatMap((v) => {
    if (typeof v !== 'string' || /[.!?;:]\s/.test(v.trim())) return [];
    const tokens = tokenize(v).filter((t) => t.word);
    if (tokens.length < 2 || tokens.length > NOTE_WORDS) return [];
    // A note that opens with a verb has left its subject, the record, out ("Runs through the
    // night, …"): what it does there describes it, up to the first break.
    if (opensWithVerb(tokens[0]!.lower))
      return [
        v
          .split(/[,;:.!?]/)[0]!
          .split(/\s+/)
          .slice(1)
          .join(' '),
      ];
    const start = DETERMINERS.has(tokens[0]!.lower) ? 1 : 0;
    const end = tokens.findIndex((t, i) => i >= start && t.stop);
    return [
      tokens
        .slice(start, Math.min(end < 0 ? tokens.length : end, start + 3))
        .map((t) => t.text)
        .join(' '),
    ];
  });
}

/** The JSON answer for an object `schema` from `result` (undefined when there is none). */
export function structuredAnswer(
  schema: JsonSchema,
  result: unknown,
  sources: AnswerSources = {},
): Record<string, unknown> {
  const members = [
    ...shortValues(result),
    ...noteOpenings(result),
    ...(sources.evidence ? whatItIs(sources.evidence, sources.subject) : []),
  ];
  return shape({ ...sources, root: schema, members, resultFields: fields(result) }, schema, result, 0);
}
