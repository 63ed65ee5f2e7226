// Text values a question can carry: quoted strings, e-mail addresses, URIs and file paths,
// identifiers ("xk4471902", "Q2207", "raw_rows", "2031-2032"), capitalised names ("Port Elm",
// "Bay of Kells", "Dover, DE") and explicit `name=value` / `name: value` pairs.
import { OBJECT_STARTS, terms } from '@fnquery/text-tools';
import { isMostlyVerb } from '../lexicon/verbs';

export interface TextMention {
  start: number;
  end: number;
  /** The value, without surrounding quotes. */
  text: string;
}

export interface NameMention extends TextMention {
  /** "Dover, DE": a name followed by a comma and a short qualifying name (state, country). */
  parts?: [TextMention, TextMention];
}

export interface KeyValueMention {
  key: string;
  keyStart: number;
  /** Where the value starts: callers match it against the values they found there. */
  valueStart: number;
  /** The raw value text up to the next separator, quotes removed. */
  value: string;
}

const CLOSING: Record<string, string> = { "'": "'", '"': '"', '`': '`', '‘': '’', '“': '”' };
const OPENS_AFTER = /[\s([{:=,]/;
const CLOSES_BEFORE = /[\s.,;:!?)\]}]/;

// Words that introduce what a message says, without quotes: "saying I am late", "that reads …",
// "with the message …", or a colon after a word ("a ticket: the login fails").
const SAID =
  /(?:\b(?:saying|that says|which says|that reads|reading|with the (?:message|text|note|words))\s+|(?<=\p{L}):\s+)(\S[^\n]*?)(?=[.!?]\s|[.!?]*\s*$)/giu;

/** Text a question says a message holds, without quotes: from its cue to the end of the sentence. */
export function findSaid(text: string): TextMention[] {
  return [...text.matchAll(SAID)].map((m) => {
    const start = m.index + m[0].length - m[1]!.length;
    return { start, end: start + m[1]!.length, text: m[1]! };
  });
}

/** Quoted strings; a quote around (nearly) the whole text is the question itself, not a value. */
export function findQuoted(text: string): TextMention[] {
  const out: TextMention[] = [];
  for (let i = 0; i < text.length; i++) {
    const close = CLOSING[text[i]!];
    if (!close || (i > 0 && !OPENS_AFTER.test(text[i - 1]!))) continue;
    for (let j = i + 2; j < text.length; j++) {
      if (text[j] === '\n') break;
      if (text[j] !== close || (j + 1 < text.length && !CLOSES_BEFORE.test(text[j + 1]!)) || /\s/.test(text[j - 1]!))
        continue;
      if (j - i + 1 < text.trim().length * 0.8) out.push({ start: i, end: j + 1, text: text.slice(i + 1, j) });
      i = j;
      break;
    }
  }
  return out;
}

const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

function matches(text: string, pattern: RegExp): TextMention[] {
  return [...text.matchAll(pattern)].map((m) => {
    const value = m[0].replace(TRAILING_PUNCTUATION, '');
    return { start: m.index, end: m.index + value.length, text: value };
  });
}

export const findEmails = (text: string) => matches(text, /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu);

/** URIs with a scheme, file paths ("C:/data/x.csv", "~/data/a.nii", "./a") and bare domains. */
export const findUris = (text: string) =>
  matches(
    text,
    /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>]+|(?<![\w/])(?:[A-Za-z]:[\\/]|~\/|\.{1,2}\/|\/(?=\w+\/))[^\s'"<>]+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|edu|gov|dev|ai)\b/giu,
  );

