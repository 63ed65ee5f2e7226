// A candidate value as the JSON value a property's schema takes, with how well it fits that type
// (0 = not at all). The fit ranks candidates of different kinds for one property: a quoted string
// is a surer string than a capitalised name, a whole number cannot be a fraction.
import { formatAccepts, patternMatcher, type PatternTest } from '../format-accepts';
import type { JsonSchema } from '@fnquery/contracts';
import type { Candidate } from './question';
import { KIND_FIT, TEXT_FIT } from '../weights';
import { dateLayoutIn, formatDate, formatTime, toBaseUnit, toPropertyTimeUnit, type ListItem } from '../schema-values';
import { slotHolds, slotType, type Slot } from './slots';
import { clockLayoutOf, statedLayout } from './layouts';
import { isRateUnit, toPropertyMeasureUnit } from '../values/measure-units';
import { scaledForProperty } from './scaled-numbers';
import { isUnit } from '../values/units';
import { stemMatch, stemOf } from '@fnquery/text-tools';

export interface Converted {
  value: unknown;
  fit: number;
}

// "Scale", "system" and "format" name a unit only as the property's own name ("temperature scale"):
// in a description they as often mean something else (a musical scale, a scale exercise).
export const holdsUnit = (slot: Slot) =>
  /\b(?:unit|units|measure|measurement|scale|system|format|currency)\b/i.test(slot.label) ||
  /\b(?:unit|units|measure|measurement|currency)\b/i.test(slot.description);

const mentionsPercent = (slot: Slot) =>
  /percent|%/i.test(`${slot.name} ${slot.description}`) && !/decimal|fraction/i.test(slot.description);

/** ISO 8601 date and time, as `format: date-time` writes it. */
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?$/;

/**
 * The schema's `pattern` (JSON Schema regexes are ECMA-262, unanchored), run on RE2: a function author's
 * pattern never backtracks on a question. Null when it has none or RE2 cannot read it (lookaround,
 * backreferences): such a pattern is not held to here, and the service's validator, which runs it under a
 * deadline, still checks the call's arguments.
 */
export function patternOf(schema: JsonSchema): PatternTest | null {
  return typeof schema.pattern === 'string' ? patternMatcher(schema.pattern) : null;
}

export function convert(slot: Slot, candidate: Candidate): Converted | undefined {
  const converted = convertByType(slot, candidate);
  // A layout the description states ("HH:MM") is held to as a format is (layouts.ts).
  const layout = statedLayout(slot);
  if (layout && converted && (typeof converted.value !== 'string' || !layout(converted.value))) return undefined;
  const pattern = patternOf(slot.schema);
  // A pattern is the schema's own word on what a value looks like: what breaks it is no value.
  if (!converted || !pattern || typeof converted.value !== 'string') return converted;
  return pattern.test(converted.value) ? { value: converted.value, fit: 1 } : undefined;
}

function convertByType(slot: Slot, candidate: Candidate): Converted | undefined {
  const allowed = slot.schema.enum;
  if (Array.isArray(allowed)) {
    if (candidate.kind === 'option') return { value: candidate.value, fit: 1 };
    if (candidate.kind === 'number' && allowed.includes(candidate.mention.value))
      return { value: candidate.mention.value, fit: 1 };
    return undefined;
  }
  if (candidate.kind === 'flag')
    return slot.type === 'boolean' || slot.type === 'any' ? { value: candidate.value, fit: 1 } : undefined;
  switch (slot.type) {
    case 'integer':
    case 'number':
      return toNumber(slot, candidate);
    case 'string':
      return toText(slot, candidate);
    case 'array':
      return toArray(slot, candidate);
    case 'object':
      return candidate.kind === 'pairs' ? { value: candidate.pairs, fit: 1 } : undefined;
    case 'boolean':
      return undefined;
    case 'any':
      return toAny(slot, candidate);
  }
}

function toNumber(slot: Slot, candidate: Candidate): Converted | undefined {
  if (candidate.kind !== 'number') return undefined;
  const { mention } = candidate;
  const scaled = scaledForProperty(slot, mention);
  let value = scaled ?? mention.value;
  if (scaled !== undefined) {
    // Read against the property already: no unit left to convert.
  } else if (mention.percent && slot.type === 'number' && !mentionsPercent(slot))
    value = Number((value / 100).toPrecision(12));
  else if (mention.unit && isRateUnit(mention.unit))
    // A rate converts as a whole or not at all: its hours are no duration, its kilometres no length.
    value = toPropertyMeasureUnit(value, mention.unit, `${slot.label} ${slot.description}`) ?? value;
  else if (mention.unit)
    value =
      toBaseUnit(value, mention.unit, slot.description) ??
      toPropertyTimeUnit(value, mention.unit, `${slot.label} ${slot.description}`) ??
      toPropertyMeasureUnit(value, mention.unit, `${slot.label} ${slot.description}`) ??
      value;
  if (slot.type === 'integer' && !Number.isInteger(value)) return undefined;
  if (!withinBounds(slot, value)) return undefined;
  value = toStatedPlaces(slot, value);
  // Spelled numbers are less often values ("one of", "first built"), ordinal words least.
  return { value, fit: !mention.spelled ? 1 : mention.ordinal ? KIND_FIT.ordinalWord : KIND_FIT.spelledNumber };
}

