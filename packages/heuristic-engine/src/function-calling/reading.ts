// One question read for one tool: where each property's words occur in it ("cues"), how far apart
// two words are, and which values a "respectively" list gives to which property. Distances count
// the words between two places, skipping glue words such as "of" and "is", the unit word of a value
// and the property's own words ("starting pressure of 90kPa").
import type { Question } from './question';
import type { Slot } from './slots';
import { stemMatch, stemOf } from '@fnquery/text-tools';
import { DESCRIPTION_WEIGHT, DISTANCE_COST, MEASURE_WEIGHT } from '../weights';

export const GLUE = new Set([
  'of',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  'as',
  'the',
  'a',
  'an',
  'its',
  'his',
  'her',
  'their',
  'my',
  'your',
  'our',
  'equal',
  'equals',
  'equaling',
  'approximately',
  'around',
  'roughly',
  'numbered',
  'called',
  'named',
  'titled',
  'labeled',
  'labelled',
  'identified',
  'to',
  'set',
  '=',
  ':',
  '"',
  "'",
  '`',
  '(',
  ')',
  '[',
  ']',
  '$',
  '%',
  '-',
  '’',
  '‘',
  '“',
  '”',
]);
export const SENTENCE_END: ReadonlySet<string> = new Set(['.', '?', '!', ';']);

/** A question word that is one of the property's own words. */
export interface Cue {
  token: number;
  stem: string;
  /** From the description rather than the name. */
  described: boolean;
  /** Match quality, divided among the properties that share the word. */
  weight: number;
  /** Written after its value, as a measure adjective is ("8 m long"), rather than before it. */
  follows?: boolean;
  /** A word the function's name writes too: the function's subject, which names no one property. */
  subject?: boolean;
}

export interface Reading {
  question: Question;
  slots: Slot[];
  /** The token at each character (between tokens: the next one), for spans → tokens. */
  tokenAt: Int32Array;
  /** Cost of stepping over each token when measuring a distance. */
  costs: number[];
  /** Tokens that are the unit word of a number: part of the value, not between value and cue. */
  unitTokens: Set<number>;
  cues: Map<Slot, Cue[]>;
  /** Values listed right after a list of property names ("width and depth as 7 and 12"): value start → property. */
  respective: Map<number, Slot>;
}

// Adjectives that state a measure ("8 m long", "3 m wide"): the noun of that measure, as WordNet's
// attribute links name it, is the property word they stand for.
const MEASURE_ADJECTIVES: Record<string, string> = {
  long: 'length',
  wide: 'width',
  broad: 'width',
  tall: 'height',
  high: 'height',
  deep: 'depth',
  thick: 'thickness',
  heavy: 'weight',
  old: 'age',
  far: 'distance',
};
const measureStems = new Map(Object.entries(MEASURE_ADJECTIVES).map(([adjective, noun]) => [adjective, stemOf(noun)]));

function shares(slots: Slot[], pick: (s: Slot) => string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of slots) for (const stem of new Set(pick(s))) counts.set(stem, (counts.get(stem) ?? 0) + 1);
  return counts;
}

function findCues(question: Question, slots: Slot[]): Map<Slot, Cue[]> {
  const nameShare = shares(slots, (s) => s.nameStems);
  const descriptionShare = shares(slots, (s) => s.descriptionStems);
  const cues = new Map<Slot, Cue[]>();
  for (const slot of slots) {
    const found: Cue[] = [];
    question.tokens.forEach((t, token) => {
      if (!t.word) return;
      const measure = measureStems.get(t.lower);
      if (measure && slot.nameStems.includes(measure))
        found.push({
          token,
          stem: measure,
          described: false,
          weight: MEASURE_WEIGHT / nameShare.get(measure)!,
          follows: true,
        });
      for (const stem of new Set(slot.nameStems)) {
        // One-letter and stop-word names ("a", "x", "to") are cues only in `name=value` form.
        if (stem.length < 2 || t.stop) continue;
        const m = stemMatch(stem, t.stem);
        if (m > 0) found.push({ token, stem, described: false, weight: m / nameShare.get(stem)! });
      }
      for (const stem of new Set(slot.descriptionStems)) {
        const m = stemMatch(stem, t.stem);
        if (m >= 0.8 && !slot.nameStems.includes(stem))
          found.push({
            token,
            stem,
            described: true,
            weight: (m * DESCRIPTION_WEIGHT) / descriptionShare.get(stem)!,
            ...(slot.subjectStems.includes(stem) && { subject: true }),
          });
      }
    });
    cues.set(slot, found);
  }
  return cues;
}

