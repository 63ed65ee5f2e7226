// Verbs that state a quantity, and the nouns of the quantity they state: "it carries 240" is its
// passengers or its capacity, "it weighs 3 kg" its weight. A structured answer uses them both ways:
// a property named by the verb (`carries`) takes a field named by one of its nouns (`passengers`),
// and a property named by a noun (`capacity`) takes the number the text ties to the verb ("seats 12").
// General English, written for this purpose; a verb's nouns are what it measures, not what it may
// merely concern ("carries" is not `crew`: a ferry's crew runs it).
import { relatedness } from './lexicon/related';
import { findDates, findNumbers, isUnit } from './schema-values';
import { nameWords, stemMatch, stemOf, tokenize, type Token } from '@fnquery/text-tools';

const MEASURE_VERBS: Record<string, string[]> = {
  carry: ['passenger', 'capacity', 'load', 'cargo', 'payload', 'people', 'person'],
  hold: ['capacity', 'volume', 'passenger', 'guest', 'people', 'person'],
  seat: ['seat', 'seating', 'capacity', 'guest', 'passenger', 'diner', 'people', 'person'],
  sleep: ['berth', 'bed', 'guest', 'capacity', 'people', 'person'],
  accommodate: ['guest', 'capacity', 'passenger', 'resident', 'people', 'person'],
  weigh: ['weight', 'mass'],
  cost: ['price', 'cost', 'fee'],
  measure: ['length', 'size', 'width', 'height'],
  span: ['length', 'width', 'span'],
  last: ['duration'],
  employ: ['employee', 'staff', 'worker', 'headcount'],
  house: ['resident', 'inhabitant', 'population'],
  earn: ['income', 'salary', 'earnings', 'revenue'],
  score: ['score', 'point', 'goal'],
  // Verbs of people coming in: "it welcomes 35 visitors", "admits 200 a day".
  welcome: ['visitor', 'guest', 'attendance', 'attendee', 'people', 'person'],
  admit: ['visitor', 'guest', 'attendance', 'attendee', 'people', 'person'],
  attract: ['visitor', 'attendance', 'attendee', 'people', 'person'],
  host: ['guest', 'visitor', 'attendee', 'people', 'person'],
};

// Nouns of room that state a capacity with "for" as a measure verb states it: "has room for 48",
// "space for twelve guests".
const CAPACITY_NOUNS: Record<string, string[]> = {
  room: ['seat', 'seating', 'capacity', 'guest', 'passenger', 'diner', 'visitor', 'people', 'person', 'place'],
  space: ['seat', 'seating', 'capacity', 'guest', 'passenger', 'diner', 'visitor', 'people', 'person', 'place'],
};

let nounsOfVerb: Map<string, Set<string>> | undefined;
let nounsOfRoom: Map<string, Set<string>> | undefined;
const stemmed = (entries: Record<string, string[]>) =>
  new Map(Object.entries(entries).map(([word, nouns]) => [stemOf(word), new Set(nouns.map(stemOf))]));
function table(): Map<string, Set<string>> {
  nounsOfVerb ??= stemmed(MEASURE_VERBS);
  return nounsOfVerb;
}

/** The stems of the nouns a verb stem measures (empty when it is no measure verb). */
const nounsOf = (verbStem: string) => table().get(verbStem) ?? new Set<string>();

/** What a word measures where it stands: a measure verb's nouns, or a noun of room's before "for". */
function measuredAt(tokens: Token[], i: number): { nouns: Set<string>; skip: number } {
  const t = tokens[i]!;
  nounsOfRoom ??= stemmed(CAPACITY_NOUNS);
  const room = nounsOfRoom.get(t.stem);
  if (room && tokens[i + 1]?.lower === 'for') return { nouns: room, skip: 1 };
  return { nouns: nounsOf(t.stem), skip: 0 };
}

