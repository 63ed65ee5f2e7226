// The answer when a question lacks a value the function needs: say what is missing and what it
// means, in plain words, and ask for it. "To answer this I need the city (the name of the city to
// look up). Which city do you mean?"
import type { Slot } from './slots';

const describe = (slot: Slot) => {
  const meaning = slot.description.trim().replace(/[.\s]+$/, '');
  if (!meaning) return `the ${slot.label}`;
  // A capital starts the sentence, unless the first word is an acronym ("ISO 4217 code of …").
  const first = /^\p{Lu}[\p{Ll}\s]/u.test(meaning) ? meaning.charAt(0).toLowerCase() : meaning.charAt(0);
  return `the ${slot.label} (${first}${meaning.slice(1)})`;
};

const askFor = (slot: Slot) =>
  slot.type === 'string' || Array.isArray(slot.schema.enum)
    ? `Which ${slot.label} do you mean?`
    : `What ${slot.label} should I use?`;

function joinWords(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

export function askForMissing(missing: Slot[]): string {
  const needs = `To answer this I need ${joinWords(missing.map(describe))}.`;
  if (missing.length === 1) return `${needs} ${askFor(missing[0]!)}`;
  return `${needs} Please tell me the ${joinWords(missing.map((s) => s.label))}.`;
}
