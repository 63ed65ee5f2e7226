// Whether a set of calls answers the whole question. A question that asks for several things ("Find
// the tide times for Port Elm, then do the same for Kellsby", "… and also the opening hours of the
// pier") is answered by one call per thing; a set that answers only some of them looks like the whole
// answer and is not, so the engine sends no call and names the part it could not read.
// The question tells how many things it asks for by its words:
// - its parts: sequence words ("then", "after that", "also", "secondly", "finally", "2)"), a second
//   question or order joined by "and" or a comma ("…, what is …", "… and rent a cabin …"), sentences.
//   A part about an offered tool no call is of, or whose values no call sends, is unanswered;
// - repetition words ("the same … for", "again", "twice", "what if", "another", "both", "each of";
//   not "each of us", which shares one thing among people),
//   and the same words written again before several values one property cannot all take;
// - another offered tool named by words of its own that the calls' tools do not share, or by its name.
import { OBJECT_STARTS, nameWords, stemMatch, stemOf } from '@fnquery/text-tools';
import type { ToolDefinition } from '@fnquery/contracts';
import { extractArguments } from './arguments';
import { readQuestion, type Question, type Span } from './question';
import { chooseTool, parts, unreadPart, writesValues } from './segments';
import { toolShape } from './slots';
import { LEAD_IN_WORDS } from '../weights';

/** Words that begin another request of the same question; numbered items ("2) …") as well. */
const SEQUENCE =
  /(?:^|[.?!;:,]\s*|\band\s+)(?<ordinal>second(?:ly)?|third(?:ly)?|fourth(?:ly)?|next|lastly|finally)\b|\b(?:then|after\s+that|afterwards|also|additionally|in\s+addition|as\s+well\s+as|moreover)\b|(?:^|\s)(?<numbered>[2-9])[.)]\s/gi;

/**
 * A second question or order joined to the first: "… and how much …", "…, what is …", and "and" with a
 * word that takes an object ("… and rent a cabin …", "… and draw 3 cards …").
 */
const CLAUSE = new RegExp(
  `(?:[,;]\\s*(?:and\\s+)?|\\band\\s+)(?:what|how)\\b|\\band\\s+(?:also\\s+)?[a-z]+(?=\\s+(?:${[...OBJECT_STARTS].join('|')}|\\d)\\b)`,
  'gi',
);

/** Words that ask for a call again with other values. */
const REPETITION =
  /\b(?:(?:do|does|doing|perform|run|repeat|calculate|find|get)\s+(?:the\s+|this\s+)?same|the\s+same\s+(?:\w+\s+){0,3}?(?:for|again|but)|again|twice|once\s+more|what\s+if|another|both|each\s+(?:of(?!\s+(?:us|you|them)\b)|set|pair|one|case|scenario)|respectively|(?:two|three|four|five|several|multiple)\s+(?:\w+\s+){0,2}(?:sets|pairs|equations|scenarios|cases|datasets|groups|polynomials|functions|orders|questions|tasks|things|calculations))\b/gi;

/** Ordinals that number the requests: a "third" asks for at least three. */
const ORDINAL_COUNT: Record<string, number> = { second: 2, secondly: 2, third: 3, thirdly: 3, fourth: 4, fourthly: 4 };

interface Cue {
  start: number;
  word: string;
}

/**
 * The same words (LEAD_IN_WORDS of them) before several values of one kind ("the depth of 40, the depth of 55"): one
 * request written again for each value, when the called tools have fewer properties of that kind
 * (or lists) than there are values (two masses for a mixing formula with two mass properties are one call).
 */
function repeatedLeadIns(question: Question, room: (kind: 'number' | 'text') => number): { cue: Cue; times: number }[] {
  const byLeadIn = new Map<string, { cue: Cue; kind: 'number' | 'text'; values: Set<string> }>();
  for (const value of question.candidates) {
    if (value.kind !== 'number' && !(value.kind === 'text' && value.source === 'name')) continue;
    const before = question.tokens.filter((t) => t.word && t.end <= value.start).slice(-LEAD_IN_WORDS);
    const adjacent =
      before.length === LEAD_IN_WORDS && !/[.,;:?!]/.test(question.text.slice(before.at(-1)!.end, value.start));
    if (!adjacent || before.every((t) => t.stop)) continue;
    const key = `${value.kind} ${before.map((t) => t.lower).join(' ')}`;
    const entry = byLeadIn.get(key) ?? {
      cue: { start: before[0]!.start, word: before.map((t) => t.text).join(' ') },
      kind: value.kind,
      values: new Set<string>(),
    };
    entry.values.add(question.text.slice(value.start, value.end));
    byLeadIn.set(key, entry);
  }
  return [...byLeadIn.values()]
    .filter((e) => e.values.size >= 2 && room(e.kind) < e.values.size)
    .map((e) => ({ cue: e.cue, times: e.values.size }));
}

