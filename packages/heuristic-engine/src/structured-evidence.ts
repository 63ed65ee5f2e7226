// What a structured answer reads from evidence text when no result field holds a property, and the
// explicit "not known" of a required property with no evidence at all (structured-answer.ts).
import type { JsonSchema } from '@fnquery/contracts';
import { extractArguments } from './function-calling/arguments';
import { flagMentions } from './function-calling/candidates';
import { patternOf } from './function-calling/conversion';
import { readQuestion } from './function-calling/question';
import { slotType } from './function-calling/slots';
import { findNames, findOptions, isUnit } from './schema-values';
import { related, relatedness } from './lexicon/related';
import { kindSteps, nearKinds } from './lexicon/word-kinds';
import { splitSentences } from './rag-answer';
import { nameWords, stemMatch, stemOf, tokenize, type Token } from '@fnquery/text-tools';

/**
 * The one name both the question and the evidence write ("the ferry Aurora" asked about, "Aurora"
 * in the text): what a `name` or `title` property is. Undefined when none or several are.
 */
export function sharedSubject(question: string, evidence: string): string | undefined {
  const shared = [...new Set(findNames(question).map((n) => n.text))].filter((n) => evidence.includes(n));
  return shared.length === 1 ? shared[0] : undefined;
}

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** The schema's bounds on a value already of its type (numbers, strings, arrays, const). */
export function fitsBounds(schema: JsonSchema, value: unknown): boolean {
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) return false;
  if (typeof value === 'number') {
    const [min, max, xmin, xmax, step] = [
      num(schema.minimum),
      num(schema.maximum),
      num(schema.exclusiveMinimum),
      num(schema.exclusiveMaximum),
      num(schema.multipleOf),
    ];
    if ((min !== undefined && value < min) || (max !== undefined && value > max)) return false;
    if ((xmin !== undefined && value <= xmin) || (xmax !== undefined && value >= xmax)) return false;
    if (step !== undefined && step > 0 && !Number.isInteger(Number((value / step).toPrecision(12)))) return false;
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if ((num(schema.minLength) ?? 0) > length || length > (num(schema.maxLength) ?? Infinity)) return false;
    const pattern = patternOf(schema);
    if (pattern && !pattern.test(value)) return false;
  }
  if (
    Array.isArray(value) &&
    ((num(schema.minItems) ?? 0) > value.length || value.length > (num(schema.maxItems) ?? Infinity))
  )
    return false;
  return true;
}

/**
 * Values the evidence text states for an object schema's own properties, read the way a question
 * is read for a tool's arguments, but with every property optional: only values with evidence
 * (the property's name next to them, their unit, their format) are taken, none by position.
 */
export function statedValues(schema: JsonSchema, evidence: string): Record<string, unknown> {
  const properties = (
    typeof schema.properties === 'object' && schema.properties !== null ? schema.properties : {}
  ) as Record<string, JsonSchema>;
  const flat = Object.fromEntries(
    Object.entries(properties).filter(([, p]) => !['object', 'array'].includes(slotType(p))),
  );
  if (Object.keys(flat).length === 0 || !evidence.trim()) return {};
  const tool = { name: 'answer', description: '', parameters: { type: 'object', properties: flat, required: [] } };
  return extractArguments(tool, readQuestion(unhyphenateMeasures(evidence))).arguments;
}

/**
 * A measure written as one hyphenated word before its noun ("a 40-centimetre mirror", "a
 * 12-metre boat") as number and unit apart, the way a value is read ("40 centimetre"). Other
 * hyphens after a number ("the 2019-20 season", "a 3-D print") stay.
 */
export const unhyphenateMeasures = (text: string) =>
  text.replace(/(\d)-(\p{L}+)/gu, (all, digit: string, word: string) => (isUnit(word) ? `${digit} ${word}` : all));

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
  const described = tokenize([...members, ...describingWords(evidence)].join('. '));
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
export function whatItIs(evidence: string): string[] {
  const said = [...evidence.matchAll(/\b(?:is|was|are|were)\s+(?:an?|the)\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)/giu)];
  return [...said.map((m) => m[1]!), ...nounsBeforeNames(evidence)];
}

