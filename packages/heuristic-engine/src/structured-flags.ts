// A yes or no for a boolean property from evidence text, sentence by sentence (structured-answer.ts),
// and the negations that also keep an enum option from being read where it is denied.
import type { JsonSchema } from '@fnquery/contracts';
import { flagMentions } from './function-calling/candidates';
import { fitsBounds } from './structured-evidence';
import { nameWords, stemMatch, stemOf, tokenize, type Token } from '@fnquery/text-tools';

/** A negation among the three words before the one starting at `start`, within its clause. */
export function negatedAt(tokens: Token[], start: number): boolean {
  const at = tokens.findIndex((t) => t.start === start);
  for (let i = at - 1, words = 0; i >= 0 && words < 3; i--) {
    if (!tokens[i]!.word) return false;
    if (NEGATION_WORDS.has(tokens[i]!.lower)) return true;
    words++;
  }
  return false;
}
// "None of the rooms is heated", "neither … nor", "cannot": a whole-sentence no as much as "not".
const NEGATION_WORDS = new Set([
  'not',
  'no',
  'never',
  "n't",
  'without',
  'nor',
  'neither',
  'none',
  'nothing',
  'nobody',
  'cannot',
  'isn',
  'aren',
  'wasn',
  'weren',
  'doesn',
  'didn',
  'hasn',
]);

/**
 * A sentence's clauses: split at a semicolon, a colon, or a comma before a conjunction ("The light
 * is automated, and the tower is not open"), since a negation in one clause says nothing of another.
 */
const clausesOf = (sentence: string) =>
  sentence.split(/;\s*|:\s+|,\s*(?=(?:and|but|while|whereas|though|although|yet|so)\s)/iu).filter((c) => c.trim());

// The opening of an answer to a yes/no question, as a FAQ writes it ("Yes, from 8 until noon.",
// "No: cards only.", "Not at the moment.").
const ANSWERED_YES = /^(?:yes|yep|yeah|certainly|of course|absolutely|sure)\b/i;
const ANSWERED_NO = /^(?:no|nope|not|never|sadly not|unfortunately not|i'm afraid not)\b/i;

// Words a full stop ends without ending the sentence: "e.g. the dome", "St. Ives", "approx. ten".
const ABBREVIATION = /(?:^|[\s(])(?:\p{L}|e\.g|i\.e|approx|ca|cf|vs|no|nos|st|mr|mrs|ms|dr|mt|ft|jr|sr)\.$/iu;

/**
 * The evidence's sentences, short ones too: a FAQ's answer may be a bare "No." or "Yes.". A
 * sentence ends at a stop and a space whatever the case of what follows (a text may be written
 * all in lower case), except after an abbreviation before a lower-case word.
 */
function sentencesWithAnswers(evidence: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const end of evidence.matchAll(/(?<=[.!?])\s+|\n+/gu)) {
    const before = evidence.slice(start, end.index);
    const next = evidence.charAt(end.index + end[0].length);
    if (!end[0].includes('\n') && /\p{Ll}/u.test(next) && ABBREVIATION.test(before)) continue;
    sentences.push(before);
    start = end.index + end[0].length;
  }
  sentences.push(evidence.slice(start));
  return sentences.map((s) => s.replace(/\s+/g, ' ').trim()).filter((s) => /\p{L}/u.test(s));
}

/**
 * The clauses that state something. A question states nothing ("Can I pay in cash?" is no yes to
 * `cash`) unless the next sentence answers it: then its clause says what the answer says, yes as
 * asked, or no.
 */
function statements(sentences: string[]): { clause: string; answeredNo: boolean }[] {
  return sentences.flatMap((sentence, i) => {
    if (!sentence.trimEnd().endsWith('?')) return clausesOf(sentence).map((clause) => ({ clause, answeredNo: false }));
    const answer = sentences[i + 1]?.trim() ?? '';
    const yes = ANSWERED_YES.test(answer);
    if (!yes && !ANSWERED_NO.test(answer)) return [];
    return [{ clause: sentence.replace(/\?\s*$/, ''), answeredNo: !yes }];
  });
}

/**
 * Yes when the evidence states the property's content words, no when it negates them. A negation
 * anywhere in the clause negates all of its words ("Photography is not allowed" says no to
 * `photography_allowed`); clauses that disagree say nothing.
 */
export function statedFlag(property: string, schema: JsonSchema, evidence: string): boolean | undefined {
  const stems = nameWords(property).map(stemOf);
  const sentences = sentencesWithAnswers(evidence);
  const whole: boolean[] = [];
  const partial: boolean[] = [];
  for (const { clause, answeredNo } of statements(sentences.length > 0 ? sentences : [evidence])) {
    const tokens = tokenize(unprefixNegation(clause, stems));
    const mentions = flagMentions(tokens, stems);
    if (mentions.length === 0) continue;
    // "Photography is not allowed": the negation may follow the words it negates.
    const negated = tokens.some((t) => NEGATION_WORDS.has(t.lower));
    const value = !negated && !answeredNo && mentions.every((m) => m.value);
    // A clause with all of the property's words speaks for it over one with some: "has 150
    // bikes" says nothing about `electric_bikes` when another sentence says whether they are electric.
    const all = stems.every((s) => tokens.some((t) => t.word && stemMatch(s, t.stem) >= 0.8));
    (all ? whole : partial).push(value);
  }
  const said = new Set(whole.length > 0 ? whole : partial);
  if (said.size !== 1) return undefined;
  const [value] = said;
  return fitsBounds(schema, value) ? value : undefined;
}

/**
 * A property's word negated by its prefix written as a negation ("The rooms are unheated" → "not
 * heated", "inaccessible", "non-smoking"), only where the rest is one of the property's words: "under"
 * or "interest" are not negations.
 */
function unprefixNegation(sentence: string, stems: string[]): string {
  return sentence.replace(/\b(un|non-?|in|im)(\p{L}{4,})/giu, (all, _prefix: string, rest: string) =>
    stems.some((s) => stemMatch(s, stemOf(rest.toLowerCase())) >= 0.8) ? `not ${rest}` : all,
  );
}
