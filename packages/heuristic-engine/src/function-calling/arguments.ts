// Reads a tool call's arguments out of a question. Every (property, candidate value) pair is scored
// by type fit × evidence, and pairs are taken best first, each property once and each stretch of the
// question once (a value repeated in the question can be used twice; one mention cannot). Required
// properties may take a value without evidence, in schema order ("the gcd of 84 and 30"); optional
// ones only with strong evidence, since leaving them out lets the function use its own default.
import { nameWords, stemMatch, stemOf, terms } from '@fnquery/text-tools';
import type { ToolDefinition } from '@fnquery/contracts';
import { prepareTool, slotCandidates } from './candidates';
import { convert, holdsUnit } from './conversion';
import {
  cueEvidence,
  descriptionVerb,
  holdsName,
  introducedRoom,
  isPlace,
  isRegion,
  keyEvidence,
  kindEvidence,
  prepositionEvidence,
  respectiveEvidence,
  unitEvidence,
} from './evidence';
import { unsettledSlots } from './gate';
import { readFor } from './reading';
import { placedByOrderOnly } from './order';
import { settleRoles } from './roles';
import { invertedRange, settleBounds, type Bounds } from './bounds';
import { settleDimensions } from './dimensions';
import { compoundUnitOwner } from './compound-units';
import { countsPerYear, countsYears, frequencyPerYear } from './per-year';
import { measuresOtherDimension } from './dimension-words';
import { fitsExampleLayout } from './layouts';
import { isUnit } from '../values/units';
import { signed } from './signs';
import type { Candidate, Question, Span } from './question';
import { buildArguments, slotHolds, toolShape, type Slot } from './slots';
import { BASE, EVIDENCE, OPTIONAL_EVIDENCE, GUESS_SCORE, RIVAL_SHARE } from '../weights';

export interface Extraction {
  arguments: Record<string, unknown>;
  /** Required properties the question gives no value for (and whose schema has no default). */
  missing: Slot[];
  /** Properties filled from the question with evidence (not by order or default). */
  found: number;
  /**
   * Every required property is filled with a value of a kind its schema pins down (a number, a
   * boolean, a format, a pattern, an enum option), not with free text.
   */
  typedFill: boolean;
  /** The stretches of the question whose values the call sends, with the strong evidence that placed each. */
  used: (Span & { strong: number; slot: Slot })[];
  /** Values sent that are lower-case words with little evidence: a reading, not something the question states. */
  loose: number;
  /**
   * Properties for which the question writes another value, unused, with as much evidence as the one
   * taken ("a radius of 5 … a radius of 10"): the question wants several calls, or is ambiguous.
   */
  contested: Slot[];
  /**
   * The question writes two values of the kind of the tool's direction pair (two currencies, two
   * units): whichever way round, the question is about what this tool does.
   */
  writesPair: boolean;
  /** Properties the call must not be sent without asking for (gate.ts): a value cut from a word, a place without its region, a given optional value left out. */
  unsettled: Slot[];
}

interface Pair {
  slot: Slot;
  candidate: Candidate;
  value: unknown;
  score: number;
  /** Strong evidence only: what an optional property needs. */
  strong: number;
  /** All evidence, strong and weak. */
  evidence: number;
  /** Written right after a preposition that introduces the property's role. */
  introduced?: boolean;
  /** Placed by its form (a part of "Lyon, France"), not by evidence or order. */
  formSettled?: boolean;
}

/** The question names an enum option (or several, for an array of options) outright. */
const namesOption = (c: Candidate) =>
  c.kind === 'option' || (c.kind === 'enumeration' && c.members.every((m) => m.kind === 'option'));

function toolVocabulary(tool: ToolDefinition, slots: Slot[]): string[] {
  return [
    ...new Set([...nameWords(tool.name).map(stemOf), ...terms(tool.description), ...slots.flatMap((s) => s.nameStems)]),
  ];
}