const CHUNK = /[^\s'"“”‘’`,;()[\]{}<>]+/gu;
const NUMBER_WITH_UNIT = /^[-−]?[$€£¥]?\d[\d,]*(?:\.\d+)?(?:e[-+]?\d+)?(?:[\p{L}µ°%/²³^]{0,6}\d?)$/iu;

/**
 * Codes and names a person types exactly: letters mixed with digits ("XR77", "2031/QB4410"),
 * snake_case or CamelCase words, and digit ranges ("2031-2032", "25x35"). Not numbers with units.
 */
export function findIdentifiers(text: string): TextMention[] {
  const out: TextMention[] = [];
  for (const m of text.matchAll(CHUNK)) {
    const value = m[0].replace(/[.:!?]+$/, '');
    const mixed = /\p{L}/u.test(value) && /\d/.test(value) && !NUMBER_WITH_UNIT.test(value);
    const snake = /^[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)+$/u.test(value);
    const camel = /^\p{L}+$/u.test(value) && /\p{Ll}\p{Lu}/u.test(value);
    const range = /^\d+[-x]\d+$/.test(value);
    // Not "a=1" (a pair), not an address or a URI.
    if ((mixed || snake || camel || range) && !/[@=]/.test(value) && !/^[\p{L}]+:\/\//u.test(value)) {
      out.push({ start: m.index, end: m.index + value.length, text: value });
    }
  }
  return out;
}

/** Words that start a request or question: capitalised only because they come first, never values. */
export const REQUEST_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the i what whats who whom whose which when where why how is are was were do does did can could would will ' +
    'should shall may might please let lets tell give show find get calculate compute estimate determine identify ' +
    'retrieve fetch search look list book order create generate make predict check convert send play update run ' +
    'perform plot draw sort analyze analyse locate buy compose mix change help provide compare solve evaluate ' +
    "measure count return set add remove delete explain describe suggest recommend need want i'm im hi hello " +
    'also then and but so if given using say greet write translate summarize summarise read call email notify ' +
    'schedule remind message ask ' +
    // Courtesy that opens or closes a message ("Thanks.", "Cheers", "Good morning.", "Sorry!"):
    // a sentence of its own, capitalised for its place, that names nothing.
    'thanks thank thx ty cheers hey hiya good morning afternoon evening sorry ok okay appreciated regards'
  ).split(' '),
);
// "v." and "vs." join the two parties of a case or a match ("Hale v. Orton Mills") into one name.
const NAME_JOINERS = new Set([
  'of',
  'the',
  'de',
  'la',
  'le',
  'du',
  'del',
  'da',
  'von',
  'van',
  'der',
  'y',
  '&',
  'v.',
  'vs.',
  'v',
  'vs',
]);
const ABBREVIATIONS = new Set([
  'inc',
  'ltd',
  'co',
  'corp',
  'bros',
  'jr',
  'sr',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'mt',
  'vs',
  'v',
]);
const WORDLIKE = /[\p{L}\p{N}][\p{L}\p{N}'’&+#.-]*|&/gu;
const VERB_OBJECTS: ReadonlySet<string> = new Set([...OBJECT_STARTS, 'its', 'it', 'them']);

const isAbbreviation = (word: string) =>
  /\.\p{L}/u.test(word) || ABBREVIATIONS.has(word.replace(/\.+$/, '').toLowerCase());

interface Word {
  text: string;
  start: number;
  end: number;
  sentenceStart: boolean;
}

// Function words that open the noun phrase a possessive owns ("Ada's latest album", "Ada's own
// words"), unlike a preposition that ends the phrase ("Luigi's for six").
const OPENS_NOUN =
  /^(?:most|least|best|worst|latest|newest|first|last|next|own|other|top|new|recent|few|many|more|all|every|each)$/i;

function words(text: string): Word[] {
  const out: Word[] = [];
  let previousEnd = 0;
  for (const m of text.matchAll(WORDLIKE)) {
    // A possessive before a noun names its owner ("Ada's birthday" → Ada); one that ends the phrase
    // names a place or business ("a table at Luigi's for six"), and one before another capitalised
    // word is inside a name ("Mom's Birthday"): those keep their "'s".
    const after = /^\s*([\p{L}]+)?/u.exec(text.slice(m.index + m[0].length))![1];
    const keepsPossessive =
      after === undefined || (terms(after).length === 0 && !OPENS_NOUN.test(after)) || /^\p{Lu}/u.test(after);
    let value = keepsPossessive && /^\p{Lu}/u.test(m[0]) ? m[0] : m[0].replace(/['’]s$/, '');
    // Keep the dot of "U.K." and "Ltd.", not a full stop.
    if (value.endsWith('.') && !isAbbreviation(value)) value = value.replace(/\.+$/, '');
    value = value.replace(/[-']+$/, '');
    const gap = text.slice(previousEnd, m.index).trim();
    const previous = out.at(-1);
    // After an abbreviation a capitalised verb before its object starts a sentence ("… F.C. Include its …").
    const verbAfterAbbreviation = VERB_OBJECTS.has(after?.toLowerCase() ?? '');
    const fullStop =
      gap === '' &&
      previous !== undefined &&
      previous.text.endsWith('.') &&
      (!isAbbreviation(previous.text) || verbAfterAbbreviation);
    const sentenceStart = !previous || /[.!?:]$/.test(gap) || /(?:^|[.!?:\s])['"“‘]$/.test(gap) || fullStop;
    out.push({ text: value, start: m.index, end: m.index + value.length, sentenceStart });
    previousEnd = m.index + m[0].length;
  }
  return out;
}

// A sentence's first word is capitalised for its place, not as a name, when it is a request word,
// a verb's -ing form ("Leaving Oslo…"), a word mostly used as a verb ("Keep Pump 4 running": the
// request's verb, not the name's first word), or a verb before its object ("Turn the thermostat…",
// "Text me…"): a name is not followed by "the" or "me".
const startsSentenceOnly = (w: Word, next: Word | undefined) =>
  w.sentenceStart &&
  (REQUEST_WORDS.has(w.text.toLowerCase().replace(/['’]/g, '')) ||
    /^\p{Lu}\p{Ll}{2,}ing$/u.test(w.text) ||
    isMostlyVerb(w.text) ||
    (next !== undefined && OBJECT_STARTS.has(next.text)));
const isCapitalised = (w: Word, next?: Word) =>
  /^[\p{Lu}]/u.test(w.text) && w.text !== 'I' && !startsSentenceOnly(w, next);
const isNumeral = (w: Word) => /^\d+$/.test(w.text);

/** Runs of capitalised words ("Port Elm", "Bay of Kells", "Model 7"), with "City, State" pairs. */
export function findNames(text: string): NameMention[] {
  const list = words(text);
  const names: NameMention[] = [];
  for (let i = 0; i < list.length; i++) {
    if (!isCapitalised(list[i]!, list[i + 1])) continue;
    let j = i;
    while (j + 1 < list.length) {
      const next = list[j + 1]!;
      const gapOk = text.slice(list[j]!.end, next.start).trim() === '';
      if (!gapOk) break;
      if (isCapitalised(next) && !next.sentenceStart) j++;
      else if (
        NAME_JOINERS.has(next.text.toLowerCase()) &&
        list[j + 2] &&
        isCapitalised(list[j + 2]!) &&
        text.slice(next.end, list[j + 2]!.start).trim() === ''
      )
        j += 2;
      // "Model 7", "Route 66 and …": a number ends a name when nothing but punctuation or "and" follows;
      // a comma or a dot before more digits ("1,250", "3.5") goes on with the number, not the name.
      else if (
        isNumeral(next) &&
        next.text.length <= 4 &&
        /^(?:[.,](?!\d)|[;!?)]|\s+(?:and|or)\b|\s*$)/u.test(text.slice(next.end))
      )
        j++;
      else break;
    }
    const start = list[i]!.start;
    const end = list[j]!.end;
    names.push({ start, end, text: text.slice(start, end) });
    i = j;
  }
  return withQualifiers(text, names);
}

/** "Dover, DE" and "Lyon, France": the pair as one name, remembering both parts. */
function withQualifiers(text: string, names: NameMention[]): NameMention[] {
  const out: NameMention[] = [];
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const next = names[i + 1];
    const qualifier = next && /^\s*,\s*$/.test(text.slice(name.end, next.start)) && next.text.split(/\s+/).length <= 2;
    // A third name after the pair ("A, B, C") makes a list, not a place with its region, unless
    // the second is an abbreviation ("Dover, DE, and Salem, OR").
    const abbreviation = next !== undefined && /^(?:\p{Lu}\.?){2,4}$/u.test(next.text);
    const listContinues =
      qualifier && names[i + 2] && /^\s*(?:,|and\b|or\b)/.test(text.slice(next!.end, names[i + 2]!.start));
    if (qualifier && (abbreviation || !listContinues)) {
      out.push({ start: name.start, end: next!.end, text: text.slice(name.start, next!.end), parts: [name, next!] });
      i++;
    } else out.push(name);
  }
  return out;
}

const KEY_VALUE =
  /(?<![\p{L}\p{N}_])(['"]?)([\p{L}_][\p{L}\p{N}_.]*)\1\s*(=|:)\s*(?!\/)(['"]([^'"]*)['"]|\[[^\]]*\]|[^\s,;)]+)/gu;

/** Explicit `name=value`, `name: value` and `'name': 'value'` pairs. */
export function findKeyValues(text: string): KeyValueMention[] {
  return [...text.matchAll(KEY_VALUE)].map((m) => {
    const valueStart = m.index + m[0].length - m[4]!.length;
    const raw = m[4]!;
    return {
      key: m[2]!,
      keyStart: m.index + m[1]!.length,
      valueStart,
      value: m[5] ?? (raw.startsWith('[') ? raw : raw.replace(TRAILING_PUNCTUATION, '')),
    };
  });
}
