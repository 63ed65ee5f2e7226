// Words with their positions, for a schema-guided reading of a question, and the words of an identifier. Stems
// and stop words come from ./text.ts, so this reading agrees with keyword search.
import { terms } from './text';

export interface Token {
  /** As written. */
  text: string;
  lower: string;
  /** Stemmed (Porter step 1); the lower-cased word itself for stop words. */
  stem: string;
  stop: boolean;
  /** Letters or digits; otherwise a single punctuation character. */
  word: boolean;
  start: number;
  end: number;
}

const TOKEN = /[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu;

/** Words that open a noun phrase ("the", "my", "these", "some"). */
export const DETERMINERS: ReadonlySet<string> = new Set([
  'the',
  'a',
  'an',
  'my',
  'our',
  'your',
  'his',
  'her',
  'their',
  'this',
  'that',
  'these',
  'those',
  'some',
  'any',
  'every',
  'each',
]);
/** What may follow a verb as the start of its object: a determiner, or "me"/"us" ("Turn the…", "Text me…"). */
export const OBJECT_STARTS: ReadonlySet<string> = new Set([...DETERMINERS, 'me', 'us']);

export function stemOf(word: string): string {
  return terms(word)[0] ?? word.toLowerCase();
}

export function tokenize(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((m) => {
    const lower = m[0].toLowerCase();
    const word = /[\p{L}\p{N}]/u.test(m[0]);
    const stem = word ? terms(lower)[0] : undefined;
    return {
      text: m[0],
      lower,
      stem: stem ?? lower,
      stop: word && stem === undefined,
      word,
      start: m.index,
      end: m.index + m[0].length,
    };
  });
}

/** "pickup_city", "maxGuests", "fleet.rent_car", "value2" → their words, lower-cased. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\d)/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * How well two stems match: 1 when equal; 0.8 when one extends the other by a short suffix
 * ("inch"/"inche", "annual"/"annualli") or both share a long stem ("standardize"/"standardization",
 * "discover"/"discoverer"); 0.6 for a schema abbreviation of a written word ("temp"/"temperature",
 * "num"/"number") or a schema compound that starts with the written word ("username"/"user"); else 0.
 */
export function stemMatch(schemaStem: string, writtenStem: string): number {
  if (schemaStem === writtenStem) return 1;
  const [short, long] = schemaStem.length <= writtenStem.length ? [schemaStem, writtenStem] : [writtenStem, schemaStem];
  const shared = commonPrefix(short, long);
  if (shared >= 6 && shared >= 0.75 * short.length) return 0.8;
  if (short.length < 3 || shared < short.length) return 0;
  if (long.length - short.length <= 3 && short.length >= 4) return 0.8;
  // "temp" for "temperature", or a compound in the schema: "username" for "user".
  return (short === schemaStem && writtenStem.length >= 5) || short.length >= 4 ? 0.6 : 0;
}
