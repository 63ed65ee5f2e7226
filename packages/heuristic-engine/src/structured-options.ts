// The enum option evidence text supports (structured-answer.ts): the one it spells, else the one
// the words describing the subject are synonyms of, else the one the subject is a member of.
import { findOptions } from './schema-values';
import { pertainsTo, satelliteOf } from './lexicon/adjectives';
import { related, relatedness } from './lexicon/related';
import { kindSteps, nearKinds } from './lexicon/word-kinds';
import { negatedAt } from './structured-flags';
import { nameWords, stemOf, tokenize, type Token } from '@fnquery/text-tools';

/**
 * The enum option the evidence supports: the one it names most often (the property's own name
 * words do not count as naming an option, nor a mention negated right before: "not electric"), the
 * first named on a tie. When none is named outright, the one option a word of the evidence is a
 * synonym of ("ferry" → `boat` only if the lexicon says so; "automobile" → `car`); undefined when
 * none or several are.
 */
export function optionIn(
  options: unknown[],
  property: string,
  evidence: string,
  members: string[] = [],
  titles: string[] = [],
  subject?: string,
): unknown {
  const named = options.filter((o): o is string | number => typeof o === 'string' || typeof o === 'number');
  const own = new Set(nameWords(property).map(stemOf));
  const tokens = tokenize(evidence);
  const counts = new Map<string | number, number>();
  for (const found of findOptions(tokens, named)) {
    if (nameWords(String(found.option)).every((w) => own.has(stemOf(w)))) continue;
    if (negatedAt(tokens, found.start)) continue;
    if (!spellsOption(evidence.slice(found.start, found.end), String(found.option))) continue;
    counts.set(found.option, (counts.get(found.option) ?? 0) + 1);
  }
  let best: string | number | undefined;
  for (const [option, count] of counts) if (best === undefined || count > counts.get(best)!) best = option;
  if (best !== undefined) return best;
  // Words that are synonyms of different options speak, but say nothing: no guess from kinds then.
  const described = tokenize([...members, ...describingWords(evidence, subject)].join('. '));
  const synonyms = synonymVotes(named, own, described);
  if (synonyms.size > 0) return synonyms.size === 1 ? [...synonyms][0] : undefined;
  return kindOption(named, own, tokenize(members.join('. '))) ?? nearKindOption(named, own, titles);
}

/**
 * The words that say what a thing is: the common noun before a name ("the ferry Aurora", "the
 * mountain hut Brekkestua"), and what a sentence says it is ("It is a small ferry"; not "is not
 * a…"). Only these may name an enum option by being a member of it: any noun of a passage would
 * guess from what it merely mentions.
 */
export function whatItIs(evidence: string, subject?: string): string[] {
  const said = [...evidence.matchAll(/\b(?:is|was|are|were)\s+(?:an?|the)\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)/giu)];
  return [...said.map((m) => m[1]!), ...nounsBeforeNames(evidence, subject)];
}

/**
 * The common noun (with one word before it) right before a name: "the mountain hut Brekkestua".
 * In a text without capitals only the subject's name shows where a name is ("the mountain hut
 * brekkestua").
 */
export const nounsBeforeNames = (evidence: string, subject?: string) =>
  [
    ...evidence.matchAll(/\b(?:[Tt]he|[Aa]n?|[Oo]ur|[Tt]his)\s+((?:\p{Ll}[\p{L}-]*\s+)?\p{Ll}[\p{L}-]*)\s+\p{Lu}/gu),
    ...caselessNamed(
      evidence,
      subject,
      (name) => `\\b(?:the|an?|our|this)\\s+((?:\\p{L}[\\p{L}-]*\\s+)?\\p{L}[\\p{L}-]*)\\s+${name}\\b`,
    ),
  ].map((m) => m[1]!);

/**
 * Matches of a pattern built around the subject's name, in a text without capitals only: where a
 * text has them, the patterns that look for a capital find the name already.
 */
function caselessNamed(evidence: string, subject: string | undefined, around: (name: string) => string) {
  if (subject === undefined || /\p{Lu}/u.test(evidence)) return [];
  const name = subject.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...evidence.matchAll(new RegExp(around(name), 'giu'))];
}

