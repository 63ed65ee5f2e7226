// How strongly a question ties a value to a property: the property's words near the value ("a radius
// of 9", "7 laps", "brand 'Orbit'"), an explicit `name=value`, a unit or quantity the property
// names ("82 kg" for mass_kg, "3 weeks" for a duration), the kind of text it holds (a date for a
// date), a preposition its kind of value follows ("in Lyon" for a location, "from X" for a start),
// or a "respectively" list.
import type { Candidate } from './question';
import { distance, tokenRange, type Reading } from './reading';
import { quantityStems, unitStems, type NumberMention } from '../schema-values';
import { ISO_DATE_TIME, patternOf } from './conversion';
import { slotHolds, type Slot } from './slots';
import { DETERMINERS, nameWords, stemMatch, stemOf } from '@fnquery/text-tools';
import { MAX_DISTANCE, DESCRIPTION_CAP, AFTER_VALUE, EVIDENCE } from '../weights';

/**
 * Strong evidence names the property (its name, its `name=`, a unit or preposition it implies);
 * weak evidence only echoes its description. Optional properties need strong evidence.
 */
export interface Evidence {
  strong: number;
  weak: number;
}

const stems = (words: string) => words.split(' ').map(stemOf);
interface PrepositionClass {
  /** Property-name words of this kind of value. */
  keys: string[];
  prepositions: string[];
  /** Places, people and topics are words, never numbers ("in 2031" is no location). */
  textOnly: boolean;
}
const PLACE: PrepositionClass = {
  keys: stems('location city place country state region area venue county address town where site loc'),
  prepositions: ['in', 'at', 'near', 'around', 'within'],
  textOnly: true,
};
const PEOPLE: PrepositionClass = {
  keys: stems('artist author creator maker composer director by writer inventor manufacturer brand'),
  prepositions: ['by', 'from'],
  textOnly: true,
};
const PREPOSITION_CLASSES: PrepositionClass[] = [
  PLACE,
  PEOPLE,
  {
    keys: stems('start origin source from departure begin sender'),
    prepositions: ['from', 'between', 'since'],
    textOnly: false,
  },
  {
    keys: stems('end destination target to final arrival until recipient'),
    prepositions: ['to', 'until', 'till', 'into'],
    textOnly: false,
  },
  {
    keys: stems('topic subject about keyword theme regarding'),
    prepositions: ['about', 'on', 'regarding', 'concerning'],
    textOnly: true,
  },
];
const UNIT_PROPERTY = stems('unit measur scale');

/** A property that names a place: city, country, location… */
export const isPlace = (slot: Slot) => slot.nameStems.some((s) => PLACE.keys.includes(s));

const REGION = stems('country state region province nation county territory');
/** A place property that holds the region a place lies in: what "Lyon, France" writes second. */
export const isRegion = (slot: Slot) => slot.nameStems.some((s) => REGION.includes(s));

const NAMED = [
  ...PLACE.keys,
  ...PEOPLE.keys,
  ...stems('name person player company team organization user customer actor owner'),
];
/** A property that holds a proper name (a place, a person, a company): a value written as a name. */
export const holdsName = (slot: Slot) => slot.nameStems.some((s) => NAMED.includes(s));

/** The number a candidate measures: itself, or the last of a list ("the 5th, 7th and 9th rows"). */
function measured(candidate: Candidate): NumberMention | undefined {
  if (candidate.kind === 'number') return candidate.mention;
  const last = candidate.kind === 'enumeration' ? candidate.members.at(-1) : undefined;
  return last?.kind === 'number' ? last.mention : undefined;
}

const matchesAny = (own: string[], others: string[]) => own.some((s) => others.some((u) => stemMatch(s, u) >= 0.8));