export function extractArguments(tool: ToolDefinition, question: Question): Extraction {
  const shape = toolShape(tool);
  const reading = readFor(question, shape.slots);
  const prepared = prepareTool(reading, shape.slots, toolVocabulary(tool, shape.slots));
  const pairs: Pair[] = [];
  const frequency = frequencyPerYear(question);
  for (const slot of shape.slots) {
    const perYear = countsPerYear(slot);
    const offered = slotCandidates(prepared, slot);
    for (const found of perYear && frequency ? [...offered, frequency] : offered) {
      // "a dozen years" is the number of years, never how many times a year.
      if (perYear && countsYears(question, found)) continue;
      const candidate = withHouseNumber(slot, withoutOwnName(slot, found), question.text);
      const converted = convert(slot, candidate);
      if (!converted || converted.fit <= 0) continue;
      // The word written with a number ("80 BPM", "10 kPa") is its unit, whatever its case: a value
      // only for a property that holds a unit.
      if (isUnitWord(reading, candidate) && !holdsUnit(slot)) continue;
      // Words after a colon that make a list ("a bouquet: roses, tulips and lilies") are that list,
      // a message only for a property that holds one.
      if (listAfterColon(question, candidate) && !slotHolds.message(slot)) continue;
      // Nor is a word or a name from inside such a list a value of its own: the list is read whole.
      if (partOfColonList(question, candidate)) continue;
      // "2 m/s^2" is the acceleration's, described "in m/s^2", never the speed's "in m/s".
      const unitOwner = compoundUnitOwner(question, shape.slots, slot, candidate);
      if (unitOwner === 'other') continue;
      // "10 m across" is a diameter: no radius's value.
      if (measuresOtherDimension(question, slot, candidate)) continue;
      const verb = descriptionVerb(tool.description ?? '', slot);
      const room = introducedRoom(reading, slot, candidate, verb);
      const preposition = prepositionEvidence(reading, slot, candidate, verb);
      // Left-over lower-case words make a place or a person only after "in", "by"…: "weather like
      // today" has no city, "weather in paris" has one.
      if (candidate.kind === 'text' && candidate.source === 'leftover' && holdsName(slot) && preposition === 0)
        continue;
      const cue = cueEvidence(reading, slot, candidate);
      const unit = unitEvidence(reading, slot, candidate);
      const strong =
        cue.strong +
        unit.strong +
        kindEvidence(slot, candidate) +
        respectiveEvidence(reading, slot, candidate) +
        keyEvidence(reading, slot, candidate) +
        preposition +
        (unitOwner === 'this' ? EVIDENCE.unitWritten : 0) +
        (found === frequency ? EVIDENCE.unitNamed : 0) +
        (candidate.kind === 'text' && fitsExampleLayout(slot, converted.value) ? EVIDENCE.kindHeld : 0) +
        (namesOption(candidate) || candidate.kind === 'flag' ? 1 : 0);
      const evidence = strong + cue.weak + unit.weak;
      pairs.push({
        slot,
        candidate,
        value: signed(question, slot, candidate, converted.value),
        score: converted.fit * (BASE + evidence),
        strong,
        evidence,
        introduced: room,
      });
    }
  }
  pairs.sort((a, b) => b.score - a.score || a.slot.order - b.slot.order || a.candidate.start - b.candidate.start);
  const chosen = assign(pairs);
  splitQualifiedNames(chosen, shape.slots);
  fillRequired(chosen, pairs, shape.slots);
  // A range's ends take the numbers its limit words settle ("between 900 and 1,400", "under 2k").
  const bounds = settleBounds(shape.slots, question);
  if (bounds) placeBounds(chosen, pairs, bounds);

  // Precision before recall: left-over words with no evidence at all are a guess, not a value.
  for (const [slot, pair] of chosen) if (guessOnly(pair)) chosen.delete(slot);
  // A name with no evidence while another name, unused, fits the property as well: nothing settles which.
  for (const [slot, pair] of chosen) if (unsettledName(pair, pairs, chosen, question)) chosen.delete(slot);
  // Nor are same-typed values placed only by the order they are written in.
  const evidenceFor = (slot: Slot, candidate: Candidate) =>
    pairs.find((p) => p.slot === slot && p.candidate.start === candidate.start && p.candidate.end === candidate.end)
      ?.evidence;
  // A pair of direction properties takes only the values whose roles the question settles (roles.ts), whatever their order.
  const roles = settleRoles(shape.slots, question);
  for (const slot of placedByOrderOnly([...chosen.values()], evidenceFor, question.text))
    if (!roles?.pair.includes(slot) && !bounds?.placed.has(slot)) chosen.delete(slot);
  // A size written "800 by 600" fills the size properties in its written order (dimensions.ts).
  const dimensions = settleDimensions(shape.slots, question);
  if (dimensions)
    for (const [slot, pair] of chosen)
      if (
        dimensions.values.has(slot) ||
        (pair.candidate.start < dimensions.end && pair.candidate.end > dimensions.start)
      )
        chosen.delete(slot);
  const values = new Map<Slot, unknown>([...chosen].map(([slot, pair]) => [slot, pair.value]));
  for (const slot of roles?.unsettled ?? []) values.delete(slot);
  for (const [slot, value] of roles?.values ?? []) values.set(slot, value);
  for (const [slot, value] of dimensions?.values ?? []) values.set(slot, value);
  const missing: Slot[] = [];
  for (const slot of shape.slots) {
    if (!slot.required || values.has(slot)) continue;
    const fallback = schemaDefault(slot);
    if (fallback === undefined) missing.push(slot);
    else values.set(slot, fallback);
  }
  const settled = (slot: Slot) => roles?.values.has(slot) === true || dimensions?.values.has(slot) === true;
  // A range's ends placed by their limit words ("between 60 and 90") are found as surely as a cue would find them.
  const bounded = (slot: Slot) => bounds?.placed.has(slot) === true;
  const found = [...chosen.values()].filter(
    (p) => (p.strong >= OPTIONAL_EVIDENCE || bounded(p.slot)) && !settled(p.slot),
  ).length;
  const required = shape.slots.filter((s) => s.required);
  const typedFill =
    missing.length === 0 &&
    required.length > 0 &&
    required.every((s) => settled(s) || (chosen.has(s) && pinnedDown(s)));
  const sent = [...chosen.values()].filter((p) => values.has(p.slot));
  const used = sent.map((p) => p.candidate);
  return {
    arguments: buildArguments(shape, values),
    missing,
    found: found + (roles?.values.size ?? 0) + (dimensions?.values.size ?? 0),
    typedFill,
    used: sent.map((p) => ({ start: p.candidate.start, end: p.candidate.end, strong: p.strong, slot: p.slot })),
    loose: sent.filter(
      (p) => p.candidate.kind === 'text' && formOf(p.candidate) === 'words' && p.strong < OPTIONAL_EVIDENCE,
    ).length,
    // A direction pair's two values are settled by roles.ts, not contested.
    contested: contestedSlots(chosen, pairs, used).filter((s) => !roles || !roles.pair.includes(s)),
    writesPair: (roles?.written ?? 0) >= 2,
    unsettled: [
      ...[
        ...unsettledSlots(question, shape.slots, sent, pairs, schemaDefault),
        ...numbersBesideMissing(sent, missing, question.text),
      ].filter((s) => !settled(s)),
      // A low end above its high end is never sent, however it was read (bounds.ts).
      ...invertedRange(shape.slots, values),
    ],
  };
}

