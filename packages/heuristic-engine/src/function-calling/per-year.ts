// A count per year written as a frequency word: "compounded monthly" is 12 a year, "paid quarterly"
// 4. A property that counts per year ("times per year", `compounds_per_year`) takes it; and a number
// written with the year itself ("a dozen years", "10 years") is a number of years, never a count per
// year.
import { stemMatch, stemOf } from '@fnquery/text-tools';
import type { Candidate, Question } from './question';
import type { Slot } from './slots';

const TIMES_A_YEAR: Record<string, number> = {
  daily: 365,
  weekly: 52,
  fortnightly: 26,
  biweekly: 26,
  monthly: 12,
  quarterly: 4,
  semiannually: 2,
  'semi-annually': 2,
  biannually: 2,
  'half-yearly': 2,
  annually: 1,
  yearly: 1,
};
const FREQUENCY = new RegExp(`\\b(${Object.keys(TIMES_A_YEAR).join('|')})\\b`, 'i');
const PER_YEAR = /\bper[\s_-]?(?:year|annum)\b|\b(?:a|each|every)\s+year\b|\byearly\b/i;

// What makes a per-year property a count of times ("how many times a year"), not a rate per year.
const COUNTS = /\b(?:times|number\s+of|how\s+many|count|periods?|frequency|compounds?)\b/i;

/** The property counts how many times something happens per year: its name or its description says so. */
export const countsPerYear = (slot: Slot) => {
  const words = `${slot.name.replace(/_/g, ' ')} ${slot.description}`;
  return (slot.type === 'integer' || slot.type === 'number') && PER_YEAR.test(words) && COUNTS.test(words);
};

/** A frequency word of the question as a count per year, as a number candidate. */
export function frequencyPerYear(question: Question): Candidate | undefined {
  const found = FREQUENCY.exec(question.text);
  if (!found) return undefined;
  const start = found.index;
  const end = start + found[0].length;
  const value = TIMES_A_YEAR[found[1]!.toLowerCase()]!;
  return {
    kind: 'number',
    start,
    end,
    mention: { value, start, end, text: found[0], percent: false, ordinal: false, whole: true, spelled: true },
  };
}

const YEAR = stemOf('year');

/** A number written with the word "year(s)" right after it counts years, not times per year. */
export function countsYears(question: Question, c: Candidate): boolean {
  if (c.kind !== 'number') return false;
  const next = question.tokens.find((t) => t.start >= c.end && t.word);
  return (
    next !== undefined && question.text.slice(c.end, next.start).trim() === '' && stemMatch(next.stem, YEAR) >= 0.8
  );
}