/** The property's own words around the candidate, the nearest occurrence of each word counting. */
export function cueEvidence(reading: Reading, slot: Slot, candidate: Candidate): Evidence {
  const cues = reading.cues.get(slot) ?? [];
  if (cues.length === 0) return { strong: 0, weak: 0 };
  const [first, last] = tokenRange(reading, candidate);
  const free = new Set(cues.map((c) => c.token));
  const unitStart = measured(candidate)?.unitStart;
  const unitToken = unitStart === undefined ? undefined : reading.tokenAt[unitStart];
  const best = new Map<string, { score: number; described: boolean }>();
  for (const cue of cues) {
    let factor: number;
    if (cue.token >= first && cue.token <= last) factor = EVIDENCE.cueInside;
    else if (cue.token === unitToken) factor = 1;
    else {
      const d = distance(reading, cue.token, cue.token < first ? first : last, free);
      if (d > MAX_DISTANCE) continue;
      // The function's subject names a property's value only as the noun right after it ("the 7
      // tram"), never from before it: "a cylinder of 5 and 12" gives no height.
      if (cue.subject && (cue.token < first || d > 0)) continue;
      factor = (cue.token < first === !cue.follows ? 1 : AFTER_VALUE) / (1 + d);
    }
    const key = `${cue.described ? 'd' : 'n'}:${cue.stem}`;
    best.set(key, { score: Math.max(best.get(key)?.score ?? 0, cue.weight * factor), described: cue.described });
  }
  let named = 0;
  let described = 0;
  for (const b of best.values()) {
    if (b.described) described += b.score;
    else named += b.score;
  }
  return { strong: named, weak: Math.min(described, DESCRIPTION_CAP) };
}

/** `name=value` / `name: value` with this property's name right before the candidate. */
export function keyEvidence(reading: Reading, slot: Slot, candidate: Candidate): number {
  const name = nameWords(slot.name).join(' ');
  const hit = reading.question.keyValues.some(
    (kv) =>
      candidate.start >= kv.valueStart && candidate.start <= kv.valueStart + 1 && nameWords(kv.key).join(' ') === name,
  );
  return hit ? EVIDENCE.keyValue : 0;
}

/**
 * What a number measures, against what the property is: a unit it names ("82 kg" for mass_kg),
 * the quantity the unit measures ("3 weeks" for a duration, "$740" for an amount, "2031" for a year), a
 * unit its description names (shared out among the properties whose descriptions name it); and a
 * unit word ("in miles") for a property that is itself a unit (`unit`, `to_unit`, `measurement`).
 */
export function unitEvidence(reading: Reading, slot: Slot, candidate: Candidate): Evidence {
  if (candidate.kind === 'text' && candidate.source === 'unit')
    return { strong: matchesAny(UNIT_PROPERTY, slot.nameStems) ? EVIDENCE.unitProperty : 0, weak: 0 };
  const mention = measured(candidate);
  if (!mention) return { strong: 0, weak: 0 };
  const units = mention.unit ? unitStems(mention.unit) : [];
  const quantities = quantityStems(mention);
  // The thing its description counts is as good as its name: "5 departures" for "How many departures to list".
  if (matchesAny(slot.nameStems, units) || countsUnit(slot, units)) return { strong: EVIDENCE.unitNamed, weak: 0 };
  if (countsPeople(slot) && numberOfPeople(reading.question.text, mention))
    return { strong: EVIDENCE.unitNamed, weak: 0 };
  const quantity = matchesAny(slot.nameStems, quantities) ? EVIDENCE.quantityNamed : 0;
  if (!matchesAny(slot.descriptionStems, units))
    return { strong: quantity, weak: matchesAny(slot.descriptionStems, quantities) ? EVIDENCE.quantityDescribed : 0 };
  const sharing = reading.slots.filter(
    (s) => matchesAny(s.descriptionStems, units) || matchesAny(s.nameStems, units),
  ).length;
  return { strong: quantity + EVIDENCE.unitDescribed / sharing, weak: 0 };
}

const COUNTED = /\b(?:how\s+many|number\s+of|count\s+of)\s+(?:the\s+)?([\p{L}]+)/iu;

// Words that count people: a property counting "people" takes "4 guests", "8 friends", "3 of us".
const PEOPLE_COUNTED = new Set(
  stems(
    'people person persons guest adult friend traveller traveler passenger diner attendee participant visitor colleague member',
  ),
);
const countsPeople = (slot: Slot) =>
  slot.nameStems.some((s) => PEOPLE_COUNTED.has(s)) ||
  PEOPLE_COUNTED.has(stemOf(COUNTED.exec(slot.description)?.[1]?.toLowerCase() ?? ''));
const numberOfPeople = (text: string, mention: NumberMention) =>
  (mention.unit !== undefined && PEOPLE_COUNTED.has(stemOf(mention.unit.toLowerCase()))) ||
  /^\s+of\s+(?:us|them|you)\b/i.test(text.slice(mention.end));

/** The property counts what the number is written with: "Number of bedrooms" and "3 bedrooms". */
function countsUnit(slot: Slot, units: string[]): boolean {
  const counted = COUNTED.exec(slot.description)?.[1];
  return (
    counted !== undefined && units.length > 0 && units.some((u) => stemMatch(stemOf(counted.toLowerCase()), u) >= 0.8)
  );
}