/** The common noun (with one word before it) right before a name: "the mountain hut Brekkestua". */
export const nounsBeforeNames = (evidence: string) =>
  [
    ...evidence.matchAll(/\b(?:[Tt]he|[Aa]n?|[Oo]ur|[Tt]his)\s+((?:\p{Ll}[\p{L}-]*\s+)?\p{Ll}[\p{L}-]*)\s+\p{Lu}/gu),
  ].map((m) => m[1]!);

/**
 * Words that describe a thing, for synonyms of an option: the noun phrase a sentence opens with
 * ("The vessel is long"), what a sentence says it is or looks like ("is painted crimson", "a big one"). Other words
 * of a passage are what it mentions, and a synonym among them is no evidence.
 */
function describingWords(evidence: string): string[] {
  // The noun phrase a sentence opens with: its subject, or what it says the subject is ("A big
  // boat for so short a crossing, it…").
  const subjects = evidence.matchAll(/(?:^|[.!?:]\s+)(?:The|A|An|This|Its|Our)\s+((?:\p{Ll}+\s+){0,1}\p{Ll}+)/gmu);
  const predicates = evidence.matchAll(
    /\b(?:is|was|are|were)\s+(?!not\b)(?:painted\s+|coloured\s+|colored\s+)?(\p{Ll}+)/gu,
  );
  const ones = evidence.matchAll(/\b(?:an?|the)\s+(\p{Ll}+)\s+one\b/giu);
  return [...subjects, ...predicates, ...ones].map((m) => m[1]!);
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
      .map((option) => ({ option, score: relatedness(stemOf(String(option)), word.stem) }))
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

/** A negation among the three words before the one starting at `start`, within its clause. */
function negatedAt(tokens: Token[], start: number): boolean {
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
 * Yes when the evidence states the property's content words, no when it negates them. A negation
 * anywhere in the sentence negates all of its words ("Photography is not allowed" says no to
 * `photography_allowed`); sentences that disagree say nothing.
 */
export function statedFlag(property: string, schema: JsonSchema, evidence: string): boolean | undefined {
  const stems = nameWords(property).map(stemOf);
  const sentences = splitSentences(evidence);
  const whole: boolean[] = [];
  const partial: boolean[] = [];
  for (const sentence of sentences.length > 0 ? sentences : [evidence]) {
    const tokens = tokenize(unprefixNegation(sentence, stems));
    const mentions = flagMentions(tokens, stems);
    if (mentions.length === 0) continue;
    // "Photography is not allowed": the negation may follow the words it negates.
    const negated = tokens.some((t) => NEGATION_WORDS.has(t.lower));
    const value = !negated && mentions.every((m) => m.value);
    // A sentence with all of the property's words speaks for it over one with some: "has 150
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

const allowsNull = (schema: JsonSchema) =>
  schema.type === 'null' ||
  (Array.isArray(schema.type) && schema.type.includes('null')) ||
  (Array.isArray(schema.enum) && schema.enum.includes(null)) ||
  (['anyOf', 'oneOf'] as const).some(
    (k) => Array.isArray(schema[k]) && (schema[k] as JsonSchema[]).some((b) => b?.type === 'null'),
  );

/**
 * A required property's value when nothing supports one: null where the schema allows it; else
 * its `default` or `const`; else an empty string, list or object where its bounds accept one (an
 * object gets its own required properties the same way). Numbers, booleans and enum options are
 * never invented: undefined, and the pipeline's validation names the property.
 */
export function unknownValue(
  schema: JsonSchema,
  emptyObject: (schema: JsonSchema) => Record<string, unknown>,
): unknown {
  if (allowsNull(schema)) return null;
  if (schema.default !== undefined) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return undefined;
  const type = slotType(schema);
  if (type === 'object') return emptyObject(schema);
  const empty = type === 'string' ? '' : type === 'array' ? [] : undefined;
  return empty !== undefined && fitsBounds(schema, empty) ? empty : undefined;
}
