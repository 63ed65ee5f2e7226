// A question read once, whatever the tool: its tokens and every value written in it ("mentions"),
// each with its span. Tools then pick from these by their schema (candidates.ts, arguments.ts).
import {
  findAskedUnits,
  findBracketLists,
  findDates,
  findEmails,
  findEnumerations,
  findExpressions,
  findIdentifiers,
  findKeyValues,
  findNames,
  findNumbers,
  findNumberTuples,
  findColonLists,
  findPhraseLists,
  findQuoted,
  findRanges,
  findSaid,
  findTimes,
  findUris,
  type DateMention,
  type KeyValueMention,
  type ListItem,
  type NumberMention,
  type TextMention,
  type TimeMention,
} from '../schema-values';
import { tokenize, type Token } from '@fnquery/text-tools';

export interface Span {
  start: number;
  end: number;
}

export type TextSource = 'quoted' | 'said' | 'name' | 'identifier' | 'email' | 'uri' | 'unit' | 'phrase' | 'leftover';

export type Candidate = Span &
  (
    | { kind: 'number'; mention: NumberMention }
    | { kind: 'text'; text: string; source: TextSource; parts?: [TextMention, TextMention] }
    | { kind: 'date'; date: DateMention }
    | { kind: 'time'; time: TimeMention }
    | { kind: 'expression'; expression: string }
    /** Bracketed lists, tuples and ranges, already values. */
    | { kind: 'list'; items: ListItem[] }
    /** Values listed in prose: "7, 8 and 9", "Ivory and Slate". */
    | { kind: 'enumeration'; members: Candidate[] }
    | { kind: 'option'; value: string | number }
    /** Words that say yes or no to a boolean property; they are evidence, not a value, and use up nothing. */
    | { kind: 'flag'; value: boolean }
    | { kind: 'pairs'; pairs: Record<string, unknown> }
  );

export interface Question {
  text: string;
  tokens: Token[];
  candidates: Candidate[];
  keyValues: KeyValueMention[];
  /** The user typed the whole message without a capital: no name is marked by its capitals. */
  uncased?: true;
}

const inside = (inner: Span, outer: Span) =>
  inner.start >= outer.start && inner.end <= outer.end && (inner.start > outer.start || inner.end < outer.end);
const numberCandidate = (mention: NumberMention): Candidate => ({
  kind: 'number',
  start: mention.start,
  end: mention.end,
  mention,
});

function textCandidates(source: TextSource, found: TextMention[]): Candidate[] {
  return found.map((m) => ({ kind: 'text', start: m.start, end: m.end, text: m.text, source }));
}

// A name goes on with the lower-case kind of place it names ("the Danube river", "Como lake"): the
// feature is part of the name, and a name cut before it is a different, bigger place.
const FEATURE_AFTER_NAME =
  /^\s+(?:river|lake|mountains?|valley|bay|island|islands|sea|ocean|desert|canyon|falls|peninsula|glacier|volcano)(?![\p{L}\p{N}])/u;

// A number written in groups of three with spaces ("1 200 yen", "12 500 000"), as much of Europe
// writes thousands: one number, not "1" and "200". Only a lone run counts: "3 100 200" next to
// another number may be a list.
const SPACE_GROUPED = /(?<![\d.,]\s?)\b\d{1,3}(?:[ \u00a0\u202f]\d{3})+\b(?![.,]?\d|\s\d)/gu;

function withSpaceGroups(text: string, numbers: NumberMention[]): NumberMention[] {
  let out = numbers;
  for (const m of text.matchAll(SPACE_GROUPED)) {
    const parts = out.filter((n) => n.start >= m.index && n.start < m.index + m[0].length);
    const last = parts.at(-1);
    // Each group read as a plain numeral, the last one with whatever it carries ("200 yen").
    if (!last || parts.some((n, i) => n.text !== m[0].split(/\s/u)[i] || (i < parts.length - 1 && n.unit))) continue;
    const value = Number(m[0].replace(/\s/gu, ''));
    const merged: NumberMention = { ...last, value, start: parts[0]!.start, text: m[0] };
    out = [...out.filter((n) => !parts.includes(n)), merged].sort((a, b) => a.start - b.start);
  }
  return out;
}

// A unit that goes on as a rate: "36 km/h", "18 kilometres per hour", "30 miles an hour". The number
// reader keeps only the length ("km"); read as a length, a speed is converted as one (36 km/h as
// 36,000 metres per second).
const RATE_TAIL = /^(?:\s?\/\s?(h|hr|s|sec|min)\b|\s+(?:per|an?)\s+(hour|second|minute)\b)/i;

const BARE_SYMBOL = /^ ([mg])(?![\p{L}\p{N}/^²³])/u;
const RATE_AFTER_NUMBER = /^\s?([\p{L}µ]+\/(?:hr?|s|sec|min))(?![\p{L}\p{N}^²/])/iu;

