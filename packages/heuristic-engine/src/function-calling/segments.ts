// Choosing the tool for a question, and questions that ask for several things in turn ("Find the
// tide times for Port Elm. Then convert 12 knots to km/h."): each part is read on its own, by the
// same rules as a whole question, and becomes a call of the tool it is about. Several calls are made
// only when every part that writes a value gives a complete, settled call whose every value has
// evidence of its own (a part is read out of its context); otherwise the question is answered as one
// (and the single-call rules ask or decline where it is not settled).
import type { ToolDefinition } from '@fnquery/contracts';
import { extractArguments, type Extraction } from './arguments';
import { planCalls } from './parallel';
import { readQuestion, type Question } from './question';
import { rankTools } from './tool-choice';
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
  if (!ranked[0] || (ranked[0].score < RELEVANCE_THRESHOLD && !forced)) return undefined;
  const contenders = ranked
    .filter((r) => r.score >= ranked[0]!.score * CONTENDER_SHARE)
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

// Where one request ends and the next begins: a sentence end before a capital, a semicolon, "and
// then", "also", "after that", "finally".
const BOUNDARY =
  /(?<=[.?!])\s+(?=["'(]?[A-Z])|;\s+|,?\s+(?:and\s+)?then\s+|,\s+(?:and\s+)?(?:also|additionally|finally|lastly)\s+|,?\s+after\s+that,?\s+/g;

export function parts(text: string): string[] {
  return text
    .split(BOUNDARY)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A part that writes a value a call could need: a number, a date, a name, quoted text, a list. */
export const writesValues = (q: Question) =>
  q.candidates.some((c) => c.kind !== 'text' || ['name', 'quoted', 'identifier', 'email', 'uri'].includes(c.source));

export interface SegmentCall {
  tool: ToolDefinition;
  arguments: Record<string, unknown>;
}

/** Several calls, one or more per part, when every part with values gives complete settled calls; else undefined. */
export function segmentCalls(tools: ToolDefinition[], question: Question): SegmentCall[] | undefined {
  const texts = parts(question.text);
  if (texts.length < 2) return undefined;
  const calls: SegmentCall[] = [];
  let previous: ToolDefinition | undefined;
  for (const text of texts) {
    const part = readQuestion(text);
    // A part about no tool may still give the previous tool its values ("… and for Kellsby").
    const choice =
      chooseTool(tools, part) ??
      (previous ? { tool: previous, extraction: extractArguments(previous, part) } : undefined);
    // A part is short and read out of its context: each value it sends needs evidence of its own.
    const complete =
      choice &&
      choice.extraction.missing.length === 0 &&
      choice.extraction.found > 0 &&
      choice.extraction.loose === 0 &&
      choice.extraction.used.every((u) => u.strong >= OPTIONAL_EVIDENCE);
    if (!complete) {
      if (writesValues(part)) return undefined;
      continue;
    }
    const plan = planCalls(choice.tool, part, choice.extraction);
    if (plan.kind === 'several') calls.push(...plan.calls.map((args) => ({ tool: choice.tool, arguments: args })));
    else if (plan.kind === 'single') calls.push({ tool: choice.tool, arguments: choice.extraction.arguments });
    else return undefined;
    previous = choice.tool;
  }
  return calls.length >= 2 ? calls : undefined;
}