/** The value is the kind of text the property holds: a date for a date, an address for an e-mail. */
export function kindEvidence(slot: Slot, candidate: Candidate): number {
  const holds =
    (candidate.kind === 'date' && slotHolds.date(slot)) ||
    (candidate.kind === 'time' && slotHolds.time(slot)) ||
    (candidate.kind === 'text' && candidate.source === 'email' && slotHolds.email(slot)) ||
    (candidate.kind === 'text' && candidate.source === 'uri' && slotHolds.uri(slot)) ||
    (candidate.kind === 'expression' && slotHolds.formula(slot)) ||
    (candidate.kind === 'text' && candidate.source === 'said' && slotHolds.message(slot)) ||
    (candidate.kind === 'text' && ISO_DATE_TIME.test(candidate.text) && slotHolds.date(slot));
  // Only values that match a pattern get this far (conversion.ts): the match is strong evidence.
  const patterned = patternOf(slot.schema) !== null && (candidate.kind === 'text' || candidate.kind === 'number');
  return holds ? EVIDENCE.kindHeld : patterned ? EVIDENCE.patterned : 0;
}

/** "in Lyon" for a location, "from Dover" or "from 06:30" for a start, "by Okafor" for an author. */
export function prepositionEvidence(reading: Reading, slot: Slot, candidate: Candidate, toolVerb?: string): number {
  if (
    candidate.kind !== 'text' &&
    candidate.kind !== 'number' &&
    candidate.kind !== 'date' &&
    candidate.kind !== 'time' &&
    candidate.kind !== 'option'
  )
    return 0;
  if (introducedRoom(reading, slot, candidate, toolVerb)) return EVIDENCE.preposition;
  const tokens = reading.question.tokens;
  let i = reading.tokenAt[candidate.start]! - 1;
  while (i >= 0 && DETERMINERS.has(tokens[i]!.lower)) i--;
  // An option written right after a number is that quantity's own unit ("12 inches", "3 km"): what
  // it is converted from.
  const before = candidate.kind === 'option' && /^\d/.test(tokens[i]?.text ?? '') ? 'from' : tokens[i]?.lower;
  if (!before) return 0;
  const introduces = (c: PrepositionClass) =>
    (!c.textOnly || candidate.kind === 'text' || candidate.kind === 'option') &&
    c.prepositions.includes(before) &&
    slot.nameStems.some((s) => c.keys.includes(s));
  return PREPOSITION_CLASSES.some(introduces) ? EVIDENCE.preposition : 0;
}

// Places inside a building: the head word of the property's name or of its description ("zone",
// "Room whose lights …"), not any word of it ("room_type" is a type).
const ROOMS = stems('zone room floor hall');

/**
 * Lower-case words after "in" or "on" for a property whose head word names a place inside a building
 * ("in the kitchen" for a zone of the house): written in the property's role, so a value, not a guess.
 */
export function introducedRoom(reading: Reading, slot: Slot, candidate: Candidate, toolVerb?: string): boolean {
  if (candidate.kind !== 'text' || candidate.source !== 'leftover') return false;
  const heads = [slot.nameStems.at(-1), slot.descriptionStems[0]];
  if (!heads.some((h) => h !== undefined && ROOMS.includes(h))) return false;
  const tokens = reading.question.tokens;
  let i = reading.tokenAt[candidate.start]! - 1;
  while (i >= 0 && DETERMINERS.has(tokens[i]!.lower)) i--;
  if (['in', 'on'].includes(tokens[i]?.lower ?? '')) return true;
  // The object of the verb the function's description opens with, where the description's object is
  // this room ("Heat a zone of the house": "Heat the kitchen …" names the zone).
  return i === 0 && i < reading.tokenAt[candidate.start]! - 1 && toolVerb !== undefined && tokens[0]!.stem === toolVerb;
}

/** The verb a description opens with, when its object is the property's head: "Heat a zone …" for `zone`. */
export function descriptionVerb(description: string, slot: Slot): string | undefined {
  const m = /^\s*([A-Za-z]+)\s+(?:a|an|the)\s+([A-Za-z]+)/.exec(description);
  return m && stemOf(m[2]!.toLowerCase()) === slot.nameStems.at(-1) ? stemOf(m[1]!.toLowerCase()) : undefined;
}

/** The property this value was listed for, in a "respectively" list. */
export function respectiveEvidence(reading: Reading, slot: Slot, candidate: Candidate): number {
  return reading.respective.get(candidate.start) === slot && candidate.kind !== 'enumeration' ? EVIDENCE.respective : 0;
}
