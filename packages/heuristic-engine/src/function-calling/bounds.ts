// The two ends of a numeric range (`min_rent`/`max_rent`, `start_year`/`end_year`) filled by the
// words that make a number a limit, wherever it stands and whatever the other numbers are:
// - "between 900 and 1,400", "from 1200 up to 1800", "1 to 10", "5-8": the low end and the high
//   end (the smaller number is the low end whichever is written first);
// - "under 2k", "below", "at most", "up to", "less than", "until": the high end alone;
// - "over", "above", "at least", "more than", "from", "since": the low end alone;
// - a limit crossed ("rises above 30", "drops below 5", "exceeds 90"): the edge the value must not
//   pass, so the high end for a rise and the low end for a fall.
// Two numbers claiming one end settle nothing: the ends are then left to the other readings.
import type { Candidate, Question } from './question';
import type { Slot } from './slots';
import { endOf } from './order';

type NumberCandidate = Extract<Candidate, { kind: 'number' }>;

const CURRENCY = String.raw`(?:[$€£¥₹]\s?)?`;
const RANGE_START = new RegExp(String.raw`\b(?:between|from)\s+(?:the\s+)?${CURRENCY}$`, 'i');
const RANGE_JOIN = new RegExp(String.raw`^\s*(?:and|to|until|till|through|up\s+to|[-–])\s*${CURRENCY}$`, 'i');
const BARE_JOIN = new RegExp(String.raw`^\s*(?:to|[-–])\s*${CURRENCY}$`, 'i');
const HIGH_BEFORE = new RegExp(
  String.raw`\b(?:under|below|at\s+most|up\s+to|(?:less|fewer|cheaper|lower)\s+than|no\s+more\s+than|max(?:imum)?|until|till|before)\s+${CURRENCY}$`,
  'i',
);
const LOW_BEFORE = new RegExp(
  String.raw`\b(?:over|above|at\s+least|(?:more|greater|higher)\s+than|no\s+less\s+than|min(?:imum)?|from|since|after|starting\s+at)\s+${CURRENCY}$`,
  'i',
);

const RISES_PAST = new RegExp(
  String.raw`\b(?:(?:rises?|rising|climbs?|climbing|goes|going|gets|getting|jumps?|jumping)\s+(?:above|over|past|beyond)|exceeds?|exceeding)\s+${CURRENCY}$`,
  'i',
);
const FALLS_PAST = new RegExp(
  String.raw`\b(?:drops?|dropping|falls?|falling|dips?|dipping|sinks?|sinking|goes|going|gets|getting)\s+(?:below|under|beneath)\s+${CURRENCY}$`,
  'i',
);

/** A numeric property's end of a range: its name (`min_…`, `end_…`), else its description's first word ("Lowest …"). */
function rangeEnd(slot: Slot): -1 | 1 | 0 {
  if (slot.type !== 'number' && slot.type !== 'integer') return 0;
  const named = endOf(slot);
  if (named !== 0) return named;
  if (/^\s*(?:lowest|minimum|smallest|earliest)\b/i.test(slot.description)) return -1;
  if (/^\s*(?:highest|maximum|largest|latest)\b/i.test(slot.description)) return 1;
  return 0;
}

export interface Bounds {
  low: Slot;
  high: Slot;
  /** The number each end takes, for the ends the question settles. */
  placed: Map<Slot, NumberCandidate>;
}

/** The range's ends the question's limit words settle, if the tool has one low and one high numeric end. */
export function settleBounds(slots: Slot[], question: Question): Bounds | undefined {
  const lows = slots.filter((s) => rangeEnd(s) === -1);
  const highs = slots.filter((s) => rangeEnd(s) === 1);
  if (lows.length !== 1 || highs.length !== 1) return undefined;
  const [low, high] = [lows[0]!, highs[0]!];
  const numbers = question.candidates.filter((c): c is NumberCandidate => c.kind === 'number' && !c.mention.percent);
  const claims: { low: NumberCandidate[]; high: NumberCandidate[] } = { low: [], high: [] };
  const text = question.text;
  for (let i = 0; i < numbers.length; i++) {
    const [a, b] = [numbers[i]!, numbers[i + 1]];
    const before = text.slice(Math.max(0, a.start - 24), a.start);
    const join = b ? text.slice(a.end, b.start) : '';
    if (b && (RANGE_JOIN.test(join) ? RANGE_START.test(before) || BARE_JOIN.test(join) : false)) {
      const [small, large] = a.mention.value <= b.mention.value ? [a, b] : [b, a];
      claims.low.push(small);
      claims.high.push(large);
      i++;
    } else if (RISES_PAST.test(before)) claims.high.push(a);
    else if (FALLS_PAST.test(before)) claims.low.push(a);
    else if (HIGH_BEFORE.test(before)) claims.high.push(a);
    else if (LOW_BEFORE.test(before)) claims.low.push(a);
  }
  const placed = new Map<Slot, NumberCandidate>();
  if (claims.low.length === 1) placed.set(low, claims.low[0]!);
  if (claims.high.length === 1) placed.set(high, claims.high[0]!);
  return { low, high, placed };
}

// Dates and clock times written the ISO way compare as text: "2026-03-01" < "2026-03-15", "09:30" < "17:00".
const ISO_DATE_OR_TIME = /^(?:\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?|\d{2}:\d{2}(?::\d{2})?)$/;

const comparable = (low: unknown, high: unknown): [number | string, number | string] | undefined =>
  typeof low === 'number' && typeof high === 'number'
    ? [low, high]
    : typeof low === 'string' && typeof high === 'string' && ISO_DATE_OR_TIME.test(low) && ISO_DATE_OR_TIME.test(high)
      ? [low, high]
      : undefined;

/**
 * The two ends of a range whose low end (`min_…`, `start_…`, "Lowest …") would be sent above its high
 * end: however they were read, the reading is wrong, so both are asked for instead of sent.
 */
export function invertedRange(slots: Slot[], values: Map<Slot, unknown>): Slot[] {
  const endOfAny = (s: Slot) => (s.type === 'string' ? endOf(s) : rangeEnd(s));
  const lows = slots.filter((s) => endOfAny(s) === -1 && values.has(s));
  const highs = slots.filter((s) => endOfAny(s) === 1 && values.has(s));
  if (lows.length !== 1 || highs.length !== 1) return [];
  const ends = comparable(values.get(lows[0]!), values.get(highs[0]!));
  return ends && ends[0] > ends[1] ? [lows[0]!, highs[0]!] : [];
}
