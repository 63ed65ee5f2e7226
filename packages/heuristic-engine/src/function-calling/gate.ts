// The last check before a call is sent (precision before recall): every value the call sends must
// be read from the question with its edges and its role settled, and every value the question gives
// for the function must be sent. A property that fails is asked for instead of guessed. A wrong call
// looks like an answer; a question back costs the user one more line.
// - Edges: a string value that starts or ends inside a written word ("A" of "A#", "wash" of
//   "pre-wash", "g" of "g(t)") is a piece of a value, not the value.
// - Form: a property whose description asks for a qualified place ("the city and state", "in the
//   format City, State", "e.g. Oslo, NO") needs both parts; a bare city is half of it.
// - Kind: a number written in a unit of another kind than the one the property names ("70 kg" for
//   `height_m`) is not its value.
// - Verbs and ordinals: an enum option read from a verb with its object ("driving a hard bargain") or
//   from an ordinal ("the first flight" is no first class), or a two-letter code read from a lower-case
//   word nothing ties to the property ("de facto"), is asked for.
// - Other property's noun: a name ending in the noun another property is named by ("the Blue Line"
//   when the function has a `line`) is that property's value, not this one's.
// - Numbers owed elsewhere: a number sent as text while a required numeric property has no value.
// - Bounds: a number after "under", "over", "at least", "up to"… is a limit, never a name or a code.
// - "Between": two values written "between A and B" for a source/target pair (from/to,
//   origin/destination) name no order; unless a direction word settles one of them, both are asked for.
// - Lower case: in a message with no capital at all, free text read from lower-case words is a guess.
// - Left-out values: an optional property the question gives a value for, with strong evidence of
//   its own, that the call would leave out (the function would run on its default instead).
import type { Candidate, Question } from './question';
import type { Slot } from './slots';
import { stemMatch, stemOf } from '@fnquery/text-tools';
import { isUnitWord } from '../values/units';
import { measuresOtherKind } from '../values/measure-units';
import { OPTIONAL_GIVEN } from '../weights';
import { directionOf } from './roles';
import { holdsName } from './evidence';

export interface Placement {
  slot: Slot;
  candidate: Candidate;
  value: unknown;
  /** Strong evidence for this value in this property. */
  strong: number;
  /** Written right after a preposition that introduces the property's role ("in the kitchen" for a zone). */
  introduced?: boolean;
}