const numeric = (slot: Slot) => slot.type === 'number' || slot.type === 'integer';

/** A number written with what it measures: a unit ("100 m", "9.8 m/s^2"), a percent sign, a currency. */
function measured(c: Candidate, text: string): boolean {
  if (c.kind !== 'number') return false;
  if (c.mention.percent || c.mention.currency !== undefined) return true;
  const written = /^\s?([\p{L}µ°]+)(\/[\p{L}]+)?/u.exec(text.slice(c.end));
  return written !== null && (isUnit(written[0]) || isUnit(written[1]!));
}

/**
 * Bare numbers nothing ties to their property while another numeric property is asked for ("Resize
 * it to 400" for a width and a height): which of the two the number fills is a guess, so the question
 * back names both rather than keeping the guess and asking for the other.
 */
function numbersBesideMissing(sent: Pair[], missing: Slot[], text: string): Slot[] {
  if (!missing.some(numeric)) return [];
  return sent
    .filter(
      (p) =>
        p.candidate.kind === 'number' &&
        !measured(p.candidate, text) &&
        numeric(p.slot) &&
        p.strong < OPTIONAL_EVIDENCE,
    )
    .map((p) => p.slot);
}

const colonLists = (question: Question) =>
  question.candidates.filter(
    (e): e is Extract<Candidate, { kind: 'enumeration' }> =>
      e.kind === 'enumeration' && e.members.every((m) => m.kind === 'text' && m.source === 'said'),
  );

