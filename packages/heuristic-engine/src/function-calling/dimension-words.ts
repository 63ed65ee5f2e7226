// A length written with the dimension it measures ("10 m across", "9 cm high", "4 ft in diameter")
// is that dimension: the value of a property named or described by it, never of a property that
// names another one ("across" is a diameter, no radius).
import type { Candidate, Question } from './question';
import type { Slot } from './slots';

// The word after the number (and its unit), and the nouns a property names that dimension by.
const DIMENSIONS: [RegExp, RegExp][] = [
  [/^(?:across|in\s+diameter)\b/i, /\b(?:diameter|across|width)\b/i],
  [/^(?:high|tall|in\s+height)\b/i, /\b(?:height|high|tall|altitude)\b/i],
  [/^(?:wide|in\s+width)\b/i, /\b(?:width|wide|breadth|base)\b/i],
  [/^(?:long|in\s+length)\b/i, /\b(?:length|long|base|side)\b/i],
  [/^(?:deep|in\s+depth)\b/i, /\b(?:depth|deep)\b/i],
  [/^(?:thick)\b/i, /\b(?:thickness|thick)\b/i],
];

/** The number is written with a dimension word the property does not name. */
export function measuresOtherDimension(question: Question, slot: Slot, c: Candidate): boolean {
  if (c.kind !== 'number' || (slot.type !== 'number' && slot.type !== 'integer')) return false;
  const end = c.mention.unitEnd ?? c.end;
  const after = question.text.slice(end).trimStart();
  // A short unit the number reader left unread ("10 m across") stands between them.
  const afterUnit = after.replace(/^[\p{L}µ°]{1,3}\.?\s+/u, '');
  const dimension = DIMENSIONS.find(([written]) => written.test(after) || written.test(afterUnit));
  if (!dimension) return false;
  return !dimension[1].test(`${slot.name.replace(/_/g, ' ')} ${slot.description}`);
}
