// What a structured answer reads from evidence text when no result field holds a property (values
// read as a question's are; enum options in structured-options.ts, yes/no in structured-flags.ts),
// and the explicit "not known" of a required property with no evidence at all (structured-answer.ts).
import type { JsonSchema } from '@fnquery/contracts';
import { nameWords, tokenize } from '@fnquery/text-tools';
import { extractArguments } from './function-calling/arguments';
import { readQuestion } from './function-calling/question';
import { slotType } from './function-calling/slots';
import { patternAccepts } from './format-accepts';
import { findDates, findNames, findNumbers, isUnit } from './schema-values';

/**
 * The one name both the question and the evidence write ("the ferry Aurora" asked about, "Aurora"
 * in the text): what a `name` or `title` property is. Undefined when none or several are.
 */
export function sharedSubject(question: string, evidence: string): string | undefined {
  const names = namesAsked(question, evidence);
  const shared = names.filter((n) => writesName(evidence, n));
  if (shared.length !== 1) return undefined;
  const [one] = shared as [string];
  // A code of letters and digits ("N7", "B12") designates more than it names: the name the text
  // gives it in apposition is the subject's name. Only capitals show that name: in a text without
  // them a code names nothing for sure.
  if (/\d/.test(one)) return evidence.includes(one) ? namedInApposition(one, evidence) || one : undefined;
  return one;
}

/**
 * The names a question asks about: those it writes with capitals; in a question written without
 * them ("tell me about the ferry aurora"), the names of the evidence it writes as whole words in any
 * case, as the evidence spells them.
 */
export function namesAsked(question: string, evidence: string): string[] {
  const names = findNames(question).map((n) => n.text);
  if (/\p{Lu}/u.test(question.trim().slice(1))) return [...new Set(names)];
  // A capital that opens a sentence ("The", "It") makes no name, nor part of one ("The Skarvet").
  const written = findNames(evidence)
    .map((n) => n.text.replace(/^(?:The|A|An)\s+/u, ''))
    .filter((n) => tokenize(n).some((t) => t.word && !t.stop) && writesName(question, n));
  return [...new Set([...names, ...written])];
}

/**
 * True when the text writes the name: as spelled, or, in a text written without capitals ("the
 * ferry aurora sails…"), as a whole word in any case. Where a text has capitals, a name in lower
 * case is another word ("an aurora" is no ferry Aurora).
 */
export function writesName(text: string, name: string): boolean {
  if (text.includes(name)) return true;
  if (/\p{Lu}/u.test(text)) return false;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

/**
 * The name set before a code in apposition: "Nightjar, the N7 night bus, …" for "N7" (capitalised
 * words; a sentence's opening word too, which findNames leaves out as ambiguous).
 */
function namedInApposition(code: string, evidence: string): string | undefined {
  const escaped = code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const apposition = new RegExp(
    `(\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*)*),\\s+(?:the|a|an|our)\\s+[^,.;:!?]{0,80}\\b${escaped}\\b[^,.;:!?]{0,80}[,.;:]`,
    'gu',
  );
  const names = new Set(
    [...evidence.matchAll(apposition)].map((m) => m[1]!.replace(/^(?:The|A|An)\s+/u, '')).filter((n) => n !== code),
  );
  return names.size === 1 ? [...names][0] : undefined;
}

/**
 * True when every place the text writes `value` is the day or month of a date ("on 4 March 2019"):
 * such a number is part of the date, never a count or a year of its own.
 */
export function dayOfDateOnly(value: unknown, text: string): boolean {
  if (typeof value !== 'number') return false;
  const dates = findDates(text);
  const written = findNumbers(text).filter((n) => n.value === value);
  return (
    written.length > 0 &&
    written.every((n) => dates.some((d) => d.start <= n.start && n.end <= d.end && d.year !== value))
  );
}

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** The schema's bounds on a value already of its type (numbers, strings, arrays, const). */
export function fitsBounds(schema: JsonSchema, value: unknown): boolean {
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) return false;
  if (typeof value === 'number') {
    const [min, max, xmin, xmax, step] = [
      num(schema.minimum),
      num(schema.maximum),
      num(schema.exclusiveMinimum),
      num(schema.exclusiveMaximum),
      num(schema.multipleOf),
    ];
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) return false;
    if ((xmin !== undefined && value <= xmin) || (xmax !== undefined && value >= xmax)) return false;
    if (step !== undefined && step > 0 && !Number.isInteger(Number((value / step).toPrecision(12)))) return false;
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if ((num(schema.minLength) ?? 0) > length || length > (num(schema.maxLength) ?? Infinity)) return false;
    if (typeof schema.pattern === 'string' && !patternAccepts(schema.pattern, value)) return false;
  }
  if (
    Array.isArray(value) &&
    ((num(schema.minItems) ?? 0) > value.length || value.length > (num(schema.maxItems) ?? Infinity))
  )
    return false;
  return true;
}