function withRateUnits(text: string, numbers: NumberMention[]): NumberMention[] {
  return numbers.map((n) => {
    if (n.percent) return n;
    // "25 m/s": the number reader leaves the whole rate unread, and a lone "m" or "g" after a space
    // ("1.65 m", "250 g"), which it takes for no word: metres and grams, converted like any unit.
    const after = text.slice(n.end);
    const written = n.unit === undefined ? (RATE_AFTER_NUMBER.exec(after) ?? BARE_SYMBOL.exec(after)) : null;
    if (written) {
      const end = n.end + written[0].length;
      return { ...n, unit: written[1], end, text: text.slice(n.start, end) };
    }
    if (!n.unit) return n;
    const unitEnd = n.unitEnd ?? n.end;
    const tail = RATE_TAIL.exec(text.slice(unitEnd));
    if (!tail) return n;
    const unit = tail[1] ? `${n.unit}/${tail[1]}` : `${n.unit} per ${tail[2]}`;
    const end = unitEnd + tail[0].length;
    return { ...n, unit, ...(n.unitEnd !== undefined ? { unitEnd: end } : { end, text: text.slice(n.start, end) }) };
  });
}

/** "70 and 80 kg", "3, 4 and 5 cm": the unit written after a list of numbers is every member's. */
function shareLastUnit(members: Candidate[]): void {
  const numbers = members.flatMap((m) => (m.kind === 'number' ? [m.mention] : []));
  const unit = numbers.at(-1)?.unit;
  if (numbers.length !== members.length || unit === undefined || numbers.at(-1)!.percent) return;
  for (const n of numbers.slice(0, -1)) if (n.unit === undefined && !n.percent) n.unit = unit;
}

/** `uncased`: the message it comes from, greetings included, was typed without a single capital. */
export function readQuestion(text: string, uncased = false): Question {
  const tokens = tokenize(text);
  const times = findTimes(text);
  const numbers = withRateUnits(text, withSpaceGroups(text, findNumbers(text)));
  // In "9:45 PM" the numbers are an hour and minutes, whatever follows them.
  for (const time of times) {
    const parts = numbers.filter((n) => n.start >= time.start && n.end <= time.end + 3);
    parts.forEach((n, i) =>
      Object.assign(n, { unit: i === 0 ? 'hour' : 'minute', unitStart: undefined, unitEnd: undefined }),
    );
  }
  const lists: Candidate[] = [...findBracketLists(text), ...findNumberTuples(text)].map((l) => ({
    kind: 'list',
    ...l,
  }));
  // Numbers inside brackets belong to their list.
  const freeNumbers = numbers.filter((n) => !lists.some((l) => n.start >= l.start && n.end <= l.end));
  const quoted = textCandidates('quoted', findQuoted(text));
  const names: Candidate[] = findNames(text).map((n) => {
    const end = n.parts ? n.end : n.end + (FEATURE_AFTER_NAME.exec(text.slice(n.end))?.[0].length ?? 0);
    return {
      kind: 'text',
      start: n.start,
      end,
      text: text.slice(n.start, end),
      source: 'name',
      ...(n.parts && { parts: n.parts }),
    };
  });
  const candidates: Candidate[] = [
    ...lists,
    ...quoted,
    ...textCandidates('said', findSaid(text)),
    ...names,
    ...textCandidates('email', findEmails(text)),
    ...textCandidates('uri', findUris(text)),
    // A CamelCase word inside a longer name ("McAllister" in "Rosa McAllister") is part of the name.
    ...textCandidates('identifier', findIdentifiers(text)).filter((i) => !names.some((n) => inside(i, n))),
    // Units asked for ("in miles"); the unit of a measured value ("70 kg") is part of that value.
    ...textCandidates('unit', findAskedUnits(text)),
    ...findDates(text).map((date): Candidate => ({ kind: 'date', start: date.start, end: date.end, date })),
    ...times.map((time): Candidate => ({ kind: 'time', start: time.start, end: time.end, time })),
    ...findExpressions(text).map((e): Candidate => ({
      kind: 'expression',
      start: e.start,
      end: e.end,
      expression: e.expression,
    })),
    ...findRanges(text, freeNumbers).map(([a, b]): Candidate => ({
      kind: 'list',
      start: a.start,
      end: b.end,
      items: [a.value, b.value],
    })),
  ];
  const enumerations: Extract<Candidate, { kind: 'enumeration' }>[] = [];
  for (const group of [freeNumbers.map(numberCandidate), quoted, names, lists]) {
    for (const members of findEnumerations(text, group)) {
      enumerations.push({ kind: 'enumeration', start: members[0]!.start, end: members.at(-1)!.end, members });
      shareLastUnit(members);
    }
  }
  for (const list of findPhraseLists(text, tokens)) {
    enumerations.push({
      kind: 'enumeration',
      start: list.start,
      end: list.end,
      members: textCandidates('phrase', list.items),
    });
  }
  // A list after a colon is read whole, each item as written, like text said after a colon.
  for (const list of findColonLists(text)) {
    enumerations.push({
      kind: 'enumeration',
      start: list.start,
      end: list.end,
      members: textCandidates('said', list.items),
    });
  }
  // "the three scores 61, 74 and 88": a spelled count of the values that follow is not a value itself.
  const isCount = (n: NumberMention) =>
    n.spelled && enumerations.some((e) => e.members.length === n.value && e.start > n.end && e.start - n.end < 40);
  candidates.push(...numbers.filter((n) => !isCount(n)).map(numberCandidate), ...enumerations);
  return {
    text,
    tokens,
    candidates: candidates.sort((a, b) => a.start - b.start),
    keyValues: findKeyValues(text),
    ...(uncased && { uncased }),
  };
}