/** What the caller knows of the calls, to judge a part of the question by. */
export interface PartJudge {
  /** The part is about an offered tool that no call is of. */
  aboutOther?: (part: Question) => boolean;
  /** The part writes values (numbers, names, quoted text) and no call sends any of them. */
  unsent?: (part: Question, offset: number) => boolean;
  /** How many properties of a kind (or lists) the called tools have. */
  room?: (kind: 'number' | 'text') => number;
}

export interface Asked {
  /** The fewest calls the question asks for. */
  count: number;
  /** The first word that asks for more than one. */
  cue?: Cue;
  /** A part of a question in several parts that no call answers. */
  unanswered?: string;
}

/**
 * How many requests the question makes. Its parts begin at sequence words, at second questions or
 * orders joined by "and" or a comma, and at sentences. A part that is about an offered tool no call
 * is of, or writes values no call sends, is unanswered. A part begun by a sequence word is a request
 * of its own where it writes a value ("then for Kellsby"); otherwise it adds to the same call ("also
 * apply standardization"). A repetition word asks for at least two calls; an ordinal or a numbered
 * item for at least its number.
 */
export function requestsAsked(text: string, judge: PartJudge = {}): Asked {
  const { aboutOther = () => false, unsent = () => false, room = () => Infinity } = judge;
  const cueOf = (m: RegExpExecArray) => {
    const word = (
      m.groups?.ordinal ??
      m.groups?.numbered ??
      m[0].replace(/^[\s,;.?!:]*(?:and\s+|but\s+)?/i, '')
    ).trim();
    return { start: m.index + m[0].indexOf(word), word };
  };
  const sequence = [...text.matchAll(SEQUENCE)].map(cueOf);
  const starts = [
    ...sequence,
    ...[...text.matchAll(CLAUSE)].map(cueOf),
    ...parts(text)
      .slice(1)
      .map((part) => ({ start: text.indexOf(part), word: part.split(/\s+/)[0] ?? part })),
  ]
    .map((c) => c.start)
    // A part that starts right after a sequence word ("then between …") is that word's part.
    .filter(
      (start) =>
        start > 0 &&
        !sequence.some((c) => c.start < start && /^[\s,]*$/.test(text.slice(c.start + c.word.length, start))),
    );
  const bounds = [...new Set([0, ...starts])].sort((a, b) => a - b);
  const segments = bounds.map((start, i) => ({ start, text: text.slice(start, bounds[i + 1] ?? text.length) }));
  const read = segments.map((segment) => ({ ...segment, question: readQuestion(segment.text) }));
  const unanswered =
    read.length > 1
      ? read
          .find((r) => aboutOther(r.question) || unsent(r.question, r.start))
          ?.text.replace(/[\s,;]*(?:\b(?:and|but)\b)?[\s,;]*$/i, '')
          .trim()
      : undefined;
  const requests = read
    .slice(1)
    .filter(
      (r) =>
        (sequence.some((c) => c.start === r.start) && writesValues(r.question)) ||
        aboutOther(r.question) ||
        unsent(r.question, r.start),
    );
  const repetition = [...text.matchAll(REPETITION)].map((m) => ({ start: m.index, word: m[0] }));
  const leadIns = repeatedLeadIns(readQuestion(text), room);
  const cues = [
    ...requests.map((r) => ({ start: r.start, word: r.text.split(/\s+/)[0] ?? '' })),
    ...sequence.filter((c) => ORDINAL_COUNT[c.word.toLowerCase()] || Number(c.word)),
    ...repetition,
    ...leadIns.map((l) => l.cue),
  ].sort((a, b) => a.start - b.start);
  if (!cues[0]) return { count: 1, ...(unanswered && { unanswered }) };
  const numbered = cues.map((c) => ORDINAL_COUNT[c.word.toLowerCase()] ?? (Number(c.word) || 2));
  return {
    count: Math.max(1 + requests.length, ...numbered, ...leadIns.map((l) => l.times)),
    cue: cues[0],
    ...(unanswered && { unanswered }),
  };
}

/** Where the part (a sentence or clause) that holds `offset` ends, or the next one when it falls between two. */
function partEnd(text: string, offset: number): number {
  let from = 0;
  for (const part of parts(text)) {
    from = text.indexOf(part, from) + part.length;
    if (offset < from) return from;
  }
  return text.length;
}