// "A fraction between 0 and 1", "a score from 1 to 10": the bounds a description states.
const STATED_BOUNDS = /\b(?:between|from)\s+(-?\d+(?:\.\d+)?)\s+(?:and|to)\s+(-?\d+(?:\.\d+)?)\b/i;

/**
 * Within the schema's `minimum`/`maximum` and the bounds its description states: "discount 80 by 25"
 * gives no 80 for a discount "as a fraction between 0 and 1".
 */
function withinBounds(slot: Slot, value: number): boolean {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = slot.schema;
  if (typeof minimum === 'number' && value < minimum) return false;
  if (typeof maximum === 'number' && value > maximum) return false;
  if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) return false;
  if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) return false;
  const stated = STATED_BOUNDS.exec(slot.description);
  if (!stated) return true;
  const [low, high] = [Number(stated[1]), Number(stated[2])].sort((a, b) => a - b);
  return value >= low! && value <= high!;
}

const PLACE_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six'];
const STATED_PLACES = /\b(\d|zero|one|two|three|four|five|six)\s+decimal\s+places?\b/i;

/** A description that fixes the decimal places ("Three decimal places") gets the value rounded to them. */
function toStatedPlaces(slot: Slot, value: number): number {
  const stated = STATED_PLACES.exec(slot.description)?.[1]?.toLowerCase();
  if (stated === undefined) return value;
  const places = /\d/.test(stated) ? Number(stated) : PLACE_WORDS.indexOf(stated);
  return Number(value.toFixed(places));
}

function toText(slot: Slot, candidate: Candidate): Converted | undefined {
  const format = slot.schema.format;
  switch (candidate.kind) {
    case 'text': {
      // A format fixes the syntax: "guests" is no `time`, "soon" no `date`.
      if (typeof format === 'string' && !formatAccepts(format, candidate.text)) return undefined;
      if (format === 'email') return candidate.source === 'email' ? { value: candidate.text, fit: 1 } : undefined;
      if (format === 'uri' || format === 'url')
        return candidate.source === 'uri' ? { value: candidate.text, fit: 1 } : undefined;
      if (ISO_DATE_TIME.test(candidate.text))
        return { value: candidate.text, fit: slotHolds.date(slot) ? 1 : KIND_FIT.dateTimeAsText };
      // A unit asked for ("in Joules") is a value only for a property that holds a unit.
      if (candidate.source === 'unit' && !holdsUnit(slot)) return undefined;
      if (format === 'date-time') return undefined;
      // An id, number or code is written as one ("C-1042", "'alpha'", "Ticket 7"), not as the
      // question's lower-case words ("the most cited rulings" gives no case id).
      if (slotHolds.code(slot) && ['phrase', 'leftover'].includes(candidate.source) && !/\d/.test(candidate.text))
        return undefined;
      // A date or e-mail property takes other words only when the question writes no date or address.
      const mismatch =
        (slotHolds.date(slot) && candidate.source !== 'quoted') ||
        (slotHolds.email(slot) && candidate.source !== 'email');
      return { value: candidate.text, fit: TEXT_FIT[candidate.source] * (mismatch ? KIND_FIT.kindMismatch : 1) };
    }
    case 'date': {
      if (!slotHolds.date(slot)) return { value: candidate.date.text, fit: KIND_FIT.dateAsText };
      const layout = dateLayoutIn(slot.description) ?? 'YYYY-MM-DD';
      const date = formatDate(candidate.date, layout);
      if (format === 'date-time')
        return date ? { value: `${formatDate(candidate.date)}T00:00:00Z`, fit: 1 } : undefined;
      // A date missing a part its format needs ("March" for `format: date`) is no such date.
      if (!date)
        return typeof format === 'string' ? undefined : { value: candidate.date.text, fit: KIND_FIT.partialDate };
      return { value: date, fit: 1 };
    }
    case 'time': {
      if (format === 'time') return { value: formatTime(candidate.time), fit: 1 };
      // "Time of day, HH:MM": the time in that layout ("7am" is "07:00").
      const clockLayout = clockLayoutOf(slot);
      if (clockLayout) {
        const clock = formatTime(candidate.time);
        return { value: clockLayout.length > 5 ? clock : clock.slice(0, 5), fit: 1 };
      }
      // A clock time is a value for a time, a date-time or free text; never for a place, a zone, a name.
      return slotHolds.time(slot) || slotHolds.date(slot) || !holdsOther(slot)
        ? { value: candidate.time.text, fit: KIND_FIT.clockTime }
        : undefined;
    }
    case 'expression':
      return { value: candidate.expression, fit: slotHolds.formula(slot) ? 1 : KIND_FIT.expressionAsText };
    case 'option':
      return { value: String(candidate.value), fit: KIND_FIT.option };
    case 'number': {
      if (format) return undefined;
      const { mention } = candidate;
      const numeral = mention.text.replace(/[^\d.,/-]+$/, '').trim() || mention.text;
      if (slotHolds.code(slot)) return { value: numeral, fit: KIND_FIT.numberAsCode };
      // A quantity as words: "3 weeks", "12th floor"; but the noun that names what the property
      // holds is no part of its value: "the 42 bus" for a bus line is line "42".
      // A verb after the number ("+4477001234 saying …", "7 called …") is not part of it either.
      const wordsAfter =
        mention.unitStart === undefined || namesOwnKind(slot, mention.unit!) || VERB_AFTER.test(mention.unit!)
          ? ''
          : ` ${mention.unit}`;
      return { value: `${mention.text}${wordsAfter}`, fit: KIND_FIT.numberAsText };
    }
    default:
      return undefined;
  }
}