/** Words that may stand between a verb and the number it takes: "carries up to 240", "bakes around 400". */
const APPROXIMATORS = new Set(['up', 'to', 'about', 'around', 'some', 'roughly', 'nearly', 'almost', 'approximately']);

/**
 * Lexicon groups a verb-named property must share with a field's word to name it in other words:
 * "reach" and "range" share eight; "close" and "distance" two (near and far), which is too loose.
 */
const MIN_SHARED_GROUPS = 3;

/** A property named by a verb in the third person ("reaches", "holds"); not a plural noun's "-ss"/"-us"/"-is". */
const VERB_FORM = /^[a-z]+[^sui]s$/;

/**
 * A word's stems as the lexicon may hold them: the engine stems "reaches" to "reache", while the
 * lexicon holds the verb's own stem, "reach" (a third person in "-es" after ch, sh, s, x or z).
 */
const verbStems = (word: string) => {
  const bare = /(?:ch|sh|ss|x|z)es$/.test(word) ? [stemOf(word.slice(0, -2))] : [];
  return [stemOf(word), ...bare];
};

/**
 * True when one name is a measure verb and the other one of its nouns: `carries` and `passengers`,
 * `seat_count`… not when both share a word (that is ordinary name similarity). Also when a property
 * named by one verb and a word of the field are one sense in several lexicon groups (`reaches` and
 * `range_nm`: reach, range, scope and compass); a noun-named property is left to its own name, since
 * nouns of one group are often not one quantity (`length` and `duration`, `status` and `position`).
 */
export function measuredBy(property: string, field: string): boolean {
  const [a, b] = [nameWords(property).map(stemOf), nameWords(field).map(stemOf)];
  const links = (verbs: string[], nouns: string[]) => verbs.some((v) => nouns.some((n) => nounsOf(v).has(n)));
  if (links(a, b) || links(b, a)) return true;
  const words = nameWords(property);
  return (
    words.length === 1 &&
    VERB_FORM.test(words[0]!) &&
    verbStems(words[0]!).some((v) => b.some((n) => relatedness(v, n) >= MIN_SHARED_GROUPS))
  );
}

/**
 * The number the text ties to a measure verb whose nouns include the property's words ("The
 * minibus seats 12" for `capacity`), when exactly one such number is written and no other noun
 * follows it ("carries 40 cars" is not its `passengers`). Undefined otherwise.
 */
export function numberByVerb(property: string, text: string): number | undefined {
  const own = new Set(nameWords(property).map(stemOf));
  const tokens = tokenize(text);
  const numbers = findNumbers(text);
  const found = new Set<number>();
  tokens.forEach((t, i) => {
    if (!t.word) return;
    const { nouns, skip } = measuredAt(tokens, i);
    if (![...nouns].some((n) => own.has(n))) return;
    // "seats 12", "carries up to 240", "can hold about 30 people", "room for twelve"
    const next = tokens.slice(i + 1 + skip, i + 4 + skip).find((n) => n.word && !APPROXIMATORS.has(n.lower));
    const number = next && numbers.find((m) => m.start === next.start);
    if (!number || number.percent) return;
    // A measurement unit ("weighs 3 kg") or a currency is the number's own; any other noun right
    // after it says what is counted, and must be the property's (or one the verb measures).
    const after = tokens.find((n) => n.start >= number.end && n.word);
    const adjacent = after !== undefined && /^\s*$/.test(text.slice(number.end, after.start));
    const noun = adjacent && !after.stop && !isUnit(after.text) ? after.stem : undefined;
    if (noun !== undefined && !own.has(noun) && !nouns.has(noun)) return;
    found.add(number.value);
  });
  return found.size === 1 ? [...found][0] : undefined;
}

const OBJECT_PRONOUNS = new Set(['it', 'them', 'this', 'that']);
const TIME_PREPOSITIONS = new Set(['in', 'on', 'during', 'since']);
const SPAN_AFTER = /^\s*(?:years?|months?|weeks?|days?|hours?|minutes?|seconds?|times|ago)\b/i;