const partOfColonList = (question: Question, c: Candidate) =>
  c.kind === 'text' && c.source !== 'said' && colonLists(question).some((e) => c.start >= e.start && c.end <= e.end);

const listAfterColon = (question: Question, c: Candidate) =>
  c.kind === 'text' &&
  c.source === 'said' &&
  question.candidates.some((e) => e.kind === 'enumeration' && e.start === c.start && e.end === c.end);

/** Each settled end of a range takes its number, which no other property keeps. */
function placeBounds(chosen: Map<Slot, Pair>, pairs: Pair[], bounds: Bounds): void {
  for (const [slot, number] of bounds.placed) {
    const pair = pairs.find(
      (p) => p.slot === slot && p.candidate.start === number.start && p.candidate.end === number.end,
    );
    if (!pair) continue;
    for (const [other, held] of chosen) if (other !== slot && overlaps(held.candidate, number)) chosen.delete(other);
    chosen.set(slot, pair);
  }
}

/**
 * A capitalised name that starts with the property's own words ("warehouse Code W778" for
 * `warehouse_code`): the words are the cue, the rest is the value.
 */
function withoutOwnName(slot: Slot, candidate: Candidate): Candidate {
  if (candidate.kind !== 'text' || candidate.source !== 'name' || candidate.parts) return candidate;
  const words = [...candidate.text.matchAll(/\S+/g)];
  let cut = 0;
  while (cut < words.length - 1 && slot.nameStems.some((s) => stemMatch(s, stemOf(words[cut]![0])) >= 0.8)) cut++;
  if (cut === 0) return candidate;
  const at = words[cut]!.index;
  return { ...candidate, start: candidate.start + at, text: candidate.text.slice(at) };
}

const ADDRESS = ['address', 'street'].map(stemOf);

/** A street name written after its number ("12 Baker Street") is taken with it for an address. */
function withHouseNumber(slot: Slot, candidate: Candidate, text: string): Candidate {
  if (candidate.kind !== 'text' || candidate.source !== 'name' || !slot.nameStems.some((s) => ADDRESS.includes(s)))
    return candidate;
  const number = /(\d+[A-Za-z]?)\s+$/.exec(text.slice(0, candidate.start));
  if (!number) return candidate;
  const start = candidate.start - number[0].length;
  return { ...candidate, start, text: text.slice(start, candidate.end) };
}

/**
 * A property whose value has strong evidence, when another value nothing else uses has as strong
 * evidence for it, written in the same form: two radii, two check-in dates, two cities. (A value the
 * question repeats is no rival.)
 */
function contestedSlots(chosen: Map<Slot, Pair>, pairs: Pair[], used: Candidate[]): Slot[] {
  const out: Slot[] = [];
  for (const held of chosen.values()) {
    if (held.strong < OPTIONAL_EVIDENCE || held.candidate.kind === 'flag') continue;
    const rival = pairs.find(
      (p) =>
        p.slot === held.slot &&
        p.strong >= Math.max(OPTIONAL_EVIDENCE, held.strong * RIVAL_SHARE) &&
        JSON.stringify(p.value) !== JSON.stringify(held.value) &&
        formOf(p.candidate) === formOf(held.candidate) &&
        !['words', 'flag'].includes(formOf(p.candidate)) &&
        !used.some((u) => overlaps(u, p.candidate)),
    );
    if (rival) out.push(held.slot);
  }
  return out;
}

