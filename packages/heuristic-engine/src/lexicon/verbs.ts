// Words used more often as verbs than as nouns or adjectives, from WordNet 3.0 (verbs.txt, built by
// tools/build-verbs.ts): a capitalised one that opens a request is the request's verb ("Keep …"),
// not the first word of a name.
import { VERBS } from './generated/verbs';

let verbs: Set<string> | undefined;

/** Whether the word (any case) is mostly a verb. */
export function isMostlyVerb(word: string): boolean {
  verbs ??= new Set(VERBS.split('\n').filter((line) => line && !line.startsWith('#')));
  return verbs.has(word.toLowerCase());
}