/**
 * The number the verb a property is named by takes: right after it across an approximation ("Its
 * ovens bake around 400 loaves" for `bakes`: what the verb counts, not "two ovens" before it), or
 * across an object pronoun and a preposition of time ("Volunteers founded it in 1974" for
 * `founded`), where a date is its year ("launched on 4 March 2019" is 2019, not the day) and a
 * noun after the number says it is no time ("opened on 1902 plans"). Only a property of one word,
 * so that the verb is all of its name; undefined when the text ties no number, or several, to it.
 */
export function numberAfterOwnVerb(property: string, text: string): number | undefined {
  const words = nameWords(property).map(stemOf);
  if (words.length !== 1) return undefined;
  const tokens = tokenize(text);
  const numbers = findNumbers(text);
  const dates = findDates(text);
  const found = new Set<number>();
  tokens.forEach((t, i) => {
    if (!t.word || t.stem !== words[0]) return;
    let j = i + 1;
    if (OBJECT_PRONOUNS.has(tokens[j]?.lower ?? '')) j++;
    const timed = TIME_PREPOSITIONS.has(tokens[j]?.lower ?? '');
    if (timed) j++;
    else while (APPROXIMATORS.has(tokens[j]?.lower ?? '') && j < i + 3) j++;
    const at = tokens[j];
    if (!at) return;
    const date = dates.find((d) => d.start === at.start);
    if (date) {
      if (date.year !== undefined) found.add(date.year);
      return;
    }
    const number = numbers.find((m) => m.start === at.start);
    if (!number || number.percent) return;
    if (!timed) {
      // What the verb counts ("bakes 400 loaves"), not a span of time ("opened 3 years ago").
      if (!SPAN_AFTER.test(text.slice(number.end))) found.add(number.value);
      return;
    }
    // A noun right after the number is what it counts or qualifies ("opened on 1902 plans").
    const after = tokens.find((n) => n.start >= number.end && n.word);
    if (after && !after.stop && /^\s*$/.test(text.slice(number.end, after.start)) && !isUnit(after.text)) return;
    found.add(number.value);
  });
  return found.size === 1 ? [...found][0] : undefined;
}

/** Words that may stand between a number and its noun: one modifier ("60 apple trees", "14 old varieties"). */
const PLURAL = /^\p{L}+[^sui']s$/u;
const MAX_MODIFIERS = 1;

/**
 * The number written right before one of the property's own nouns, across at most one modifier
 * ("grows 60 apple trees" for `trees`), when the text writes exactly one such number. A number
 * before its noun is what the noun counts, so it goes before the question reader's looser "noun
 * of N" ("60 apple trees of 14 varieties" is 60 trees, 14 varieties). Not across a unit, which is
 * the number's own ("3 m long"), nor across punctuation.
 */
export function numberBeforeOwnNoun(property: string, text: string): number | undefined {
  const own = nameWords(property)
    .filter((w) => !isUnit(w))
    .map(stemOf);
  if (own.length === 0) return undefined;
  const tokens = tokenize(text);
  const found = new Set<number>();
  for (const number of findNumbers(text)) {
    if (number.percent) continue;
    let at = number.end;
    for (let seen = 0; seen <= MAX_MODIFIERS; seen++) {
      const next = tokens.find((t) => t.start >= at);
      if (!next?.word || !/^\s+$/.test(text.slice(at, next.start)) || next.stop || isUnit(next.text)) break;
      if (/^\d/.test(next.text)) break;
      if (own.some((s) => stemMatch(s, next.stem) >= 0.8)) {
        found.add(number.value);
        break;
      }
      // A plural is the number's own noun, never a modifier: in "two ovens bake" the number counts ovens.
      if (PLURAL.test(next.lower)) break;
      at = next.end;
    }
  }
  return found.size === 1 ? [...found][0] : undefined;
}