/** Prepares distance measuring for one question and one tool's properties. */
export function readFor(question: Question, slots: Slot[]): Reading {
  const { tokens, text } = question;
  const tokenAt = new Int32Array(text.length + 1).fill(-1);
  tokens.forEach((t, i) => tokenAt.fill(i, t.start, t.end));
  tokenAt[text.length] = tokens.length;
  for (let c = text.length - 1; c >= 0; c--) if (tokenAt[c] === -1) tokenAt[c] = tokenAt[c + 1]!;
  const costs = tokens.map((t) =>
    GLUE.has(t.lower)
      ? DISTANCE_COST.glue
      : SENTENCE_END.has(t.text)
        ? DISTANCE_COST.sentenceEnd
        : t.word || t.text === ','
          ? DISTANCE_COST.word
          : DISTANCE_COST.other,
  );
  const unitTokens = new Set<number>();
  for (const c of question.candidates) {
    if (c.kind === 'number' && c.mention.unitStart !== undefined) unitTokens.add(tokenAt[c.mention.unitStart]!);
  }
  const cues = findCues(question, slots);
  return { question, slots, tokenAt, costs, unitTokens, cues, respective: respectiveSlots(question, tokenAt, cues) };
}

/** "the width and depth as 7 m and 12 m": the n-th value listed belongs to the n-th property named. */
function respectiveSlots(question: Question, tokenAt: Int32Array, cues: Map<Slot, Cue[]>): Map<number, Slot> {
  const { tokens } = question;
  // Token → the one property whose name is there (null when several share it).
  const named = new Map<number, Slot | null>();
  for (const [slot, list] of cues) {
    for (const cue of list)
      if (!cue.described) named.set(cue.token, named.has(cue.token) && named.get(cue.token) !== slot ? null : slot);
  }
  const out = new Map<number, Slot>();
  for (const list of question.candidates) {
    if (list.kind !== 'enumeration') continue;
    let i = tokenAt[list.start]! - 1;
    while (i >= 0 && GLUE.has(tokens[i]!.lower)) i--;
    const order: Slot[] = [];
    for (;;) {
      const slot = named.get(i);
      if (!slot) break;
      order.unshift(slot);
      while (i >= 0 && named.get(i) === slot) i--;
      if (tokens[i]?.lower !== 'and' && tokens[i]?.text !== ',') break;
      i -= tokens[i - 1]?.text === ',' ? 2 : 1;
    }
    if (order.length === list.members.length && new Set(order).size === order.length)
      list.members.forEach((m, k) => out.set(m.start, order[k]!));
  }
  return out;
}

export function tokenRange(reading: Reading, span: { start: number; end: number }): [number, number] {
  return [reading.tokenAt[span.start]!, reading.tokenAt[Math.max(span.start, span.end - 1)]!];
}

/** Words between two tokens, by cost; tokens in `free` cost nothing. */
export function distance(reading: Reading, from: number, to: number, free: Set<number>): number {
  let d = 0;
  for (let i = Math.min(from, to) + 1; i < Math.max(from, to); i++) {
    if (!free.has(i) && !reading.unitTokens.has(i)) d += reading.costs[i]!;
  }
  return d;
}