const VERB_AFTER = /^(?:\p{L}+ing|called|named)$/iu;

/** A noun (not a unit) that the property's name or description uses for what it holds. */
const namesOwnKind = (slot: Slot, word: string) =>
  !isUnit(word) &&
  [...slot.nameStems, ...slot.descriptionStems].some((s) => stemMatch(s, stemOf(word.toLowerCase())) >= 0.8);

// Properties whose values are places, zones, names or addresses: what no clock time can be.
const NOT_A_TIME =
  /\b(?:time\s*zone|timezone|tz|zone|city|town|country|location|place|region|address|name|person|email|url)\b/i;
const holdsOther = (slot: Slot) => NOT_A_TIME.test(`${slot.label} ${slot.description}`);

function itemSlot(slot: Slot): Slot {
  const items = (
    typeof slot.schema.items === 'object' && slot.schema.items !== null ? slot.schema.items : {}
  ) as JsonSchema;
  return { ...slot, schema: items, type: slotType(items) };
}

function listValue(item: Slot, value: ListItem): unknown {
  if (Array.isArray(value))
    return item.type === 'array' || item.type === 'any' ? value.map((v) => listValue(itemSlot(item), v)) : undefined;
  if (typeof value === 'number') {
    if (item.type === 'string') return String(value);
    if (item.type === 'integer' && !Number.isInteger(value)) return undefined;
    return item.type === 'number' || item.type === 'integer' || item.type === 'any' ? value : undefined;
  }
  if (item.type === 'string' || item.type === 'any') return value;
  const n = Number(value);
  return (item.type === 'number' || (item.type === 'integer' && Number.isInteger(n))) &&
    value.trim() !== '' &&
    !Number.isNaN(n)
    ? n
    : undefined;
}

function toArray(slot: Slot, candidate: Candidate): Converted | undefined {
  const item = itemSlot(slot);
  if (candidate.kind === 'list') {
    const values = candidate.items.map((v) => listValue(item, v));
    return values.every((v) => v !== undefined) ? { value: values, fit: 1 } : undefined;
  }
  if (candidate.kind === 'enumeration') {
    const converted = candidate.members.map((m) => convert(item, m));
    if (converted.some((c) => !c)) return undefined;
    return { value: converted.map((c) => c!.value), fit: Math.min(...converted.map((c) => c!.fit)) };
  }
  const single = convert(item, candidate);
  return single && { value: [single.value], fit: single.fit * KIND_FIT.singleAsList };
}

function toAny(slot: Slot, candidate: Candidate): Converted | undefined {
  switch (candidate.kind) {
    case 'number':
      return { value: candidate.mention.value, fit: KIND_FIT.anyNumber };
    case 'list':
    case 'enumeration':
      return toArray({ ...slot, schema: { items: {} } }, candidate);
    case 'pairs':
      return { value: candidate.pairs, fit: KIND_FIT.anyPairs };
    default:
      return toText({ ...slot, schema: {} }, candidate);
  }
}
