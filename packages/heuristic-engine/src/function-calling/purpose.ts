// Whether a function is for what the question asks for. A question's values can fit a function that
// does something else ("the perimeter of a garden 4 m by 3 m" fits a function of height and weight),
// so the thing asked for, the noun after "calculate the", "what is the", "how many", must be named
// by the function's name or description, or be a word related to one there. Where the question
// does not start that way, nothing is judged here.
import { nameWords, stemMatch, stemOf, terms } from '@fnquery/text-tools';
import type { ToolDefinition } from '@fnquery/contracts';
import type { Question } from './question';
import { related } from '../lexicon/related';
import { isMostlyVerb } from '../lexicon/verbs';
import { isUnitWord } from '../values/units';
import { findCurrencies } from '../values/currencies';
import { slotHolds, toolShape, type Slot } from './slots';
import { GENERIC } from './tool-choice';

// "Calculate the …", "What is the …", "How many …", "Find me a …": the asked-for thing follows.
const REQUEST =
  /^\s*(?:please\s+|can you\s+|could you\s+)?(?:(?:calculate|compute|determine|estimate)(?:\s+how\s+(?:much|many))?|what(?:'s|\s+is|\s+are|\s+was|\s+were|\s+will\s+be|\s+would\s+be)|how\s+(?:much|many))\s+(?:the\s+|a\s+|an\s+|is\s+|are\s+)?([a-z][a-z\s'’-]*)/i;
// Where the noun phrase ends: a preposition, an article, a verb of the clause, or a relative word.
const PHRASE_END =
  /\s(?:of|for|in|at|on|to|from|with|given|between|that|which|who|whose|where|about|called|named|if|when|by|after|before|under|over|within|near|are|is|was|were|has|have|had|ago|does|do|did|would|will|can|should|like|today|tomorrow|tonight|now|currently|here|a|an|the|there|i|we|you|it|my|our|his|her|its|their|and|or)\b/i;

// Words that measure the thing named before them ("salt level", "herd size"): the head is that thing.
const MEASURES = new Set(
  'level size amount number value rate total count degree percentage share figure'.split(' ').map(stemOf),
);

// A question that starts with the thing it asks for: "Perimeter of a circle of radius 3", "The
// boiling point of …". Quantifiers ("all of", "one of", "list of") name no thing.
const NAMED_FIRST = /^\s*(?:the\s+)?([a-z][a-z'’-]*(?:\s+[a-z][a-z'’-]*)?)\s+of\s/i;
const QUANTIFIERS = new Set(
  'all one some most each both any none many few several list lots lot part half rest set kind type sort'.split(' '),
);
function namedFirst(text: string): RegExpExecArray | null {
  const match = NAMED_FIRST.exec(text);
  const words = match?.[1]!.toLowerCase().split(/\s+/) ?? [];
  return match && !words.some((w) => QUANTIFIERS.has(w)) ? match : null;
}

