// Choosing the tool for a question, and questions that ask for several things in turn ("Find the
// tide times for Port Elm. Then convert 12 knots to km/h."): each part is read on its own, by the
// same rules as a whole question, and becomes a call of the tool it is about. Several calls are made
// only when every part that writes a value gives a complete, settled call whose every value has
// evidence of its own (a part is read out of its context); otherwise the question is answered as one
// (and the single-call rules ask or decline where it is not settled).
import type { ToolDefinition } from '@fnquery/contracts';
import { extractArguments, type Extraction } from './arguments';
import { planCalls } from './parallel';
import { readQuestion, type Question, type Span } from './question';
import { rankTools } from './tool-choice';
import type { Slot } from './slots';
import { CONTENDER_SHARE, FILLED_WEIGHT, MISSING_WEIGHT, OPTIONAL_EVIDENCE, RELEVANCE_THRESHOLD } from '../weights';

export interface Choice {
  tool: ToolDefinition;
  extraction: Extraction;
}

/**
 * The tool the question is about, with its arguments: the most relevant, close contenders told
 * apart by how much of what they need the question gives. Undefined below the relevance threshold
 * (unless a call is forced).
 */
export function chooseTool(tools: ToolDefinition[], question: Question, forced = false): Choice | undefined {
  const ranked = rankTools(tools, question);
  if (!ranked[0]) return undefined;
  if (ranked[0].score < RELEVANCE_THRESHOLD && !forced)
    return pairWriter(
      ranked.map((r) => r.tool),
      question,
    );
  // Only tools about the question contend: one below the threshold is not chosen for its arguments.
  const contenders = ranked
    .filter((r) => r.score >= ranked[0]!.score * CONTENDER_SHARE && (forced || r.score >= RELEVANCE_THRESHOLD))
    .map((r) => {
      const extraction = extractArguments(r.tool, question);
      return {
        tool: r.tool,
        extraction,
        score: r.score + FILLED_WEIGHT * extraction.found - MISSING_WEIGHT * extraction.missing.length,
      };
    });
  return contenders.reduce((a, b) => (b.score > a.score ? b : a));
}

/**
 * Below the relevance threshold, the one tool whose direction pair the question writes both values
 * of ("60 EUR in GBP" for a converter whose words the question never uses): two currencies, or two
 * units, and a tool that takes exactly such a pair, are about the same thing.
 */
function pairWriter(tools: ToolDefinition[], question: Question): Choice | undefined {
  const writers = tools
    .map((tool) => ({ tool, extraction: extractArguments(tool, question) }))
    .filter((c) => c.extraction.writesPair);
  return writers.length === 1 ? writers[0] : undefined;
}

// Where one request ends and the next begins: a sentence end before a capital (not the dot of an
// initial or an abbreviation: "Dr. Hale", "Lee v. Grant"), a semicolon, "and then", "also", "after
// that", "finally".
const BOUNDARY =
  /(?<=[.?!])(?<!\b[A-Za-z]\.)(?<!\b(?:Mr|Mrs|Ms|Dr|St|Mt|vs|etc|No|Inc|Ltd|Co|Jr|Sr)\.)\s+(?=["'(]?[A-Z])|;\s+|,?\s+(?:and\s+)?then\s+|,\s+(?:and\s+)?(?:also|additionally|finally|lastly)\s+|,?\s+after\s+that,?\s+/g;

export function parts(text: string): string[] {
  return text
    .split(BOUNDARY)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A part that writes a value a call could need: a number, a date, a name, quoted text, a list. */
export const writesValues = (q: Question) =>
  q.candidates.some((c) => c.kind !== 'text' || ['name', 'quoted', 'identifier', 'email', 'uri'].includes(c.source));

/** Text the question writes as a value: a name, quoted, an identifier, an address; not loose words. */
const WRITTEN_AS_VALUE = new Set(['name', 'quoted', 'said', 'identifier', 'email', 'uri', 'unit']);

/**
 * Free text sent that the question does not write as a value ("the most trusted approach" →
 * "trusted") and that is not one of the values the property's description gives as examples.
 */
const loosePhrase = (part: Question, sent: Span & { slot: Slot }) =>
  sent.slot.type === 'string' &&
  !sent.slot.schema.enum &&
  !sent.slot.examples.some((e) => e.toLowerCase() === part.text.slice(sent.start, sent.end).toLowerCase()) &&
  !part.candidates.some(
    (c) => c.start <= sent.start && c.end >= sent.end && (c.kind !== 'text' || WRITTEN_AS_VALUE.has(c.source)),
  );

export interface SegmentCall {
  tool: ToolDefinition;
  arguments: Record<string, unknown>;
}

interface PartReading {
  text: string;
  /** The part's calls, when it gives complete settled ones; undefined when it does not. */
  calls?: SegmentCall[];
  writesValues: boolean;
}

/** Each part read on its own, by the same rules as a whole question. */
function readParts(tools: ToolDefinition[], texts: string[]): PartReading[] {
  let previous: ToolDefinition | undefined;
  return texts.map((text) => {
    const part = readQuestion(text);
    // A part about no tool may still give the previous tool its values ("… and for Kellsby").
    const choice =
      chooseTool(tools, part) ??
      (previous ? { tool: previous, extraction: extractArguments(previous, part) } : undefined);
    // A part is short and read out of its context: each value it sends needs evidence of its own,
    // and text it sends must be written as a value (a name, quoted), not read from loose words.
    const complete =
      choice &&
      choice.extraction.missing.length === 0 &&
      choice.extraction.found > 0 &&
      choice.extraction.loose === 0 &&
      choice.extraction.used.every((u) => u.strong >= OPTIONAL_EVIDENCE && !loosePhrase(part, u));
    if (!complete) return { text, writesValues: writesValues(part) };
    previous = choice.tool;
    const plan = planCalls(choice.tool, part, choice.extraction);
    const calls =
      plan.kind === 'several'
        ? plan.calls.map((args) => ({ tool: choice.tool, arguments: args }))
        : plan.kind === 'single'
          ? [{ tool: choice.tool, arguments: choice.extraction.arguments }]
          : undefined;
    return { text, calls, writesValues: true };
  });
}

/** Several calls, one or more per part, when every part with values gives complete settled calls; else undefined. */
export function segmentCalls(tools: ToolDefinition[], question: Question): SegmentCall[] | undefined {
  const texts = parts(question.text);
  if (texts.length < 2) return undefined;
  const read = readParts(tools, texts);
  if (read.some((p) => p.writesValues && !p.calls)) return undefined;
  const calls = read.flatMap((p) => p.calls ?? []);
  return calls.length >= 2 ? calls : undefined;
}

/** The first part that writes values but gives no complete settled call on its own. */
export function unreadPart(tools: ToolDefinition[], question: Question): string | undefined {
  return readParts(tools, parts(question.text)).find((p) => p.writesValues && !p.calls)?.text;
}