/** How a value is written: a number, a date, a capitalised name, lower-case words… */
const formOf = (c: Candidate) =>
  c.kind !== 'text'
    ? c.kind
    : ['name', 'quoted', 'identifier'].includes(c.source)
      ? 'name'
      : ['phrase', 'leftover', 'unit'].includes(c.source)
        ? 'words'
        : c.source;

const guessOnly = (pair: Pair) =>
  pair.candidate.kind === 'text' &&
  pair.candidate.source === 'leftover' &&
  pair.strong === 0 &&
  pair.score <= GUESS_SCORE;

/**
 * A free-text value with no evidence for its property when the question writes another value of the
 * same form that nothing uses and that fits the property too ("Patent cases of Acme": which is the
 * company?): a guess between the two, so the value is not sent.
 */
function unsettledName(held: Pair, pairs: Pair[], chosen: Map<Slot, Pair>, question: Question): boolean {
  // A quoted value is written as a value on purpose; a capitalised word may be anything.
  if (held.candidate.kind !== 'text' || held.strong > 0 || held.candidate.source !== 'name') return false;
  const used = [...chosen.values()].map((p) => p.candidate);
  // Names listed together ("Oslo, Bergen and Tromsø") ask for one call each (parallel.ts), not a choice.
  const listed = (a: Candidate, b: Candidate) =>
    question.candidates.some(
      (c) => c.kind === 'enumeration' && [a, b].every((x) => c.members.some((m) => m.start === x.start)),
    ) || /^\s*(?:,|and|or|, and|, or)\s*$/.test(question.text.slice(a.end, b.start));
  // A word capitalised only because it starts a sentence ("… F.C. Include its venue") is no name.
  const startsSentence = (c: Candidate) =>
    /(?:^|[.!?]\s+)$/.test(question.text.slice(0, c.start)) && !/\s/.test(question.text.slice(c.start, c.end));
  return pairs.some(
    (p) =>
      p.slot === held.slot &&
      p.candidate !== held.candidate &&
      p.candidate.kind === 'text' &&
      p.candidate.source === 'name' &&
      !startsSentence(p.candidate) &&
      !listed(held.candidate, p.candidate) &&
      !listed(p.candidate, held.candidate) &&
      // A value sent from the rival's tail ("15" of "Tom 15") leaves its name free.
      !used.some((u) => overlaps(u, p.candidate) && u.start <= p.candidate.start),
  );
}

function isUnitWord(reading: ReturnType<typeof readFor>, candidate: Candidate): boolean {
  if (candidate.kind !== 'text' || !['name', 'identifier'].includes(candidate.source)) return false;
  const token = reading.tokenAt[candidate.start];
  return token !== undefined && token === reading.tokenAt[candidate.end - 1] && reading.unitTokens.has(token);
}

const pinnedDown = (slot: Slot) =>
  ['integer', 'number', 'boolean'].includes(slot.type) ||
  Array.isArray(slot.schema.enum) ||
  typeof slot.schema.format === 'string' ||
  typeof slot.schema.pattern === 'string';

const eligible = (pair: Pair) => pair.slot.required || pair.strong >= OPTIONAL_EVIDENCE;
const overlaps = (a: Candidate, b: Candidate) =>
  a.kind !== 'flag' && b.kind !== 'flag' && a.start < b.end && a.end > b.start;
const blockers = (chosen: Map<Slot, Pair>, pair: Pair, ignoring?: Slot) =>
  [...chosen.values()].filter(
    (held) => held.slot !== ignoring && held.slot !== pair.slot && overlaps(held.candidate, pair.candidate),
  );

/** Best pairs first; a property once, a stretch of the question once. */
function assign(pairs: Pair[]): Map<Slot, Pair> {
  const chosen = new Map<Slot, Pair>();
  for (const pair of pairs) {
    if (!chosen.has(pair.slot) && eligible(pair) && blockers(chosen, pair).length === 0) chosen.set(pair.slot, pair);
  }
  return chosen;
}

/**
 * "Lyon, France" taken whole by `city` while `country` has nothing (or only a guess from left-over
 * words): each takes its part. The region (`country`, `state`) takes the part written second whichever
 * of the two the schema lists first.
 */