// Characters that continue a written word: a value ending or starting next to one was cut out of it.
const WORD_GLUE = /[\p{L}\p{N}#+\-_/@(]/u;
const WORD_GLUE_BEFORE = /[\p{L}\p{N}#+\-_/@]/u;

/** A string value cut out of a longer written word. */
export function cutFromWord(text: string, candidate: Candidate): boolean {
  if (candidate.kind === 'text' ? candidate.source === 'quoted' : candidate.kind !== 'option') return false;
  const before = text.charAt(candidate.start - 1);
  const after = text.charAt(candidate.end);
  return (before !== '' && WORD_GLUE_BEFORE.test(before)) || (after !== '' && WORD_GLUE.test(after));
}

// "The city and state", "City, State", "city and country", or an example written "Name, XX".
const QUALIFIED_PLACE =
  /\b(?:city|town)\s+and\s+(?:state|country|province|region)\b|\bcity,\s*(?:state|country|province)\b|\be\.?g\.?,?\s+(?:\p{Lu}[\p{L}.]*\s+){0,3}\p{Lu}[\p{L}.]*,\s*\p{Lu}{2}\b/iu;

/** The description asks for a place with its region, and the value is a bare name. */
export function lacksQualifier(slot: Slot, value: unknown): boolean {
  return (
    slot.type === 'string' &&
    typeof value === 'string' &&
    !value.includes(',') &&
    QUALIFIED_PLACE.test(slot.description)
  );
}

/** A value by its form alone: a number written in digits (not a part of a name like "group2"), a date, a capitalised name, quoted text. */
const writtenValue = (c: Candidate, text: string) =>
  (c.kind === 'number' &&
    (/\d/.test(c.mention.text)
      ? !/[\p{L}_]/u.test(text.charAt(c.start - 1))
      : c.mention.value > 2 && !c.mention.ordinal)) ||
  c.kind === 'date' ||
  c.kind === 'time' ||
  (c.kind === 'text' &&
    ['name', 'quoted', 'identifier', 'email', 'uri'].includes(c.source) &&
    !(c.source === 'name' && startsSentence(c, text)));

/** One capitalised word that starts a sentence ("Quick, …") is capitalised for that alone. */
const startsSentence = (c: Candidate, text: string) =>
  /(?:^|[.!?]\s+)$/.test(text.slice(0, c.start)) && !/\s/.test(text.slice(c.start, c.end));

const sameValue = (a: unknown, b: unknown) =>
  b !== undefined && JSON.stringify(a).toLowerCase() === JSON.stringify(b).toLowerCase();

/** Free text with no form or option to settle it: lower-case words left over once every other value is read. */
const freeText = (slot: Slot) =>
  slot.type === 'string' &&
  !Array.isArray(slot.schema.enum) &&
  slot.schema.pattern === undefined &&
  slot.schema.format === undefined;

/**
 * Left-over lower-case words sent as a property's whole value: which words, and where they end, is a
 * guess, unless a preposition that introduces the property's role opens them ("in the kitchen").
 */
const looseWords = (p: Placement) =>
  freeText(p.slot) && p.candidate.kind === 'text' && p.candidate.source === 'leftover' && !p.introduced;

/**
 * A message typed without a single capital (as many people type in chat) marks no name by its capitals:
 * lower-case words sent as free text are then a guess at which words the value is and where it ends ("set
 * the hall lamp to 40% in soft white" gives no room "soft white"). Quoted text, e-mail addresses, codes and
 * options are read by their form and stay.
 */
const uncasedGuess = (question: Question, p: Placement) =>
  question.uncased === true &&
  freeText(p.slot) &&
  holdsName(p.slot) &&
  p.candidate.kind === 'text' &&
  (p.candidate.source === 'phrase' || p.candidate.source === 'leftover');

/** A unit's name ("Kelvin", "Newtons") sent as the value of a property that is no unit. */
const unitAsValue = (p: Placement) =>
  freeText(p.slot) &&
  typeof p.value === 'string' &&
  isUnitWord(p.value) &&
  !/\b(?:units?|currenc\w*)\b/i.test(`${p.slot.name} ${p.slot.description}`);

/**
 * A phrase read off a property's name whose written end does not settle where the value ends: "of"
 * and a lower-case word go on with it ("history of art"). (A name followed by a lower-case word,
 * "Copper price", mostly ends where its capitals end: that is no reason to ask.)
 */
function openEnded(question: Question, p: Placement): boolean {
  const c = p.candidate;
  if (!freeText(p.slot) || c.kind !== 'text' || c.source !== 'phrase') return false;
  const next = question.tokens.findIndex((t) => t.start >= c.end);
  const word = question.tokens[next];
  if (!word || !word.word || /^\s*$/.test(question.text.slice(c.end, word.start)) === false) return false;
  const goesOn = (t: (typeof question.tokens)[number] | undefined) =>
    t !== undefined && t.word && !t.stop && t.text === t.lower && !/^\d/.test(t.text);
  return word.lower === 'of' && goesOn(question.tokens[next + 1]);
}

/**
 * A number that counts things rather than measuring one: it names, right after it, the thing a
 * `slices_per_pizza` property divides by ("two pizzas"), or the thing one of a numbered series
 * (`edge1`, `edge2`) is ("three edges").
 */
function countsOther(question: Question, p: Placement): boolean {
  if (p.candidate.kind !== 'number') return false;
  const end = p.candidate.end;
  const next = question.tokens.find((t) => t.start >= end && t.word);
  if (!next || question.text.slice(end, next.start).trim() !== '') return false;
  const words = p.slot.name
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const per = words.indexOf('per');
  const counted =
    per >= 0 ? words.slice(per + 1) : /\d$/.test(p.slot.name) ? words.map((w) => w.replace(/\d+$/, '')) : [];
  const stem = stemOf(IRREGULAR_PLURALS[next.lower] ?? next.lower);
  return counted.some((w) => w.length > 1 && stemMatch(stemOf(w), stem) >= 0.8);
}

// Plurals no stemmer maps to their singular: "three geese" counts what `eggs_per_goose` divides by.
const IRREGULAR_PLURALS: Record<string, string> = {
  dice: 'die',
  mice: 'mouse',
  geese: 'goose',
  teeth: 'tooth',
  children: 'child',
  people: 'person',
  men: 'man',
  women: 'woman',
};

/** A number written in a unit of another kind than the one the property names ("70 kg" for `height_m`). */
const otherMeasure = (p: Placement) =>
  p.candidate.kind === 'number' &&
  p.candidate.mention.unit !== undefined &&
  measuresOtherKind(p.candidate.mention.unit, `${p.slot.label} ${p.slot.description}`, p.slot.name);

const DETERMINERS_AFTER = new Set(['a', 'an', 'the', 'my', 'your', 'his', 'her', 'our', 'their', 'this', 'that']);

/**
 * An enum option read from a verb with its object ("I am driving a hard bargain" gives no `mode:
 * driving`): a word in -ing or -ed right before a determiner does another job than naming the option.
 */
function optionAsVerb(question: Question, p: Placement): boolean {
  if (p.candidate.kind !== 'option') return false;
  const end = p.candidate.end;
  const next = question.tokens.find((t) => t.start >= end);
  return (
    next !== undefined &&
    /^[ \t]+$/.test(question.text.slice(end, next.start)) &&
    DETERMINERS_AFTER.has(next.lower) &&
    /(?:ing|ed)$/.test(question.text.slice(p.candidate.start, end))
  );
}

/**
 * A one- or two-letter option ("de", "es", "en") read from a lower-case word with neither the
 * property's name nor "to", "in", "into", "as" right before it: "de facto" and "es" of a Spanish
 * phrase are words, not codes. Letters written right after a number are its unit ("7 cm").
 */
function shortOptionInProse(question: Question, p: Placement): boolean {
  if (p.candidate.kind !== 'option') return false;
  const written = question.text.slice(p.candidate.start, p.candidate.end);
  if (written.length > 2 || written !== written.toLowerCase()) return false;
  const at = question.tokens.findIndex((t) => t.start >= p.candidate.start);
  const before = question.tokens.slice(Math.max(0, at - 2), at).filter((t) => t.word);
  const cued = before.some(
    (t) => ['to', 'in', 'into', 'as'].includes(t.lower) || p.slot.nameStems.some((s) => stemMatch(s, t.stem) >= 0.8),
  );
  // Written right after a number ("7 cm"), the letters are that number's unit: a code, not a word.
  const afterNumber = /\d\s*$/.test(question.text.slice(0, p.candidate.start));
  return !cued && !afterNumber;
}

const ORDINAL_OPTIONS = /^(?:first|second|third|last|next|final)$/i;
// What an ordinal option is the option of ("first class", "the last tier").
const OPTION_KINDS = /^(?:class|tier|level|grade|place|prize|round|stage|seat|row)$/i;

/**
 * An ordinal option read from "the first flight", "the next train": the word orders the things the
 * question is about, it does not choose the option (first class is written "first class").
 */
function optionAsOrdinal(question: Question, p: Placement): boolean {
  if (p.candidate.kind !== 'option' || !ORDINAL_OPTIONS.test(question.text.slice(p.candidate.start, p.candidate.end)))
    return false;
  const at = question.tokens.findIndex((t) => t.start >= p.candidate.start);
  const before = question.tokens[at - 1];
  const next = question.tokens[at + 1];
  return before?.lower === 'the' && next !== undefined && next.word && !OPTION_KINDS.test(next.text);
}

/** A name whose last word is another property's name and not this one's: "Blue Line" is no `stop`. */
function namedForOther(slots: Slot[], p: Placement): boolean {
  if (typeof p.value !== 'string' || p.candidate.kind !== 'text') return false;
  const last = /([\p{L}]+)\s*$/u.exec(p.value)?.[1];
  if (!last || !/\s/.test(p.value.trim())) return false;
  const stem = stemOf(last.toLowerCase());
  const names = (s: Slot) => s.nameStems.some((n) => stemMatch(n, stem) >= 0.8);
  const described = p.slot.descriptionStems.some((n) => stemMatch(n, stem) >= 0.8);
  return !names(p.slot) && !described && slots.some((s) => s !== p.slot && names(s));
}

// The words that make the number after them a limit: "under 1500", "at least 700", "up to 3".
const BOUND_BEFORE =
  /\b(?:under|below|over|above|at\s+least|at\s+most|(?:less|more|fewer|greater)\s+than|up\s+to|within)\s*$/i;

/** A number written after a bound sent as text: a limit is no name or code. */
const boundAsText = (question: Question, p: Placement) =>
  p.slot.type === 'string' &&
  p.candidate.kind === 'number' &&
  BOUND_BEFORE.test(question.text.slice(Math.max(0, p.candidate.start - 16), p.candidate.start));

/**
 * A number sent as text while a required numeric property goes without a value ("Send 75.50 to the
 * rent account" gives no `from_account: "75.50"` while `amount` is empty): the number is the amount.
 * So it is when an optional numeric property it fits goes without ("a film from 1999" gives no
 * `title: "1999"` while `year` is empty): the number is that property's, and the text is asked for.
 */
const numberOwedElsewhere = (question: Question, slots: Slot[], sent: Placement[], p: Placement) =>
  p.slot.type === 'string' &&
  p.candidate.kind === 'number' &&
  slots.some(
    (s) =>
      (s.required || (fitsNumber(s, p.candidate) && !nounAfter(question, p.candidate))) &&
      !sent.some((q) => q.slot === s),
  );

/** A content word right after a number says what it numbers ("the 42 bus"): it is a name, not a bare number. */
const nounAfter = (question: Question, c: Candidate) => {
  const next = question.tokens.find((t) => t.start >= c.end);
  return next !== undefined && next.word && !next.stop && question.text.slice(c.end, next.start).trim() === '';
};

/** A numeric property a number fits: any number for `number`, a whole one for `integer`. */
const fitsNumber = (slot: Slot, c: Candidate) =>
  c.kind === 'number' && (slot.type === 'number' || (slot.type === 'integer' && c.mention.whole));

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The source and target of a direction pair (`from_warehouse`/`to_warehouse`, `origin`/`destination`)
 * whose values are written "between A and B": "between" joins two places, it does not say which way.
 * A direction word before either value elsewhere ("… starting from A") settles it.
 */
function betweenUnordered(question: Question, slots: Slot[], sent: Placement[]): Slot[] {
  const ends = (role: 'source' | 'target') => slots.filter((s) => s.type === 'string' && directionOf(s) === role);
  const [sources, targets] = [ends('source'), ends('target')];
  if (sources.length !== 1 || targets.length !== 1) return [];
  const placed = [sources[0]!, targets[0]!].map((s) => sent.find((p) => p.slot === s && p.candidate.kind === 'text'));
  if (placed.some((p) => p === undefined)) return [];
  const [first, second] = (placed as Placement[]).sort((a, b) => a.candidate.start - b.candidate.start) as [
    Placement,
    Placement,
  ];
  const { text } = question;
  const joined =
    /\bbetween\s+(?:the\s+)?$/i.test(text.slice(0, first.candidate.start)) &&
    /^\s*(?:and|&)\s+(?:the\s+)?$/i.test(text.slice(first.candidate.end, second.candidate.start));
  if (!joined) return [];
  const directed = [first, second].some((p) =>
    new RegExp(
      String.raw`\b(?:from|to|into|towards?|leaving|reaching)\s+(?:the\s+)?${escaped(String(p.value))}\b`,
      'i',
    ).test(text),
  );
  return directed ? [] : [first.slot, second.slot];
}

const overlaps = (a: Candidate, b: Candidate) => a.start < b.end && a.end > b.start;

/**
 * The properties a call must not be sent without settling: values cut from a word, places without
 * the region their description asks for, and optional values the question gives that the call leaves out.
 */
export function unsettledSlots(
  question: Question,
  slots: Slot[],
  sent: Placement[],
  all: Placement[],
  defaultOf: (slot: Slot) => unknown,
): Slot[] {
  const out = new Set<Slot>();
  for (const p of sent) {
    if (optionAsVerb(question, p) || optionAsOrdinal(question, p) || shortOptionInProse(question, p)) out.add(p.slot);
    if (typeof p.value === 'string' && cutFromWord(question.text, p.candidate)) out.add(p.slot);
    if (looseWords(p) || unitAsValue(p) || openEnded(question, p) || countsOther(question, p)) out.add(p.slot);
    if (uncasedGuess(question, p)) out.add(p.slot);
    if (otherMeasure(p) || namedForOther(slots, p) || boundAsText(question, p)) out.add(p.slot);
    if (numberOwedElsewhere(question, slots, sent, p)) out.add(p.slot);
    if (lacksQualifier(p.slot, p.value)) out.add(p.slot);
  }
  for (const slot of betweenUnordered(question, slots, sent)) out.add(slot);
  const sentSlots = new Set(sent.map((p) => p.slot));
  for (const slot of slots) {
    if (slot.required || sentSlots.has(slot)) continue;
    const given = all.some(
      (p) =>
        p.slot === slot &&
        (p.strong >= OPTIONAL_GIVEN || writtenValue(p.candidate, question.text)) &&
        p.candidate.kind !== 'flag' &&
        // The value the function takes anyway when the property is left out changes nothing.
        !sameValue(p.value, defaultOf(slot)) &&
        !sent.some((s) => s.candidate.kind !== 'flag' && overlaps(s.candidate, p.candidate)),
    );
    if (given) out.add(slot);
  }
  return slots.filter((s) => out.has(s));
}