/** The head of a noun phrase: its last word before a preposition, an article or a clause, past any measure word. */
function headOf(phrase: string): string | undefined {
  const words = phrase
    .split(PHRASE_END)[0]!
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 2)
    .map((w) => w.toLowerCase().replace(/['’]s?$/, ''));
  while (words.length > 1 && MEASURES.has(stemOf(words.at(-1)!))) words.pop();
  return words.at(-1);
}

// What any function returns: "the details of …" asks for the thing after "of", not for details.
const ANY_FUNCTION_RETURNS = new Set('detail details information info data'.split(' ').map(stemOf));

// A request put as an imperative ("Find the …", "Predict the …", "Show me a …", "Can you list the …"):
// the object of its verb is the thing asked for, as much as after "what is the".
const IMPERATIVE =
  /^\s*(?:please\s+)?(?:(?:can|could|would|will)\s+(?:you|i|we)\s+(?:please\s+)?)?([a-z]+)\s+(?:me\s+|us\s+)?(?:the|an?)\s+([a-z][a-z\s'’-]*)/i;
function imperative(text: string): { verb: string; object: string } | undefined {
  const match = IMPERATIVE.exec(text);
  if (!match || !isMostlyVerb(match[1]!)) return undefined;
  // The object ends where a quoted value or a name starts ("the sequence 'ACGT'", "the stocks Apple, …").
  return { verb: match[1]!.toLowerCase(), object: match[2]!.split(/\s['’"]|(?<=\p{Ll})\s+(?=\p{Lu})/u)[0]! };
}

/**
 * The asked-for thing ("the nearest prime to 40" → "prime", "the salt level" → "salt"),
 * when the question starts with a request for one. A measure of something ("the rate of return",
 * "the number of moons") asks for that thing.
 */
export function askedForHead(question: Question): string | undefined {
  const asked = REQUEST.exec(question.text)?.[1] ?? imperative(question.text)?.object ?? namedFirst(question.text)?.[1];
  if (asked === undefined) return undefined;
  // A leading space lets a phrase that starts with its clause's verb ("how much will I …") end at once.
  const phrase = ` ${asked}`;
  let head = headOf(phrase);
  const measured = /^\s+of\s+(?:the\s+|an?\s+)?([a-z].*)$/i.exec(phrase.slice(phrase.split(PHRASE_END)[0]!.length));
  if (head !== undefined && MEASURES.has(stemOf(head)) && measured) head = headOf(` ${measured[1]!}`);
  // A unit or a currency ("how many years", "the GBP value of 60 EUR"), or a word every function
  // could return ("the details of …"), names no thing either.
  return head === undefined ||
    MEASURES.has(stemOf(head)) ||
    ANY_FUNCTION_RETURNS.has(stemOf(head)) ||
    isUnitWord(head) ||
    findCurrencies(head).length > 0
    ? undefined
    : head;
}

/** One word names the other: the same stem, or one a clipped form of the other ("info", "information"). */
const names = (own: string, asked: string) =>
  stemMatch(own, asked) >= 0.8 ||
  related(own, asked) ||
  (Math.min(own.length, asked.length) >= 4 && (own.startsWith(asked) || asked.startsWith(own)));

/** The words of the string options the function's properties offer. */
function optionWords(tool: ToolDefinition): string[] {
  const properties = Object.values(tool.parameters?.properties ?? {});
  return properties.flatMap((p) =>
    Array.isArray(p.enum)
      ? p.enum.flatMap((o: unknown) => (typeof o === 'string' ? nameWords(o).map(stemOf) : []))
      : [],
  );
}

/** The question asks for a thing the function's name, description and options never name. */
export function asksForSomethingElse(tool: ToolDefinition, question: Question): boolean {
  const head = askedForHead(question);
  if (!head) return false;
  const stem = stemOf(head);
  // The options a property offers ("atomic_mass", "melting_point") are things the function returns.
  const own = [...nameWords(tool.name).map(stemOf), ...terms(tool.description), ...optionWords(tool)];
  // A request whose own verb the function names ("Paint a fence" to a paint calculator) is for that
  // action, and its object is what the action is done to; a verb any request uses ("find") is not,
  // nor a verb only related to the function's words ("predict" to a forecast of another thing).
  const verb = imperative(question.text)?.verb;
  const action = verb !== undefined && !GENERIC.has(stemOf(verb)) && own.some((s) => stemMatch(s, stemOf(verb)) >= 0.8);
  return !action && !own.some((s) => names(s, stem));
}

// Words of a property's name that take a part of a date ("year", "month") or a span of them.
const DATE_PARTS = new Set('date day month year time period season week since until start end'.split(' ').map(stemOf));

/**
 * The question names a calendar day (a month with its day or year: "on 3 March", "in May 2021") and the
 * function has no property for any part of a date: it answers for now, not for the day asked about
 * ("the rate on 3 March 2021" to a function of the latest rate).
 */
export function dayNotTaken(tool: ToolDefinition, question: Question): boolean {
  const day = question.candidates.some(
    (c) => c.kind === 'date' && c.date.month !== undefined && (c.date.day !== undefined || c.date.year !== undefined),
  );
  return day && !toolShape(tool).slots.some((s) => slotHolds.date(s) || s.nameStems.some((n) => DATE_PARTS.has(n)));
}

// A question for a fact ("What is …?", "Is it …?", "How many …?"), not a request put as one ("Can
// you …?", "Could you please …?").
const FACT_QUESTION = /^\s*(?:what|who|which|when|where|why|how|is|are|was|were|does|do|did|will)\b/i;
// Days named relative to now: dates the date reader leaves to the function that takes one. "Today"
// and "tonight" are not among them: a function that takes no date answers for the present, so "What is
// the weather like today?" is its own question (asked back for the city), not one about another day.
const OTHER_DAY = /\b(?:tomorrow|yesterday)\b/i;
const REQUEST_AS_QUESTION = /^\s*(?:can|could|would|will)\s+(?:you|i|we)\b|^\s*please\b/i;

/**
 * A question for a fact that the function takes nothing from, and that writes a value of a kind the
 * function has no property for: a date to a function with no date ("… rain tomorrow?" to an alarm
 * clock), a name to one that takes no text ("… the usual tip in Japan?" to a bill splitter). It asks
 * about something else; asking the user for the function's values would answer a question they did
 * not ask. (With no value at all, "Is my flight delayed?", the question back stays.)
 */
export function factAboutOther(slots: Slot[], question: Question, readNothing: boolean): boolean {
  if (!readNothing || !FACT_QUESTION.test(question.text) || REQUEST_AS_QUESTION.test(question.text)) return false;
  const takesDates = slots.some((s) => slotHolds.date(s));
  const takesText = slots.some((s) => s.type === 'string' || s.type === 'array');
  const writesDay = question.candidates.some((c) => c.kind === 'date') || OTHER_DAY.test(question.text);
  return (
    (writesDay && !takesDates) ||
    question.candidates.some((c) => c.kind === 'text' && c.source === 'name' && !takesText)
  );
}

/**
 * A question for a fact the function's name and description never name ("How many calories does
 * running burn?" to a workout log), from which only lower-case words are read: those words are what
 * the fact is about, not values the user gives the function.
 */
export function factNotNamed(tool: ToolDefinition, question: Question, read: string[]): boolean {
  return (
    FACT_QUESTION.test(question.text) &&
    !REQUEST_AS_QUESTION.test(question.text) &&
    read.every((text) => /^[\p{Ll}\s'’-]+$/u.test(text)) &&
    asksForSomethingElse(tool, question)
  );
}

// A question for a person, a reason, a method or advice ("Who first …?", "Why do …?", "How do
// people …?", "Should I …?", "Is A better than B?"), not for what a function computes or looks up.
const PERSON_REASON_OR_ADVICE =
  /^\s*(?:who|why)\b|^\s*how\s+(?:do|does|did|can|could|should)\s+(?!i\b|you\b|we\b)|^\s*should\s+(?:i|we)\b|^\s*(?:is|are)\s+.+\s+(?:better|worse)\s+than\b/i;
// A function whose own words say it answers such a question.
const ANSWERS_THAT =
  /\b(?:who|whom|why|reasons?|explain\w*|advi[cs]e\w*|recommend\w*|suggest\w*|compare\w*|person|people|author|winner|inventor|founder)\b/i;

/**
 * A question for a person, a reason, a method or advice, from which only lower-case words are read
 * (or nothing): a function that computes or looks a value up does not answer it, and asking the user
 * for its values would answer a question they did not ask.
 */
export function asksPersonReasonOrAdvice(tool: ToolDefinition, question: Question, read: string[]): boolean {
  return (
    PERSON_REASON_OR_ADVICE.test(question.text) &&
    !ANSWERS_THAT.test(`${nameWords(tool.name).join(' ')} ${tool.description ?? ''}`) &&
    read.every((text) => /^[\p{Ll}\s'’-]+$/u.test(text))
  );
}