/**
 * Values the evidence text states for an object schema's own properties, read the way a question
 * is read for a tool's arguments, but with every property optional: only values with evidence
 * (the property's name next to them, their unit, their format) are taken, none by position.
 */
export function statedValues(schema: JsonSchema, evidence: string): Record<string, unknown> {
  const properties = (
    typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {}
  ) as Record<string, JsonSchema>;
  const flat = Object.fromEntries(
    Object.entries(properties).filter(([, p]) => !['object', 'array'].includes(slotType(p))),
  );
  if (Object.keys(flat).length === 0 || !evidence.trim()) return {};
  // Read under one spelling of each name (`lengthM` as `length_m`), so that the case style of a
  // schema changes nothing; back under the schema's own names.
  const spelled = new Map(Object.keys(flat).map((name) => [snakeCase(name), name]));
  const read = spelled.size === Object.keys(flat).length ? spelled : new Map(Object.keys(flat).map((n) => [n, n]));
  const renamed = Object.fromEntries([...read].map(([as, name]) => [as, flat[name]]));
  const tool = { name: 'answer', description: '', parameters: { type: 'object', properties: renamed, required: [] } };
  const values = extractArguments(tool, readQuestion(unhyphenateMeasures(evidence))).arguments;
  return Object.fromEntries(Object.entries(values).map(([as, value]) => [read.get(as) ?? as, value]));
}

/** A property name in snake case, by its words: `lengthM`, `LengthM` and `length_m` alike. */
const snakeCase = (name: string) => nameWords(name).join('_').toLowerCase();

/**
 * A measure written as one hyphenated word before its noun ("a 40-centimetre mirror", "a
 * twelve-metre boat") as number and unit apart, the way a value is read ("40 centimetre"). Other
 * hyphens after a number ("the 2019-20 season", "a 3-D print", "a four-door car") stay.
 */
export const unhyphenateMeasures = (text: string) =>
  text.replace(/(\d|\b\p{L}+)-(?=(\p{L}+))/gu, (all, number: string, word: string) =>
    isUnit(word) && (/\d/.test(number) || isSpelledNumber(number)) ? `${number} ` : all,
  );

const isSpelledNumber = (word: string) => findNumbers(word).some((n) => n.spelled && !n.ordinal && n.text === word);

const allowsNull = (schema: JsonSchema) =>
  schema.type === 'null' ||
  (Array.isArray(schema.type) && schema.type.includes('null')) ||
  (Array.isArray(schema.enum) && schema.enum.includes(null)) ||
  (['anyOf', 'oneOf'] as const).some(
    (k) => Array.isArray(schema[k]) && (schema[k] as JsonSchema[]).some((b) => b?.type === 'null'),
  );

/**
 * A required property's value when nothing supports one: null where the schema allows it; else
 * its `default` or `const`; else an empty string, list or object where its bounds accept one (an
 * object gets its own required properties the same way). Numbers, booleans and enum options are
 * never invented: undefined, and the pipeline's validation names the property.
 */
export function unknownValue(
  schema: JsonSchema,
  emptyObject: (schema: JsonSchema) => Record<string, unknown>,
): unknown {
  if (allowsNull(schema)) return null;
  if (schema.default !== undefined) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return undefined;
  const type = slotType(schema);
  if (type === 'object') return emptyObject(schema);
  const empty = type === 'string' ? '' : type === 'array' ? [] : undefined;
  return empty !== undefined && fitsBounds(schema, empty) ? empty : undefined;
}
