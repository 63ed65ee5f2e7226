// Dates and times as written in questions ("2031-08-14", "May 3rd, 2031", "22nd July,2031",
// "Feb.9,2031", "2031 June 5th", "June 2031", "07-09-1994", "4pm", "9:45 PM"), and writing them
// back in the layout a schema asks for ("in MM-DD-YYYY format", "yyyy-mm-dd", "(month-day-year)").

export interface DateMention {
  start: number;
  end: number;
  text: string;
  year?: number;
  month?: number;
  day?: number;
}

export interface TimeMention {
  start: number;
  end: number;
  text: string;
  /** 0–23. */
  hour: number;
  minute: number;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH = String.raw`(?:may|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
const SEP = String.raw`(?:\s*,\s*|\s+)`;
const END = String.raw`(?![\p{L}\p{N}])`;

type Reader = (m: RegExpExecArray) => Omit<DateMention, 'start' | 'end' | 'text'> | undefined;

const monthOf = (name: string) => MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().slice(0, 3))) + 1;
const valid = (d: { month?: number; day?: number }) =>
  (d.month ?? 1) >= 1 && (d.month ?? 1) <= 12 && (d.day ?? 1) >= 1 && (d.day ?? 1) <= 31;

// Most specific first; a later pattern never claims text an earlier one matched.
const PATTERNS: [RegExp, Reader][] = [
  [
    re(String.raw`(?<![\d/-])(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${END}`),
    (m) => ({ year: +m[1]!, month: +m[2]!, day: +m[3]! }),
  ],
  [
    re(String.raw`(?<![\d/-])(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})${END}`),
    (m) =>
      // Month first (US order) unless the first part cannot be a month.
      +m[1]! > 12 ? { year: +m[3]!, month: +m[2]!, day: +m[1]! } : { year: +m[3]!, month: +m[1]!, day: +m[2]! },
  ],
  [
    re(String.raw`\b(${MONTH})\.?\s*${DAY}${SEP}(\d{4})${END}`),
    (m) => ({ year: +m[3]!, month: monthOf(m[1]!), day: +m[2]! }),
  ],
  [
    re(String.raw`\b${DAY}\s+(?:of\s+)?(${MONTH})\.?${SEP}(\d{4})${END}`),
    (m) => ({ year: +m[3]!, month: monthOf(m[2]!), day: +m[1]! }),
  ],
  [
    re(String.raw`\b(\d{4})\s+(${MONTH})\.?\s+${DAY}${END}`),
    (m) => ({ year: +m[1]!, month: monthOf(m[2]!), day: +m[3]! }),
  ],
  [re(String.raw`\b(${MONTH})\.?\s*${DAY}${END}`), (m) => ({ month: monthOf(m[1]!), day: +m[2]! })],
  [re(String.raw`\b${DAY}\s+(?:of\s+)?(${MONTH})\b`), (m) => ({ month: monthOf(m[2]!), day: +m[1]! })],
  [re(String.raw`\b(${MONTH})\.?,?\s+(\d{4})${END}`), (m) => ({ year: +m[2]!, month: monthOf(m[1]!) })],
  [re(String.raw`\b(${MONTH})\b`), (m) => (m[1]!.length >= 3 ? { month: monthOf(m[1]!) } : undefined)],
];

function re(source: string): RegExp {
  return new RegExp(source, 'giu');
}

/** Every date mention, in order. A date without a year takes the year of another date in the text. */
export function findDates(text: string): DateMention[] {
  const found: DateMention[] = [];
  const taken = (s: number, e: number) => found.some((d) => s < d.end && e > d.start);
  for (const [pattern, read] of PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const parts = read(m as RegExpExecArray);
      const start = m.index;
      const end = start + m[0].length;
      if (!parts || !valid(parts) || taken(start, end)) continue;
      // Lower-case "may" is the verb, not the month.
      if (/\bmay\b/.test(m[0])) continue;
      // A bare month word needs a capital ("in March"), or it is just a word ("march on").
      if (parts.day === undefined && parts.year === undefined && !/^\p{Lu}/u.test(m[0])) continue;
      found.push({ start, end, text: m[0], ...parts });
    }
  }
  found.sort((a, b) => a.start - b.start);
  const withYear = found.filter((d) => d.year !== undefined);
  for (const d of found) {
    if (d.year !== undefined || d.day === undefined) continue;
    const nearest = withYear.sort((a, b) => Math.abs(a.start - d.start) - Math.abs(b.start - d.start))[0];
    if (nearest) d.year = nearest.year;
  }
  return found;
}

// "9 a.m." keeps its dots; the full stop after "9am." ends the sentence and is no part of the time.
const TWELVE_HOUR = /\b(\d{1,2})(?::(\d{2}))?\s*([ap])(?:\.\s?m\b\.?|\s?m\b)/giu;
const TWENTY_FOUR_HOUR = /(?<![\d:])(\d{1,2}):(\d{2})(?::\d{2})?(?![\d:])/gu;

export function findTimes(text: string): TimeMention[] {
  const found: TimeMention[] = [];
  for (const m of text.matchAll(TWELVE_HOUR)) {
    const hour12 = +m[1]!;
    if (hour12 < 1 || hour12 > 12) continue;
    const pm = m[3]!.toLowerCase() === 'p';
    const hour = (hour12 % 12) + (pm ? 12 : 0);
    found.push({ start: m.index, end: m.index + m[0].length, text: m[0], hour, minute: +(m[2] ?? 0) });
  }
  for (const m of text.matchAll(TWENTY_FOUR_HOUR)) {
    if (found.some((t) => m.index >= t.start && m.index < t.end) || +m[1]! > 23 || +m[2]! > 59) continue;
    found.push({ start: m.index, end: m.index + m[0].length, text: m[0], hour: +m[1]!, minute: +m[2]! });
  }
  return found.sort((a, b) => a.start - b.start);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The layout a description asks for: "YYYY-MM-DD", "mm/dd/yyyy", "DD-MM-YYY" (a year with one letter short),
 * "(month-day-year)". Undefined when none is named.
 */
export function dateLayoutIn(description: string): string | undefined {
  const written = /\b(?:y{2,4}|m{2}|d{2})(?:[-/. ](?:y{2,4}|m{2}|d{2})){1,2}\b/i.exec(description);
  // "YYYY-YYYY" is a span of years, not a date.
  if (written && /m{2}|d{2}/i.test(written[0])) return written[0].toUpperCase().replace(/\bY{2,4}\b/, 'YYYY');
  const words = /\b(year|month|day)[-/](year|month|day)(?:[-/](year|month|day))?\b/i.exec(description);
  if (!words) return undefined;
  const part = { year: 'YYYY', month: 'MM', day: 'DD' } as const;
  return words
    .slice(1)
    .filter(Boolean)
    .map((w) => part[w!.toLowerCase() as keyof typeof part])
    .join('-');
}

/** The date in `layout` (default ISO 8601); undefined when the mention lacks a part the layout needs. */
export function formatDate(date: DateMention, layout = 'YYYY-MM-DD'): string | undefined {
  const needs = (token: string, part: number | undefined) => !layout.includes(token) || part !== undefined;
  if (!needs('YYYY', date.year) || !needs('MM', date.month) || !needs('DD', date.day)) return undefined;
  return layout
    .replace('YYYY', date.year === undefined ? '' : pad(date.year, 4))
    .replace('MM', date.month === undefined ? '' : pad(date.month))
    .replace('DD', date.day === undefined ? '' : pad(date.day));
}

export function formatTime(time: TimeMention): string {
  return `${pad(time.hour)}:${pad(time.minute)}:00`;
}
