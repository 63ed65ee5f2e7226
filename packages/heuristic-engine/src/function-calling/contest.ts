// Precision among several functions: when another offered function would be called just as readily
// without the chosen one, and the chosen call reads the question weakly, the choice is a guess. A
// weak reading is one where a share of the question's content words (UNREAD_SHARE) is accounted for by nothing
// in the call (not the function's name, description or parameters, not a value sent), or where two
// free-text values went into two properties with no word of either property's name near them. The
// choice is settled only by a question word the chosen function accounts for and the rival does not,
// while the rival has no such word of its own. Otherwise the engine names both functions and asks
// which is meant, instead of calling one of them. The rule and its threshold were chosen from the
// signals bench (bench/tool-args.ts --signals): on its tune half, calls with a runner-up and a weak
// reading were as often wrong as right.
import type { ToolDefinition } from '@fnquery/contracts';
import type { Question } from './question';
import type { Extraction } from './arguments';
import { asksForSomethingElse } from './purpose';
import { GENERIC, rankTools, sharedWords } from './tool-choice';
import { CUE_NEAR as NEAR, UNREAD_SHARE } from '../weights';

export interface Chosen {
  tool: ToolDefinition;
  extraction: Extraction;
}

/** Content words a call can account for: not stop words, numbers, short words or words every function uses. */
const contentTokens = (question: Question) =>
  question.tokens.filter((t) => t.word && !t.stop && !/^\d/.test(t.text) && t.text.length > 2 && !GENERIC.has(t.stem));

/** Where the question's content words start that the function's words or a sent value account for. */
function readWords(chosen: Chosen, question: Question): Set<number> {
  const shared = new Set(sharedWords(chosen.tool, question));
  const sent = chosen.extraction.used;
  return new Set(
    contentTokens(question)
      .filter((t) => shared.has(t.stem) || sent.some((s) => t.start >= s.start && t.end <= s.end))
      .map((t) => t.start),
  );
}

/** The share of the question's content words that neither the function's words nor a sent value account for. */
export function unreadShare(chosen: Chosen, question: Question): number {
  const content = contentTokens(question);
  return content.length === 0 ? 0 : 1 - readWords(chosen, question).size / content.length;
}

/** Two free-text values sent with no word of their own property's name within NEAR words of them. */
function uncuedTexts(chosen: Chosen, question: Question): boolean {
  const words = question.tokens.filter((t) => t.word);
  const uncued = chosen.extraction.used.filter((s) => {
    if (s.slot.type !== 'string' || Array.isArray(s.slot.schema.enum)) return false;
    const at = words.findIndex((t) => t.end > s.start);
    const near = words.slice(Math.max(0, at - NEAR), at + NEAR + 1).filter((t) => t.end <= s.start || t.start >= s.end);
    return !near.some((t) => s.slot.nameStems.includes(t.stem));
  });
  return uncued.length >= 2;
}

/** The question gives both functions the same relevance and the very same values: nothing tells them apart. */
function tied(tools: ToolDefinition[], question: Question, chosen: Chosen, rival: Chosen): boolean {
  const scores = new Map(rankTools(tools, question).map((r) => [r.tool, r.score]));
  const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  return (
    same(scores.get(chosen.tool) ?? 0, scores.get(rival.tool) ?? 0) &&
    chosen.extraction.found === rival.extraction.found &&
    JSON.stringify(chosen.extraction.arguments) === JSON.stringify(rival.extraction.arguments)
  );
}

/**
 * Another offered function the engine would call without the chosen one, when the chosen call reads
 * the question weakly; else undefined.
 */
export function closeRival(
  tools: ToolDefinition[],
  question: Question,
  chosen: Chosen,
  choose: (tools: ToolDefinition[], question: Question) => Chosen | undefined,
): ToolDefinition | undefined {
  if (tools.length < 2) return undefined;
  const weak = unreadShare(chosen, question) >= UNREAD_SHARE || uncuedTexts(chosen, question);
  const rival = choose(
    tools.filter((t) => t !== chosen.tool),
    question,
  );
  if (!rival || asksForSomethingElse(rival.tool, question)) return undefined;
  const callable = rival.extraction.missing.length === 0 && Object.keys(rival.extraction.arguments).length > 0;
  if (!callable) return undefined;
  // Two functions the question fits exactly as well (same relevance, the same arguments) are a tie,
  // however well each reads it: the first offered is no better a guess than the second.
  if (!weak) return tied(tools, question, chosen, rival) ? rival.tool : undefined;
  // A word only the chosen function accounts for ("seats" of a show) settles the choice, unless the
  // rival has a word of its own too ("the air … the weather"): then the question is for both.
  const chosenReads = readWords(chosen, question);
  const rivalReads = readWords(rival, question);
  const chosenOwn = [...chosenReads].filter((at) => !rivalReads.has(at));
  const rivalOwn = [...rivalReads].filter((at) => !chosenReads.has(at));
  return chosenOwn.length === 0 || rivalOwn.length > 0 ? rival.tool : undefined;
}