/** The question from `offset` to the end of its part. */
const partFrom = (text: string, offset: number) => text.slice(offset, partEnd(text, offset));

/**
 * An offered tool the calls leave out whose own name words (not generic, not shared with a called
 * tool's name, description or parameters) the question uses: the question asks for it too.
 */
function otherToolAsked(tools: ToolDefinition[], question: Question, called: Set<string>): string | undefined {
  const calledTools = tools.filter((t) => called.has(t.name));
  const calledWords = calledTools.flatMap((t) => [
    ...nameWords(t.name),
    ...t.description.toLowerCase().split(/\W+/),
    ...Object.keys((t.parameters.properties as object | undefined) ?? {}).flatMap((p) => nameWords(p)),
  ]);
  const calledStems = calledWords.filter(Boolean).map(stemOf);
  const stems = question.tokens.filter((t) => t.word && !t.stop).map((t) => t.stem);
  for (const tool of tools) {
    if (called.has(tool.name)) continue;
    const own = nameWords(tool.name)
      .map(stemOf)
      .filter((w) => w.length > 2 && !GENERIC_NAME.has(w) && !calledStems.some((c) => stemMatch(c, w) >= 0.8));
    const hits = own.filter((w) => stems.some((s) => stemMatch(s, w) >= 0.8));
    if (hits.length >= 2) return tool.name;
  }
  return undefined;
}

const GENERIC_NAME = new Set(
  'get set find calculate compute fetch retrieve search lookup info information data detail details by of the for to from and'
    .split(' ')
    .map(stemOf),
);

export interface CalledTool {
  name: string;
  /** As JSON. */
  arguments: string;
}

/** Why the calls do not answer the whole question, naming the part left out; undefined when they do. */
export function leftOut(tools: ToolDefinition[], question: Question, calls: CalledTool[]): string | undefined {
  const called = new Set(calls.map((c) => c.name));
  const aboutOther = (part: Question) => {
    const choice = chooseTool(tools, part);
    return choice !== undefined && !called.has(choice.tool.name);
  };
  // How many properties of a kind (or lists) the called tools have: room for that many values in one call.
  const slots = tools.filter((t) => called.has(t.name)).flatMap((t) => toolShape(t).slots);
  const room = (kind: 'number' | 'text') =>
    slots.filter((s) => [...(kind === 'number' ? ['integer', 'number'] : ['string']), 'array'].includes(s.type)).length;
  // A part writes values no call sends: none of its numbers, names or quoted text is in any call, nor
  // read by a called tool from the whole question (a currency name sent as its code).
  const sent = calls.map((c) => c.arguments).join(' ');
  const sentNumbers = new Set((sent.match(/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi) ?? []).map(Number));
  // Read only when a part writes values that the calls' JSON does not show (most questions never need it).
  let read: Span[] | undefined;
  const readByCalled = () =>
    (read ??= tools.filter((t) => called.has(t.name)).flatMap((t) => extractArguments(t, question).used));
  const unsentValues = (part: Question, offset: number) => {
    const values = part.candidates.filter(
      (c) => c.kind === 'number' || (c.kind === 'text' && ['name', 'quoted'].includes(c.source)),
    );
    const readWhole = (c: Span) => readByCalled().some((u) => u.start < c.end + offset && u.end > c.start + offset);
    return (
      values.length > 0 &&
      values.every(
        (c) =>
          (c.kind === 'number' ? !sentNumbers.has(c.mention.value) : c.kind === 'text' && !sent.includes(c.text)) &&
          !readWhole(c),
      )
    );
  };
  const asked = requestsAsked(question.text, { aboutOther, unsent: unsentValues, room });
  if (asked.unanswered || (asked.cue && calls.length < asked.count)) {
    // Name the part that could not be read on its own, else the part no call answers.
    const part = unreadPart(tools, question) ?? asked.unanswered ?? partFrom(question.text, asked.cue!.start);
    return `This asks for several things, and I could not read a complete, settled call for each of them: not for "${part}". So I made no call: please ask for one thing at a time, or give the values that part needs.`;
  }
  // A tool the question names outright ("with the tide_times function") is asked for.
  const named = tools.find((t) => !called.has(t.name) && question.text.includes(t.name));
  const other = named?.name ?? otherToolAsked(tools, question, called);
  if (other)
    return `This also asks for what ${other} does, and I could not read a call of it from the question, so I made no call: please ask for one thing at a time, or give its values.`;
  return undefined;
}
