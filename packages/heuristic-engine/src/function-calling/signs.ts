// A signed number whose schema says how a loss is written: "The amount gained or lost; a loss is
// negative" takes "a loss of $400" as -400. Sent as 400 the call would book a gain: a confidently
// wrong call. Only a description that says "negative" turns a number round; a property that holds
// a loss as such ("loss_amount") keeps the number as written.
import type { Candidate, Question } from './question';
import type { Slot } from './slots';

const SAYS_NEGATIVE = /\bnegative\b/i;
// Words that say the amount went down: "a loss of", "lost", "a decrease of", "fell by", "a withdrawal of".
const DOWN_WORDS = new Set(
  'loss losses lost lose losing decrease decreased decline declined drop dropped fell fall deficit withdrawal withdrew withdrawn outflow outflows spent'.split(
    ' ',
  ),
);
// Words allowed between the down word and its number: "a loss of $400", "fell by 3".
const BETWEEN = new Set(['of', 'by', 'a', 'an', 'the', 'about', 'around', 'roughly', 'nearly', 'almost', 'some']);

/** The number as the property takes it: negated where the question says it went down and the schema writes that as negative. */
export function signed(question: Question, slot: Slot, candidate: Candidate, value: unknown): unknown {
  if (typeof value !== 'number' || value <= 0 || candidate.kind !== 'number') return value;
  if (!SAYS_NEGATIVE.test(slot.description)) return value;
  const { tokens } = question;
  const first = tokens.findIndex((t) => t.start >= candidate.start);
  let i = first - 1;
  while (i >= 0 && BETWEEN.has(tokens[i]!.lower)) i--;
  const before = i >= 0 && DOWN_WORDS.has(tokens[i]!.lower);
  // After the number and its unit word: "a 90 euro withdrawal".
  const end = Math.max(candidate.end, candidate.mention.unitEnd ?? 0);
  const next = tokens.find((t) => t.start >= end && t.word);
  const after = next !== undefined && DOWN_WORDS.has(next.lower) && /^\s*$/.test(question.text.slice(end, next.start));
  return before || after ? -value : value;
}
