// Precision before recall: two values of one type, placed into two properties only by the order
// the question writes them in, are a guess at which is which. "5 wins in 8 games" over
// `games_played` and `games_won` might be either way round; a swapped call looks right and is wrong,
// so the engine asks for those values instead. A placement is settled when the evidence for it
// (the properties' words near the values, units, prepositions) beats the evidence for the swap.
// Order alone settles it where the properties are a numbered series (`x`/`y`, `num1`/`num2`,
// `first_word`/`second_word`) or, for numbers, a range's two ends (`start_year`/`end_year`,
// `min_price`/`max_price`) written in that order: the function reads them the way the question writes
// them. Two names at the ends of a `start_city`/`end_city` or `from_zone`/`to_zone` pair are a
// direction, not a range: "in Oslo … if it is … in Lima" writes the target first, so only the words
// around the names ("from", "to", "leaving") settle which is which.
import type { Candidate } from './question';
import type { Slot } from './slots';
import { ORDER_MARGIN } from '../weights';
import { LOWER_END, nameWordsOf, UPPER_END } from './series';

export interface Placed {
  slot: Slot;
  candidate: Candidate;
  /** Evidence that ties this value to this property. */
  evidence: number;
  /** Its form placed it (the two parts of "Lyon, France"), not its order. */
  formSettled?: boolean;
}

const ORDINALS = /^(?:first|second|third|fourth|fifth|other|another|1st|2nd|3rd|4th)$/;

/** The property's name without its place in a series: `num2` → `num`, `second_value` → `value`, `leg_b` → `leg`, `y` → ``. */
function seriesName(slot: Slot): string {
  // Single letters (a, b; x, y, z; leg_a, leg_b) mark a place in a series too.
  return nameWordsOf(slot.name)
    .filter((w) => !ORDINALS.test(w))
    .map((w) => w.replace(/\d+$/, ''))
    .filter((w) => w.length > 1)
    .join(' ');
}

/** Name words of a range's low end (`min_price`, `start_year`) and its high end. */
export const endOf = (slot: Slot) => {
  const words = nameWordsOf(slot.name);
  return words.some((w) => LOWER_END.has(w)) ? -1 : words.some((w) => UPPER_END.has(w)) ? 1 : 0;
};

const kindOf = (slot: Slot) =>
  slot.type === 'integer' || slot.type === 'number' ? 'number' : slot.type === 'string' ? 'string' : undefined;

/** A value whose form already says where it goes (a date, an address, an enum option, a phrase), not just its order. */
const hasOwnForm = (p: Placed) =>
  p.formSettled === true ||
  p.candidate.kind === 'date' ||
  p.candidate.kind === 'time' ||
  p.candidate.kind === 'option' ||
  p.candidate.kind === 'expression' ||
  p.candidate.kind === 'list' ||
  // A phrase is read off the property's own name ("imperial units"): its place is its reading.
  (p.candidate.kind === 'text' && ['email', 'uri', 'phrase'].includes(p.candidate.source));

const seriesSettles = (first: Slot, second: Slot) => seriesName(first) === seriesName(second);

/** Order settles these two: a series, or a range's ends written low end first. */
export function orderSettles(first: Slot, second: Slot): boolean {
  return seriesName(first) === seriesName(second) || (endOf(first) === -1 && endOf(second) === 1);
}

/** `a` (the earlier property) and `b` written as "from a to b", "between a and b" or "a - b". */
function writtenAsRange(text: string, a: Placed, b: Placed): boolean {
  if (a.candidate.start > b.candidate.start) return false;
  const between = text.slice(a.candidate.end, b.candidate.start);
  const before = text.slice(0, a.candidate.start);
  return (
    (/^\s*(?:to|until|till|through|thru)\s+(?:the\s+)?$/i.test(between) && /\bfrom\s+(?:the\s+)?$/i.test(before)) ||
    (/^\s*and\s+(?:the\s+)?$/i.test(between) && /\bbetween\s+(?:the\s+)?$/i.test(before)) ||
    /^\s*[-–]\s*$/.test(between)
  );
}

/** Numbers written low first ("between 1 and 10"); "between 10 and 1" is left to the limit words (bounds.ts) and the ends' evidence. */
function ascending(a: Placed, b: Placed): boolean {
  const [first, second] = a.candidate.start < b.candidate.start ? [a, b] : [b, a];
  if (first.candidate.kind !== 'number' || second.candidate.kind !== 'number') return true;
  return first.candidate.mention.value <= second.candidate.mention.value;
}

const writtenOrder = (a: Placed, b: Placed): [Slot, Slot] =>
  a.candidate.start < b.candidate.start ? [a.slot, b.slot] : [b.slot, a.slot];

/**
 * The required properties of one kind (numbers, strings) whose values could as well go the other
 * way round: nothing but their order prefers the placement made to the swap. `evidenceFor` is the
 * evidence for a value in another property, undefined when the value does not fit it.
 */
export function placedByOrderOnly(
  placed: Placed[],
  evidenceFor: (slot: Slot, candidate: Candidate) => number | undefined,
  text = '',
): Slot[] {
  // Two dates (or two times) say by their form that they are dates, not which date is which.
  const formOf = (p: Placed) =>
    p.candidate.kind === 'date' || p.candidate.kind === 'time' ? p.candidate.kind : undefined;
  const twoOfForm = (p: Placed) => formOf(p) !== undefined && placed.filter((q) => formOf(q) === formOf(p)).length > 1;
  const open = placed.filter(
    (p) => p.slot.required && kindOf(p.slot) !== undefined && (!hasOwnForm(p) || (twoOfForm(p) && !p.formSettled)),
  );
  const out = new Set<Slot>();
  for (const a of open) {
    for (const b of open) {
      if (a.slot.order >= b.slot.order || kindOf(a.slot) !== kindOf(b.slot)) continue;
      if (formOf(a) !== formOf(b)) continue;
      // Numbers and dates may be a range's ends (`min_price`/`max_price`, `start_date`/`end_date`).
      const range = kindOf(a.slot) === 'number' || formOf(a) !== undefined;
      const [first, second] = writtenOrder(a, b);
      if (seriesSettles(first, second) || (range && orderSettles(first, second) && ascending(a, b))) continue;
      // "from 9 May to 12 May" writes a range: its ends go to the two properties in schema order.
      if (formOf(a) !== undefined && writtenAsRange(text, a, b)) continue;
      const aInB = evidenceFor(b.slot, a.candidate);
      const bInA = evidenceFor(a.slot, b.candidate);
      if (aInB === undefined || bInA === undefined) continue;
      if (a.evidence + b.evidence - aInB - bInA > ORDER_MARGIN) continue;
      out.add(a.slot).add(b.slot);
    }
  }
  return [...out];
}
