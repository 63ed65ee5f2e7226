// A length written with the dimension it measures ("10 m across", "9 cm high", "4 ft in diameter")
// is that dimension: the value of a property named or described by it, never of a property that
// names another one ("across" is a diameter, no radius; nor is "a diameter of 6").
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

// The same, named before the number: "a diameter of 6 inches", "height: 4", "with a radius of 2".
const NAMED_BEFORE =
  /\b(diameter|radius|height|width|breadth|length|depth|thickness)\s*(?:of|is|was|:|=)?\s*(?:about|around|roughly)?\s*$/i;
const NOUNS: Record<string, RegExp> = {
  diameter: /\b(?:diameter|across)\b/i,
  radius: /\bradius\b/i,
  height: /\b(?:height|high|tall|altitude)\b/i,
  width: /\b(?:width|wide|breadth|base)\b/i,
  breadth: /\b(?:width|wide|breadth|base)\b/i,
  length: /\b(?:length|long|base|side)\b/i,
  depth: /\b(?:depth|deep)\b/i,
  thickness: /\b(?:thickness|thick)\b/i,
};

/** The number is written with a dimension word the property does not name. */
export function measuresOtherDimension(question: Question, slot: Slot, c: Candidate): boolean {
  if (c.kind !== 'number' || (slot.type !== 'number' && slot.type !== 'integer')) return false;
  const named = NAMED_BEFORE.exec(question.text.slice(Math.max(0, c.start - 40), c.start))?.[1]?.toLowerCase();
  if (named) return !NOUNS[named]!.test(`${slot.name.replace(/_/g, ' ')} ${slot.description}`);
  const end = c.mention.unitEnd ?? c.end;
  const after = question.text.slice(end).trimStart();
  // A short unit the number reader left unread ("10 m across") stands between them.
  const afterUnit = after.replace(/^[\p{L}µ°]{1,3}\.?\s+/u, '');
  const dimension = DIMENSIONS.find(([written]) => written.test(after) || written.test(afterUnit));
  if (!dimension) return false;
  return !dimension[1].test(`${slot.name.replace(/_/g, ' ')} ${slot.description}`);
}
