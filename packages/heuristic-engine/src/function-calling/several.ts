// Whether a set of calls answers the whole question. A question that asks for several things ("Find
// the tide times for Port Elm, then do the same for Kellsby", "… and also the opening hours of the
// pier") is answered by one call per thing; a set that answers only some of them looks like the whole
// answer and is not, so the engine sends no call and says which part it could not read.
// The question tells how many things it asks for by its words, not by its values:
// - sequence words between requests ("then", "after that", "also", "secondly", "finally");
// - repetition words ("the same … for", "again", "twice", "what if", "another", "both", "each of");
// - another offered tool named by words of its own that the calls' tools do not share.
import { nameWords, stemMatch, stemOf } from '@fnquery/text-tools';
import type { ToolDefinition } from '@fnquery/contracts';
import { readQuestion, type Question } from './question';
import { parts, writesValues } from './segments';

/** Words that begin another request of the same question. */
const SEQUENCE =
  /(?:^|[.?!;:,]\s*|\band\s+)(?<ordinal>second(?:ly)?|third(?:ly)?|fourth(?:ly)?|next|lastly|finally)\b|\b(?:then|after\s+that|afterwards|also|additionally|in\s+addition|as\s+well\s+as|moreover)\b/gi;

/** Words that ask for a call again with other values. */
const REPETITION =
  /\b(?:(?:do|does|doing|perform|run|repeat|calculate|find|get)\s+(?:the\s+|this\s+)?same|the\s+same\s+(?:\w+\s+){0,3}?(?:for|again|but)|again|twice|once\s+more|what\s+if|another|both|each\s+(?:of|set|pair|one|case|scenario)|respectively|(?:two|three|four|five|several|multiple)\s+(?:\w+\s+)?(?:sets|pairs|equations|scenarios|cases|datasets|groups|polynomials|functions|orders|questions|tasks|things|calculations))\b/gi;

/** Ordinals that number the requests: a "third" asks for at least three. */
const ORDINAL_COUNT: Record<string, number> = { second: 2, secondly: 2, third: 3, thirdly: 3, fourth: 4, fourthly: 4 };

interface Cue {
  start: number;
  word: string;
}

/**
 * The fewest calls the question's words ask for, and the first word that asks for more than one. A
 * sequence word counts only where the part it begins writes a value ("also apply standardization"
 * adds to the same call; "then for Kellsby" asks for another).
 */
export function requestsAsked(text: string): { count: number; cue?: Cue } {
  const sequence = [...text.matchAll(SEQUENCE)]
    .map((m) => {
      const word = m.groups?.ordinal ?? m[0];
      return { start: m.index + m[0].indexOf(word), word };
    })
    .filter((c) => writesValues(readQuestion(partFrom(text, c.start))));
  const repetition = [...text.matchAll(REPETITION)].map((m) => ({ start: m.index, word: m[0] }));
  const cues = [...sequence, ...repetition].sort((a, b) => a.start - b.start);
  if (!cues[0]) return { count: 1 };
  return { count: Math.max(...cues.map((c) => ORDINAL_COUNT[c.word.toLowerCase()] ?? 2)), cue: cues[0] };
}

/**
 * The part of the question (a sentence or clause) from `offset` on: the rest of the part that holds
 * it, or the next part when it falls between two.
 */
function partFrom(text: string, offset: number): string {
  let from = 0;
  for (const part of parts(text)) {
    const at = text.indexOf(part, from);
    from = at + part.length;
    if (offset < from) return text.slice(Math.max(at, offset), from);
  }
  return text.slice(offset);
}

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
}

/** Why the calls do not answer the whole question, naming the part left out; undefined when they do. */
export function leftOut(tools: ToolDefinition[], question: Question, calls: CalledTool[]): string | undefined {
  const asked = requestsAsked(question.text);
  if (asked.cue && calls.length < asked.count) {
    const part = partFrom(question.text, asked.cue.start);
    return `This asks for several things ("${asked.cue.word}" begins another), and I could not read a call for each of them; the part I could not settle is "${part}". So I made no call: please ask for one thing at a time, or give its values.`;
  }
  const other = otherToolAsked(tools, question, new Set(calls.map((c) => c.name)));
  if (other)
    return `This also asks for what ${other} does, and I could not read a call of it from the question, so I made no call: please ask for one thing at a time, or give its values.`;
  return undefined;
}