function splitQualifiedNames(chosen: Map<Slot, Pair>, slots: Slot[]): void {
  for (const slot of slots) {
    const held = chosen.get(slot)?.candidate;
    const guess =
      held === undefined || (held.kind === 'text' && (held.source === 'leftover' || held.source === 'phrase'));
    if (!slot.required || !guess || slot.type !== 'string' || !isPlace(slot)) continue;
    const whole = [...chosen.values()].find(
      (p) => p.candidate.kind === 'text' && p.candidate.parts && typeof p.value === 'string',
    );
    if (!whole || whole.candidate.kind !== 'text' || !whole.candidate.parts) continue;
    const [main, qualifier] = whole.candidate.parts;
    const part = (m: typeof main): Candidate => ({
      kind: 'text',
      source: 'name',
      start: m.start,
      end: m.end,
      text: m.text,
    });
    const [ofWhole, ofSlot] = isRegion(whole.slot) && !isRegion(slot) ? [qualifier, main] : [main, qualifier];
    chosen.set(whole.slot, { ...whole, candidate: part(ofWhole), value: ofWhole.text, formSettled: true });
    chosen.set(slot, { ...whole, slot, candidate: part(ofSlot), value: ofSlot.text, formSettled: true });
  }
}

/**
 * A required property left empty because another took its value: the other moves to its next
 * best value (or, if optional, goes without), when that frees the value for both.
 */
function fillRequired(chosen: Map<Slot, Pair>, pairs: Pair[], slots: Slot[]): void {
  for (const slot of slots) {
    if (!slot.required || chosen.has(slot)) continue;
    for (const pair of pairs) {
      if (pair.slot !== slot) continue;
      const held = blockers(chosen, pair);
      if (held.length !== 1) continue;
      const holder = held[0]!;
      // Only trades that keep both sides sensible: no left-over words, no collapse in score.
      if (pair.candidate.kind === 'text' && pair.candidate.source === 'leftover') continue;
      const alternative = pairs.find(
        (p) =>
          p.slot === holder.slot &&
          p !== holder &&
          eligible(p) &&
          p.score >= holder.score / 2 &&
          !overlaps(p.candidate, pair.candidate) &&
          blockers(chosen, p, holder.slot).length === 0,
      );
      if (!alternative && holder.slot.required) continue;
      chosen.set(slot, pair);
      if (alternative) chosen.set(holder.slot, alternative);
      else chosen.delete(holder.slot);
      break;
    }
  }
}

const STATED_DEFAULT =
  /\bdefaults?(?:\s+value)?(?:\s+(?:is|to|of))?\s*[:=]?\s*(?:['"]([^'"]+)['"]|([^\s,;.)]+(?:\.\d+)?))/i;

/** The schema's `default`, or one its description states ("Default is 'weekly'"), typed. */
function schemaDefault(slot: Slot): unknown {
  if (slot.schema.default !== undefined) return slot.schema.default;
  const stated = STATED_DEFAULT.exec(slot.description);
  const raw = stated?.[1] ?? stated?.[2];
  // "Default: None" describes leaving the value out, which a required property cannot.
  if (raw === undefined || /^(?:none|null)$/i.test(raw)) return undefined;
  const allowed = slot.schema.enum;
  if (Array.isArray(allowed)) return allowed.find((o) => String(o).toLowerCase() === raw.toLowerCase());
  switch (slot.type) {
    case 'boolean':
      return /^(?:true|yes)$/i.test(raw) ? true : /^(?:false|no)$/i.test(raw) ? false : undefined;
    case 'integer':
    case 'number': {
      const n = Number(raw);
      return Number.isNaN(n) || (slot.type === 'integer' && !Number.isInteger(n)) ? undefined : n;
    }
    case 'string':
      // An unquoted function word ("Default is not applied", "Default is the first") is the start of a
      // sentence about the default, not a value.
      return stated?.[1] === undefined && terms(raw).length === 0 ? undefined : raw;
    default:
      return undefined;
  }
}
