// The values a question offers one property: what the question holds anyway (numbers, names,
// quotes…), plus what only this property's schema can see: the enum option named, yes/no words
// for a boolean, the words right next to the property's name ("chess openings", "colour to teal"),
// free `key: value` pairs for an open object, and as a last resort the question's words that the
// tool itself does not explain ("Who painted the mural?" → "mural").
import { SENTENCE_END, type Reading } from './reading';
import type { Candidate } from './question';
import { findOptions, REQUEST_WORDS } from '../schema-values';
import type { Slot } from './slots';
import { patternOf } from './conversion';
import { OBJECT_STARTS, stemMatch, stemOf, tokenize, type Token } from '@fnquery/text-tools';
import { MAX_PHRASE } from '../weights';

// Words of boolean property names that say what to do, not what about ("include_tax" → "tax").
const FLAG_VERBS = new Set(
  [
    'include',
    'is',
    'has',
    'have',
    'get',
    'show',
    'use',
    'return',
    'with',
    'want',
    'need',
    'enable',
    'allow',
    'should',
    'consider',
    'do',
    'add',
    'check',
    'apply',
    'only',
    'flag',
    'specific',
  ].map(stemOf),
);
const NEGATIONS = new Set([
  'no',
  'not',
  'without',
  'dont',
  'never',
  'exclude',
  'excluding',
  'except',
  'neither',
  'nor',
  'false',
  'disable',
  'ignore',
  'skip',
  'avoid',
  'avoiding',
]);
// "don't", "doesn't", "can't" arrive as word, apostrophe, "t".
// "Few" says hardly any ("few friends"); "a few" says some.
// "No" before a number ("Case No 512", "No. 7") abbreviates "number": it negates nothing.
const isNegation = (tokens: Token[], i: number) =>
  (NEGATIONS.has(tokens[i]!.lower) && !abbreviatesNumber(tokens, i)) ||
  (tokens[i]!.lower === 'few' && tokens[i - 1]?.lower !== 'a') ||
  (tokens[i]!.lower === 't' && /^['’]$/.test(tokens[i - 1]?.text ?? ''));
const abbreviatesNumber = (tokens: Token[], i: number) =>
  tokens[i]!.lower === 'no' && /^\d/.test((tokens[i + 1]?.text === '.' ? tokens[i + 2] : tokens[i + 1])?.text ?? '');
const PHRASE_GLUE = new Set([
  'of',
  'is',
  'as',
  'to',
  'the',
  'a',
  'an',
  'called',
  'named',
  'titled',
  ':',
  '=',
  'for',
  'with',
]);

export interface ToolReading {
  reading: Reading;
  slots: Slot[];
  /** Stems of the tool's name and description and of its properties' names. */
  vocabulary: string[];
  /** The question's values, minus names made only of the tool's own words ("VAT", "Value Added Tax"). */
  shared: Candidate[];
  leftovers: Candidate[];
}

const ARTICLES = new Set(['the', 'a', 'an']);
const inVocabulary = (vocabulary: string[], stem: string) => vocabulary.some((v) => stemMatch(v, stem) >= 0.8);

export function prepareTool(reading: Reading, slots: Slot[], vocabulary: string[]): ToolReading {
  const { tokens, text } = reading.question;
  const own = (t: Token) => t.stop || inVocabulary(vocabulary, t.stem) || REQUEST_WORDS.has(t.lower);
  const words = (c: Candidate) => tokens.filter((t) => t.word && t.start >= c.start && t.end <= c.end);
  const span = (from: Token, to: Token) => ({ start: from.start, end: to.end, text: text.slice(from.start, to.end) });

  /** "by wall height and roof pitch values": the items are what lies between the tool's words. */
  const phraseList = (list: Extract<Candidate, { kind: 'enumeration' }>): Candidate[] => {
    // A capitalised request word inside a list starts no sentence, so it is no request either: it
    // opens an item written as a title ("Draft agenda and Book venue").
    const request = (t: Token) =>
      own(t) && (t.stop || inVocabulary(vocabulary, t.stem) || !/^\p{Lu}/u.test(t.text) || startsSentence(t));
    const members = list.members.flatMap((m, i): Candidate[] => {
      const inside = words(m);
      const last = inside.findLastIndex((t) => !request(t));
      if (last < 0) return [];
      // The first item starts after the last word of the request before it ("FreshCo deliver
      // bananas, oat milk and rice": bananas); a later item starts at its first word of its own.
      const lastOwn = i === 0 ? inside.slice(0, last).findLastIndex(request) : -1;
      const first = lastOwn >= 0 ? lastOwn + 1 : inside.findIndex((t) => !request(t));
      return [{ kind: 'text', source: 'phrase', ...span(inside[first]!, inside[last]!) }];
    });
    // The list spans its items as read: the words cut from its first item are free for other values.
    return members.length === list.members.length ? [{ ...list, start: members[0]!.start, members }] : [];
  };

  /**
   * Names made only of the tool's words ("VAT") are not values; a leading tool word before a full
   * name is a title ("Pilot Mara Quist" for a pilot lookup). A single word after it is more
   * likely part of the name ("Cafe Orbit"), and a joined name is one name ("Hall of Old Maps").
   */
  const name = (c: Extract<Candidate, { kind: 'text' }>): Candidate[] => {
    const inside = words(c);
    const first = inside.findIndex((t) => !own(t));
    if (first < 0) return [];
    // A request's first word, capitalised for starting the sentence, is no part of the name after
    // it ("Have FreshCo deliver…", "Can Acme ship…"); an article is ("The Hague").
    if (first === 1 && startsSentence(inside[0]!) && inside[0]!.stop && !ARTICLES.has(inside[0]!.lower))
      return [{ kind: 'text', source: 'name', ...span(inside[1]!, inside.at(-1)!) }];
    // The thing asked for, capitalised for starting the sentence, then "of" ("Population of Boise,
    // ID" to a population lookup): the tool's own words are the request, the name follows "of".
    const askedThenOf =
      first >= 2 &&
      startsSentence(inside[0]!) &&
      inside[first - 1]!.lower === 'of' &&
      inside.slice(0, first - 1).every((t) => !t.stop && inVocabulary(vocabulary, t.stem));
    if (askedThenOf) return [{ kind: 'text', source: 'name', ...span(inside[first]!, inside.at(-1)!) }];
    if (
      first === 0 ||
      inside.length - first < 2 ||
      !/^\p{Lu}/u.test(inside[first]!.text) ||
      inside.slice(0, first).some((t) => t.stop)
    )
      return [c];
    return [{ kind: 'text', source: 'name', ...span(inside[first]!, inside.at(-1)!) }];
  };

  const startsSentence = (t: Token) => {
    const at = tokens.indexOf(t);
    return at === 0 || SENTENCE_END.has(tokens[at - 1]!.text);
  };

  /**
   * A name after "called", "named", "titled" runs on over the lower-case words that follow it up to a
   * function word, a number or punctuation: "a meeting called Budget review on …" is "Budget review".
   */
  const titled = (c: Extract<Candidate, { kind: 'text' }>): Extract<Candidate, { kind: 'text' }> => {
    if (!/\b(?:called|named|titled|entitled)\s+$/i.test(text.slice(0, c.start))) return c;
    let at = tokens.findIndex((t) => t.start >= c.end);
    let end = c.end;
    while (
      at >= 0 &&
      at < tokens.length &&
      tokens[at]!.word &&
      !tokens[at]!.stop &&
      !/^\d/.test(tokens[at]!.text) &&
      /^\s$/.test(text.slice(end, tokens[at]!.start))
    ) {
      end = tokens[at]!.end;
      at++;
    }
    return end === c.end ? c : { ...c, end, text: text.slice(c.start, end) };
  };

  const shared = reading.question.candidates.flatMap((c): Candidate[] => {
    if (c.kind === 'enumeration' && c.members.every((m) => m.kind === 'text' && m.source === 'phrase'))
      return phraseList(c);
    return c.kind === 'text' && c.source === 'name' ? name(titled(c)) : [c];
  });
  // The unit written with a number ("3 months", "100g") belongs to that number, and a unit asked for
  // ("in miles") is read as such (conversion.ts): neither is a left-over value of its own.
  const askedUnits = reading.question.candidates.filter((c) => c.kind === 'text' && c.source === 'unit');
  const leftovers = leftoverWords(tokens, vocabulary).filter((c) => {
    const single = reading.tokenAt[c.start] === reading.tokenAt[c.end - 1];
    const unitOfNumber = single && reading.unitTokens.has(reading.tokenAt[c.start]!);
    return !unitOfNumber && !askedUnits.some((u) => u.start <= c.start && u.end >= c.end);
  });
  return { reading, slots, vocabulary, shared, leftovers };
}

export function slotCandidates(tool: ToolReading, slot: Slot): Candidate[] {
  const { tokens } = tool.reading.question;
  const own: Candidate[] = [];
  const items =
    slot.type === 'array' && typeof slot.schema.items === 'object'
      ? (slot.schema.items as Record<string, unknown>)
      : undefined;
  // Enum options, or else the description's examples: values the question can name outright.
  const options = Array.isArray(slot.schema.enum)
    ? slot.schema.enum
    : Array.isArray(items?.enum)
      ? items.enum
      : slot.examples;
  const found = findOptions(
    tokens,
    options.filter((o): o is string | number => typeof o === 'string' || typeof o === 'number'),
  );
  // An example named as part of a qualified name ("Dayton" of "Dayton, Ohio") is no option: the whole is the value.
  const fromExamples = options === slot.examples;
  const insideName = (f: { start: number; end: number }) =>
    tool.shared.some(
      (c) =>
        c.kind === 'text' &&
        c.parts !== undefined &&
        c.start <= f.start &&
        c.end >= f.end &&
        c.end - c.start > f.end - f.start,
    );
  const named = found
    .filter((f) => !fromExamples || !insideName(f))
    .map((f): Candidate => ({ kind: 'option', start: f.start, end: f.end, value: f.option }));
  if (items && named.length > 1)
    own.push({ kind: 'enumeration', start: named[0]!.start, end: named.at(-1)!.end, members: named });
  own.push(...named);
  if (slot.type === 'boolean') own.push(...flags(tool, slot));
  if (slot.type === 'string' || (items && items.type === 'string')) own.push(...phrases(tool, slot));
  if (slot.type === 'string') own.push(...patternTokens(tool.reading.question.text, slot));
  if (slot.type === 'object') {
    const pairs = freePairs(tool);
    if (pairs) own.push(pairs);
  }
  if (slot.required && (slot.type === 'string' || slot.type === 'any')) own.push(...tool.leftovers);
  return [...tool.shared, ...own];
}

/**
 * For a string with a `pattern`: each written token (between spaces, trailing punctuation off) that
 * has a character other than letters and that the pattern accepts, as written: "+4915112345678"
 * for a phone pattern, where the number reader sees 4915112345678.
 */
function patternTokens(text: string, slot: Slot): Candidate[] {
  const pattern = patternOf(slot.schema);
  if (!pattern) return [];
  const out: Candidate[] = [];
  for (const m of text.matchAll(/[^\s"'‘’“”()]+/gu)) {
    const token = m[0].replace(/[.,;:!?]+$/, '');
    // Plain words are read elsewhere; a pattern alone ("[a-z]{3,16}") would take any of them.
    if (token && /[^\p{L}]/u.test(token) && pattern.test(token))
      out.push({ kind: 'text', start: m.index, end: m.index + token.length, text: token, source: 'identifier' });
  }
  return out;
}

function flags(tool: ToolReading, slot: Slot): Candidate[] {
  const { tokens } = tool.reading.question;
  return [...flagMentions(tokens, slot.nameStems), ...describedFlags(tokens, slot)].map((f): Candidate => ({
    kind: 'flag',
    ...f,
  }));
}

/**
 * A boolean whose description names a thing in two words or more ("held as a video call") is set
 * where the question writes those words together ("a video call named …"), negated as above.
 */
function describedFlags(tokens: Token[], slot: Slot): { start: number; end: number; value: boolean }[] {
  // A negative flag ("skip_weekends", "Avoid ferries") reads the other way: left to flagMentions.
  const all = slot.description ? tokenize(slot.description) : [];
  if (all.some((t) => NEGATIONS.has(t.lower)) || slot.nameStems.some((s) => NEGATIONS.has(s))) return [];
  const described = all.filter((t) => t.word && !t.stop);
  const words = tokens.map((t, i) => ({ t, i })).filter(({ t }) => t.word && !t.stop);
  const out: { start: number; end: number; value: boolean }[] = [];
  for (let d = 0; d + 1 < described.length; d++) {
    if (described[d + 1]!.start - described[d]!.end > 1) continue;
    for (let w = 0; w + 1 < words.length; w++) {
      const [a, b] = [words[w]!, words[w + 1]!];
      if (b.i !== a.i + 1 || a.t.stem !== described[d]!.stem || b.t.stem !== described[d + 1]!.stem) continue;
      const negated = [a.i - 3, a.i - 2, a.i - 1].some((k) => k >= 0 && isNegation(tokens, k));
      out.push({ start: a.t.start, end: b.t.end, value: !negated });
    }
  }
  return out;
}

/**
 * Yes or no for a boolean named by `nameStems`, wherever its content words occur ("include_tax" →
 * "tax"): no when a negation comes just before or "false"/"no" just after, unless the name itself
 * is negative ("exclude_x").
 */
export function flagMentions(tokens: Token[], nameStems: string[]): { start: number; end: number; value: boolean }[] {
  const content = nameStems.filter((s) => !FLAG_VERBS.has(s) && s.length > 1);
  const stems = content.length > 0 ? content : nameStems;
  const out: { start: number; end: number; value: boolean }[] = [];
  tokens.forEach((t, i) => {
    // A clipped name ("info") flags its full word ("information") too.
    if (!t.word || t.stop || !stems.some((s) => stemMatch(s, t.stem) >= 0.6)) return;
    const before = [i - 4, i - 3, i - 2, i - 1].filter((k) => k >= 0 && isNegation(tokens, k));
    const after = tokens.slice(i + 1, i + 3).some((n) => n.lower === 'false' || n.lower === 'no');
    const negated = (before.length > 0 || after) && !nameStems.some((s) => NEGATIONS.has(s));
    out.push({ start: t.start, end: t.end, value: !negated });
  });
  return out;
}

const isContentWord = (t: Token | undefined, vocabulary: string[]) =>
  t !== undefined &&
  t.word &&
  !t.stop &&
  !/^\d/.test(t.text) &&
  !REQUEST_WORDS.has(t.lower) &&
  !inVocabulary(vocabulary, t.stem);
// Capitalised words are already names; phrases add the lower-case values ("pine shelves").
const isPhraseWord = (t: Token | undefined, vocabulary: string[]) =>
  isContentWord(t, vocabulary) && !/^\p{Lu}/u.test(t!.text);

/** Words right after the property's name ("colour to teal") or right before it ("pine shelves"). */
function phrases(tool: ToolReading, slot: Slot): Candidate[] {
  const { tokens, text } = tool.reading.question;
  const out: Candidate[] = [];
  const push = (from: number, to: number) => {
    if (to < from) return;
    const start = tokens[from]!.start;
    const end = tokens[to]!.end;
    out.push({ kind: 'text', start, end, text: text.slice(start, end), source: 'phrase' });
  };
  const cueTokens = new Set((tool.reading.cues.get(slot) ?? []).filter((c) => !c.described).map((c) => c.token));
  for (const i of cueTokens) {
    let j = i + 1;
    while (j < tokens.length && (PHRASE_GLUE.has(tokens[j]!.lower) || cueTokens.has(j))) j++;
    let end = j - 1;
    while (
      end + 1 < tokens.length &&
      end + 1 - j < MAX_PHRASE &&
      isPhraseWord(tokens[end + 1], tool.vocabulary) &&
      !cueTokens.has(end + 1)
    )
      end++;
    push(j, end);
    let k = i - 1;
    while (k >= 0 && i - k <= 2 && isPhraseWord(tokens[k], tool.vocabulary) && !cueTokens.has(k)) k--;
    push(k + 1, i - 1);
  }
  return out;
}

/** `key: value` pairs whose keys are not properties of the tool: the content of an open object. */
function freePairs(tool: ToolReading): Candidate | undefined {
  const names = new Set(tool.slots.map((s) => s.name.toLowerCase()));
  const { keyValues, text } = tool.reading.question;
  const free = keyValues.filter((kv) => !names.has(kv.key.toLowerCase()));
  if (free.length === 0) return undefined;
  const pairs = Object.fromEntries(
    free.map((kv) => [kv.key, /^-?\d+(?:\.\d+)?$/.test(kv.value) ? Number(kv.value) : kv.value]),
  );
  const last = free.at(-1)!;
  const end = text.indexOf(last.value, last.valueStart) + last.value.length;
  return { kind: 'pairs', start: free[0]!.keyStart, end: Math.max(end, last.valueStart + 1), pairs };
}

/**
 * The question's words that neither ask nor repeat the tool's own words: each run of them, and each
 * word of a longer run ("a tall red kite" gives "tall red", "tall" and "red").
 */
function leftoverWords(tokens: Token[], vocabulary: string[]): Candidate[] {
  const out: Candidate[] = [];
  const push = (from: number, to: number) => {
    const text = tokens
      .slice(from, to + 1)
      .map((t, k, all) => (k > 0 && all[k - 1]!.end === t.start ? t.text : ` ${t.text}`))
      .join('')
      .trim();
    out.push({ kind: 'text', start: tokens[from]!.start, end: tokens[to]!.end, text, source: 'leftover' });
  };
  const adjacent = (a: number, b: number) => tokens[b]!.start - tokens[a]!.end <= 1;
  const glued = (a: number, b: number) => tokens[b] !== undefined && tokens[b]!.start === tokens[a]!.end;
  // A sentence's first word before "the", "me"… is the request's verb ("Turn the thermostat up").
  const verbAt = (i: number) =>
    (i === 0 || SENTENCE_END.has(tokens[i - 1]!.text)) && OBJECT_STARTS.has(tokens[i + 1]?.lower ?? '');
  for (let i = 0; i < tokens.length; i++) {
    if (!isContentWord(tokens[i], vocabulary) || verbAt(i)) continue;
    let j = i;
    for (;;) {
      if (isContentWord(tokens[j + 1], vocabulary) && adjacent(j, j + 1)) j++;
      // "two-tone", "sugar-free": one word.
      else if (tokens[j + 1]?.text === '-' && glued(j, j + 1) && glued(j + 1, j + 2) && tokens[j + 2]!.word) j += 2;
      // "law of gravity": words joined by "of" or "of the" stay one value.
      else if (tokens[j + 1]?.lower === 'of' && isContentWord(tokens[j + 2], vocabulary)) j += 2;
      else if (
        tokens[j + 1]?.lower === 'of' &&
        tokens[j + 2]?.lower === 'the' &&
        isContentWord(tokens[j + 3], vocabulary)
      )
        j += 3;
      else break;
    }
    push(i, j);
    if (j > i) for (let k = i; k <= j; k++) if (isContentWord(tokens[k], vocabulary)) push(k, k);
    i = j;
  }
  return out;
}
