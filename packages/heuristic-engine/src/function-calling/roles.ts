// Two properties of one kind told apart only by direction (`from_currency`/`to_currency`,
// `from_unit`/`to_unit` as options or as free text, `base`/`quote`) are filled only when the question
// settles which value is which; otherwise the engine asks. A swapped pair is a confidently wrong call
// (60 EUR → GBP run as GBP → EUR), worse than a question back.
// What settles a value's role:
// - a direction word before it: "from X" is the source; "to", "into", "in", "as X" the target; "for X"
//   the target in an exchange ("euros for pesos"), the source when X has the amount ("yen for 300
//   dollars");
// - a word after it: "X equivalent of", "X worth of", "the X value of" name the target, unless X has
//   the amount ("60 EUR worth of pounds" pays the euros); "X to …" the source;
// - "how many / how much X" asks for the target;
// - the value written with the amount ("60 EUR", "€45", "12 inches") is the source, and a preposition
//   before that amount governs the amount, not the direction ("how many ounces in 2 pounds");
// - free-text units are the unit words and symbols the question writes, currencies left out (a
//   "pounds" that weighs stays), each sent in the spelling of the property's example if it gives one.
// With two values, one settled role settles the other; with nothing settled, or more than two values,
// or both claiming one role, the pair is left for the question back.
import { findOptions } from '../schema-values';
import { findCurrencies, namesCurrency } from '../values/currencies';
import { isUnit } from '../values/units';
import { isMeasureUnit } from '../values/measure-units';
import { stemOf } from '@fnquery/text-tools';
import { ROLE_EVIDENCE } from '../weights';
import type { Question } from './question';
import type { Slot } from './slots';

type Role = 'source' | 'target';
interface Mention {
  value: string;
  start: number;
  end: number;
  /** The amount written against this value ("5k INR" → 5000), if any. */
  amount?: number;
}
interface RolePair {
  kind: 'currency' | 'unit' | 'option';
  source: Slot;
  target: Slot;
}

const SOURCE_WORDS = new Set(['from', 'source', 'origin', 'base', 'departure', 'leaves', 'sell', 'src', 'original']);
const TARGET_WORDS = new Set(['to', 'into', 'target', 'destination', 'quote', 'dest', 'wanted', 'arrival', 'buy']);

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}]+/gu) ?? [];

/** Source or target by the property's name; else by the last direction word of its description. */
export function directionOf(slot: Slot): Role | undefined {
  const named = wordsOf(slot.name.replace(/([a-z])([A-Z])/g, '$1 $2'));
  if (named.some((w) => SOURCE_WORDS.has(w))) return 'source';
  if (named.some((w) => TARGET_WORDS.has(w))) return 'target';
  // "the currency to convert from": the infinitive's "to" comes first, the direction last.
  const last = wordsOf(slot.description).findLast((w) => SOURCE_WORDS.has(w) || TARGET_WORDS.has(w));
  return last === undefined ? undefined : SOURCE_WORDS.has(last) ? 'source' : 'target';
}

const sameOptions = (a: Slot, b: Slot) =>
  Array.isArray(a.schema.enum) &&
  Array.isArray(b.schema.enum) &&
  JSON.stringify([...a.schema.enum].sort()) === JSON.stringify([...b.schema.enum].sort());

const holdsCurrency = (slot: Slot) =>
  slot.type === 'string' && namesCurrency(`${slot.name.replace(/_/g, ' ')} ${slot.description}`);

/** A free-text unit property (`from_unit`, "Unit to convert it to"): no options to read it from. */
const holdsUnitName = (slot: Slot) =>
  slot.type === 'string' &&
  !Array.isArray(slot.schema.enum) &&
  !holdsCurrency(slot) &&
  /\bunits?\b/i.test(`${slot.name.replace(/_/g, ' ')} ${slot.description}`);

/** The one source and one target property of a kind, if the tool has exactly such a pair. */
export function rolePair(slots: Slot[]): RolePair | undefined {
  const strings = slots.filter((s) => s.type === 'string');
  const groups: [RolePair['kind'], Slot[]][] = [
    ['currency', strings.filter(holdsCurrency)],
    ['unit', strings.filter(holdsUnitName)],
    ...strings
      .filter((s) => Array.isArray(s.schema.enum))
      .map((s): [RolePair['kind'], Slot[]] => ['option', strings.filter((o) => sameOptions(s, o))]),
  ];
  for (const [kind, group] of groups) {
    if (group.length !== 2) continue;
    const roles = group.map(directionOf);
    const source = group[roles.indexOf('source')];
    const target = group[roles.indexOf('target')];
    if (source && target) return { kind, source, target };
  }
  return undefined;
}