/**
 * Words that describe a thing, for synonyms of an option: the noun phrase a sentence opens with
 * ("The vessel is long"), what a sentence says it is or looks like ("is painted crimson", "a big one"). Other words
 * of a passage are what it mentions, and a synonym among them is no evidence.
 */
function describingWords(evidence: string, subject?: string): string[] {
  // The noun phrase a sentence opens with: its subject, or what it says the subject is ("A big
  // boat for so short a crossing, it…"); in a text without capitals, after a stop.
  const subjects = evidence.matchAll(/(?:^|[.!?:]\s+)(?:The|A|An|This|Its|Our)\s+((?:\p{Ll}+\s+){0,1}\p{Ll}+)/gmu);
  const caselessSubjects = /\p{Lu}/u.test(evidence)
    ? []
    : evidence.matchAll(/(?:^|[.!?]\s+)(?:the|a|an|this|its|our)\s+((?:\p{Ll}+\s+){0,1}\p{Ll}+)/gmu);
  const predicates = evidence.matchAll(
    /\b(?:is|was|are|were)\s+(?!not\b)(?:painted\s+|coloured\s+|colored\s+)?(\p{Ll}+)/gu,
  );
  const ones = evidence.matchAll(/\b(?:an?|the)\s+(\p{Ll}+)\s+one\b/giu);
  // Where a sentence says the subject is: "… is a community garden in the countryside", "lies on
  // the coast" (a place describes its setting); not where something is done ("are sold in the city").
  const places = evidence.matchAll(
    /\b(?:(?:is|are|was|were)\s+(?:(?:an?|the)\s+(?:[\p{L}-]+\s+){1,2})?|(?:lies|stands|sits)\s+)(?:in|on|near)\s+the\s+(\p{Ll}+)/gu,
  );
  // A noun phrase set beside a name describes what it names: "Brackenfield, the small upland farm, …".
  const appositions = evidence.matchAll(
    /\p{Lu}[\p{L}\p{N}'-]*,\s+(?:the|an?)\s+((?:[\p{L}\p{N}-]+\s+){0,3}[\p{L}\p{N}-]+)/gu,
  );
  const caselessAppositions = caselessNamed(
    evidence,
    subject,
    (name) => `\\b${name},\\s+(?:the|an?)\\s+((?:[\\p{L}\\p{N}-]+\\s+){0,3}[\\p{L}\\p{N}-]+)`,
  );
  return [
    ...subjects,
    ...caselessSubjects,
    ...predicates,
    ...ones,
    ...places,
    ...appositions,
    ...caselessAppositions,
  ].map((m) => m[1]!);
}

/** How far (kindSteps) a word may be from the option it is taken to be a member of. */
const MAX_KIND_STEPS = 3;

/**
 * When no word names an option or a synonym of one: each word saying what the subject is (a short
 * value of the result, whatItIs) votes for the option it is nearest a member of ("ferry" is a boat, a boat a vessel, as a ship is: `ship` over
 * `aircraft`, a craft only three levels up), when that option is unique and near enough; the
 * option all votes agree on, else none.
 */
function kindOption(options: (string | number)[], own: Set<string>, tokens: Token[]): unknown {
  const words = tokens.filter((t) => t.word && !t.stop && !own.has(t.stem) && !negatedAt(tokens, t.start));
  const single = options.filter((o) => nameWords(String(o)).length === 1);
  const votes = new Set<string | number>();
  for (const stem of new Set(words.map((w) => w.stem))) {
    const scored = single
      .map((option) => ({ option, steps: kindSteps(stem, stemOf(String(option))) }))
      .filter((x) => x.steps <= MAX_KIND_STEPS)
      .sort((a, b) => a.steps - b.steps);
    if (scored.length > 0 && scored[0]!.steps < (scored[1]?.steps ?? Infinity)) votes.add(scored[0]!.option);
  }
  return votes.size === 1 ? [...votes][0] : undefined;
}

/**
 * When no word is a member of an option: the option whose own kind is a word of one sense with the
 * kind of the noun a name is introduced by ("the mountain hut Brekkestua": a hut is a shelter, a
 * `cabin` a house, and house and shelter are related words), when it is the only such option. Only
 * that noun, the last word of each title: other words of a passage are what it mentions, and kinds
 * this loosely linked would guess from them ("file" and `documentary` are both records).
 */
function nearKindOption(options: (string | number)[], own: Set<string>, titles: string[]): unknown {
  const single = options.filter((o) => nameWords(String(o)).length === 1);
  const votes = new Set<string | number>();
  for (const title of titles) {
    const head = tokenize(title).at(-1);
    if (!head?.word || head.stop || own.has(head.stem)) continue;
    const near = single.filter((option) => nearKinds(head.stem, stemOf(String(option)), related));
    if (near.length === 1) votes.add(near[0]!);
  }
  return votes.size === 1 ? [...votes][0] : undefined;
}

/**
 * Groups shared: related words, adjective clusters whose satellite the word is ("quick" of `fast`),
 * and a relational option's noun that the word is, or is directly a kind of ("countryside", a kind
 * of country, for `rural`).
 */
function closeness(option: string, word: Token): number {
  const lower = option.toLowerCase();
  const named = pertainsTo(lower).some((noun) => kindSteps(word.stem, stemOf(noun)) <= 1);
  return (
    relatedness(stemOf(option), word.stem) +
    satelliteOf(word.lower, lower) +
    (named ? 1 : 0) +
    (compoundOf(lower, word.lower) ? 1 : 0)
  );
}

/** The shortest word, and the shortest other part, of a compound option ("over" + "night"). */
const MIN_PART = 4;
const MIN_OTHER_PART = 3;
// Endings and beginnings that make another word of one root, not a compound: "documentary" is no
// "document" + another word, nor "rebuild" a "build".
const AFFIXES = new Set(
  'ary ery ory ing ness ment ial ical ous ive able ible ful less ist ism ity ion tion ation ish ize ise ify age ance ence ant ent dom hood ship ward wards est ism pre dis mis non sub anti'.split(
    ' ',
  ),
);

/**
 * True when the option is a word written together with another ("overnight", "daytime",
 * "seaside"): a word that is one of its two parts names what it is about ("night" for `overnight`).
 */
function compoundOf(option: string, word: string): boolean {
  if (word.length < MIN_PART || !/^\p{L}+$/u.test(option) || option.length < word.length + MIN_OTHER_PART) return false;
  const other = option.startsWith(word)
    ? option.slice(word.length)
    : option.endsWith(word)
      ? option.slice(0, -word.length)
      : undefined;
  return other !== undefined && !AFFIXES.has(other);
}

/**
 * Each word of the evidence votes for the option it is most closely related to (the most lexicon
 * groups shared: "big" is nearer `large` than `small`, which shares only the group of size with
 * it), when it is twice as close to it as to any other.
 */
function synonymVotes(options: (string | number)[], own: Set<string>, tokens: Token[]): Set<string | number> {
  const words = tokens.filter((t) => t.word && !t.stop && !own.has(t.stem) && !negatedAt(tokens, t.start));
  const single = options.filter((o) => nameWords(String(o)).length === 1);
  const votes = new Set<string | number>();
  for (const word of words) {
    const scored = single
      .map((option) => ({ option, score: closeness(String(option), word) }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score);
    // A word related to several options about as much is their quality ("size" to small and
    // large), not one of them: it votes only when twice as close to one.
    if (scored.length > 0 && scored[0]!.score >= 2 * (scored[1]?.score ?? 0)) votes.add(scored[0]!.option);
  }
  return votes;
}

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The words found for an option spell it, give or take an ending ("ships", "crossings",
 * "full time"), rather than merely share its stem: "documents" is not `documentary`, "built" not
 * `building` (another word of the same root, often another part of speech).
 */
function spellsOption(found: string, option: string): boolean {
  const [a, b] = [letters(found), letters(option)];
  let common = 0;
  while (common < Math.min(a.length, b.length) && a[common] === b[common]) common++;
  return common >= b.length - 2;
}