const SCALE: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, mn: 1e6, million: 1e6, bn: 1e9, billion: 1e9 };
// Thousands grouped by commas or by spaces ("1,200", "1 200", as much of Europe writes them).
const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?!\d)|\d+)(\.\d+)?\s?(k|m|mn|bn|thousand|million|billion)?`;
const NUMBER_BEFORE = new RegExp(`${NUMBER}\\s*$`, 'i');
const NUMBER_AFTER = new RegExp(`^\\s*${NUMBER}(?![\\p{L}\\d])`, 'iu');

const amountOf = (m: RegExpExecArray) =>
  Number(`${m[1]!.replace(/[,\s]/gu, '')}${m[2] ?? ''}`) * (m[3] ? SCALE[m[3].toLowerCase()]! : 1);

/**
 * The amount written right against a value: "1,200 Japanese yen", "5k INR", "€45", "EUR 60". Scale
 * letters count for money only ("2.5m yen"); next to a unit, "5 m" is five metres.
 */
function attachedAmount(text: string, start: number, end: number, money: boolean): number | undefined {
  const symbolFirst = money && !/^[A-Za-z]/.test(text.slice(start, end));
  const found =
    NUMBER_BEFORE.exec(text.slice(Math.max(0, start - 24), start)) ??
    (symbolFirst || (money && /^\s/.test(text.slice(end))) ? NUMBER_AFTER.exec(text.slice(end, end + 24)) : null);
  if (!found) return undefined;
  return money ? amountOf(found) : Number(`${found[1]!.replace(/[,\s]/gu, '')}${found[2] ?? ''}`);
}

// Prepositions (and what may sit between them and the value: an article, the amount).
const PRECEDING = new RegExp(
  String.raw`\b(from|to|into|in|as|for)\s+(?:(?:the|a|an)\s+)?(?:[$€£¥₹]?\s?${NUMBER}\s*)?$`,
  'i',
);
const HOW_MANY = /\bhow\s+(?:many|much)\s+(?:in\s+)?$/i;
const FOLLOWING_TARGET = /^\s*(?:equivalent\b|worth\b|(?:value|amount|price)\s+of\b)/i;
const FOLLOWING_SOURCE = /^\s*(?:to|into|->|→)\s/i;

/** Evidence for each role of one mention, by the words around it. */
function roleEvidence(text: string, mention: Mention, amountElsewhere: boolean): Record<Role, number> {
  const evidence: Record<Role, number> = { source: 0, target: 0 };
  const before = text.slice(Math.max(0, mention.start - 40), mention.start);
  const after = text.slice(mention.end, mention.end + 20);
  const preceding = PRECEDING.exec(before);
  const preposition = preceding?.[1]?.toLowerCase();
  // "How many ounces in 2 pounds": "in" governs the amount it is written with, which is what is
  // converted; only a bare "in pounds" names the target.
  const governsAmount = /\d/.test(preceding?.[0] ?? '') && preposition !== 'from' && preposition !== 'for';
  if (governsAmount) {
    // The amount's own evidence (below) settles it.
  } else if (preposition === 'from') evidence.source += ROLE_EVIDENCE.directionWord;
  else if (preposition === 'for') {
    // An exchange: "yen for 300 dollars" gives the dollars; "euros for pesos" wants the pesos; with
    // no amount on either side ("the rate for CHF") "for" says nothing of the direction.
    if (mention.amount !== undefined) evidence.source += ROLE_EVIDENCE.directionWord;
    else if (amountElsewhere) evidence.target += ROLE_EVIDENCE.directionWord;
  } else if (preposition) evidence.target += ROLE_EVIDENCE.directionWord;
  if (HOW_MANY.test(before)) evidence.target += ROLE_EVIDENCE.directionWord;
  // "the GBP equivalent of 60 EUR" wants the pounds; "60 EUR worth of pounds" pays the euros.
  if (FOLLOWING_TARGET.test(after))
    evidence[mention.amount === undefined ? 'target' : 'source'] += ROLE_EVIDENCE.directionWord;
  else if (FOLLOWING_SOURCE.test(after)) evidence.source += ROLE_EVIDENCE.directionWord;
  if (mention.amount !== undefined) evidence.source += ROLE_EVIDENCE.withAmount;
  return evidence;
}

// Option words that are also English function words ("in" for inches) name the option only by its
// unit's words ("inches"), never as the preposition.
const FUNCTION_WORDS = new Set(['in', 'to', 'at', 'on', 'by', 'for', 'as', 'a', 'an', 'or', 'of']);

function mentionsOf(pair: RolePair, question: Question): Mention[] {
  const { text } = question;
  if (pair.kind === 'currency')
    return findCurrencies(text).map((c) => ({
      value: c.code,
      start: c.start,
      end: c.end,
      amount: attachedAmount(text, c.start, c.end, true),
    }));
  if (pair.kind === 'unit') {
    // Unit words ("miles", "Celsius") and symbols written after a number or a direction word ("5 kg",
    // "to cm"); words lower-cased.
    // Currencies are a pair of their own: "100 euro … in USD" is for a currency converter ("pounds"
    // are a weight too, and stay).
    const currencies = findCurrencies(text).filter((c) => !isMeasureUnit(text.slice(c.start, c.end)));
    return question.tokens
      .filter(
        (t) =>
          t.word &&
          !FUNCTION_WORDS.has(t.lower) &&
          !currencies.some((c) => c.start < t.end && c.end > t.start) &&
          isUnit(t.text) &&
          (t.text.length > 2 || /(?:\d|\b(?:to|into|in|as|from))\s*$/.test(text.slice(0, t.start))),
      )
      .map((t) => ({
        value: t.text.length > 2 ? t.lower : t.text,
        start: t.start,
        end: t.end,
        amount: attachedAmount(text, t.start, t.end, false),
      }));
  }
  return findOptions(question.tokens, pair.source.schema.enum as (string | number)[])
    .filter((o) => !FUNCTION_WORDS.has(text.slice(o.start, o.end)))
    .map((o) => ({
      value: String(o.option),
      start: o.start,
      end: o.end,
      amount: attachedAmount(text, o.start, o.end, false),
    }));
}

export interface SettledRoles {
  /** Values for the pair's properties (and the amount), only those settled. */
  values: Map<Slot, unknown>;
  /** The pair's properties whose value the question does not settle. */
  unsettled: Slot[];
  /** The pair's two properties. */
  pair: [Slot, Slot];
  /** How many different values of the pair's kind the question writes ("60 EUR in GBP": two). */
  written: number;
}

/**
 * Settles the pair of direction properties of the tool, if it has one: the value of each, or
 * neither. `amountSlot` takes the amount written against the source value ("5k INR" → 5000).
 */
export function settleRoles(slots: Slot[], question: Question): SettledRoles | undefined {
  const pair = rolePair(slots);
  if (!pair) return undefined;
  const mentions = mentionsOf(pair, question);
  const byValue = new Map<string, Record<Role, number> & { amount?: number }>();
  for (const mention of mentions) {
    const amountElsewhere = mentions.some((m) => m !== mention && m.amount !== undefined && m.value !== mention.value);
    const evidence = roleEvidence(question.text, mention, amountElsewhere);
    const held = byValue.get(mention.value) ?? { source: 0, target: 0 };
    byValue.set(mention.value, {
      source: held.source + evidence.source,
      target: held.target + evidence.target,
      amount: held.amount ?? mention.amount,
    });
  }
  const roleOf = (e: Record<Role, number>): Role | undefined =>
    e.source > e.target ? 'source' : e.target > e.source ? 'target' : undefined;
  const entries = [...byValue].map(([value, e]) => ({
    value,
    role: roleOf(e),
    margin: Math.abs(e.source - e.target),
    amount: e.amount,
  }));
  const settled = new Map<Role, (typeof entries)[number]>();
  if (entries.length === 1 && entries[0]!.role) settled.set(entries[0]!.role, entries[0]!);
  if (entries.length === 2) {
    const [a, b] = entries as [(typeof entries)[number], (typeof entries)[number]];
    const other = (r: Role): Role => (r === 'source' ? 'target' : 'source');
    // One role settles the other only when a direction word settled it: an amount alone is too weak
    // ("USD EUR 100" says nothing of which way).
    const firm = (e: (typeof entries)[number]) => e.role !== undefined && e.margin >= ROLE_EVIDENCE.directionWord;
    const roleA = a.role ?? (firm(b) ? other(b.role!) : undefined);
    const roleB = b.role ?? (firm(a) ? other(a.role!) : undefined);
    if (roleA && roleB && roleA !== roleB) {
      settled.set(roleA, a);
      settled.set(roleB, b);
    }
  }
  const values = new Map<Slot, unknown>();
  const source = settled.get('source');
  const target = settled.get('target');
  if (source) values.set(pair.source, spelledAsExample(pair.source, source.value));
  if (target) values.set(pair.target, spelledAsExample(pair.target, target.value));
  const amountSlot = pair.kind === 'currency' ? moneySlot(slots) : undefined;
  const amount = source?.amount ?? (entries.length === 1 ? undefined : entries.find((e) => e.amount)?.amount);
  if (amountSlot && amount !== undefined && (amountSlot.type === 'number' || Number.isInteger(amount)))
    values.set(amountSlot, amount);
  return {
    values,
    unsettled: [pair.source, pair.target].filter((s) => !values.has(s)),
    pair: [pair.source, pair.target],
    written: entries.length,
  };
}

/** A value written as one of the property's examples ("tablespoons" for "Supports 'tablespoon', …") takes the example's spelling. */
function spelledAsExample(slot: Slot, value: string): string {
  const stem = stemOf(value.toLowerCase());
  return slot.examples.find((e) => stemOf(e.toLowerCase()) === stem) ?? value;
}

const MONEY_NAMES = /\b(?:amount|sum|value|money|quantity|total|price)\b/i;

/** The property that holds the amount of money: a number named or described as an amount. */
function moneySlot(slots: Slot[]): Slot | undefined {
  const numbers = slots.filter((s) => s.type === 'number' || s.type === 'integer');
  return (
    numbers.find((s) => MONEY_NAMES.test(s.name.replace(/_/g, ' '))) ??
    numbers.find((s) => MONEY_NAMES.test(s.description)) ??
    (numbers.length === 1 ? numbers[0] : undefined)
  );
}
