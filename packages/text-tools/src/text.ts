// Text normalisation shared by the heuristic engine's lexical embedder and keyword (BM25) search, so both see
// the same words. Built for speed: one pass over the characters, words
// written into reusable buffers, no allocation per word.
//
// A word is a run of letters and digits after NFKD (ligatures and full-width forms folded), with
// accents dropped and lower-cased. Runs longer than MAX_WORD are cut: such runs are hashes or
// base64, whose meaning is only their exact text.

export const MAX_WORD = 64;

/**
 * Called once per word. `word` holds the normalised characters, `stem` the stemmed form; both are
 * reused between calls, so copy what you keep. `stopWord` is decided on the unstemmed word.
 */
export type WordVisitor = (
  word: Uint16Array,
  length: number,
  stem: Uint16Array,
  stemLength: number,
  stopWord: boolean,
) => void;

const WORD_CHAR = 1;
const MARK_CHAR = 2;
/** A code unit not seen yet: its class is looked up on first sight. */
const UNSEEN = 0xff;
const WORD_RE = /^[\p{L}\p{N}]$/u;
const MARK_RE = /^\p{M}$/u;
let charClasses: Uint8Array | undefined;

/**
 * One byte per UTF-16 code unit. ASCII is written out; any other unit is classed by the Unicode property
 * regexes the first time it is seen (`classOf`). Classing the whole BMP up front took about 5 ms, paid on
 * the first request of every cold start that reads words (catalog search, a query's embedding).
 */
function classes(): Uint8Array {
  if (charClasses) return charClasses;
  const table = new Uint8Array(0x10000).fill(UNSEEN, 0x80);
  for (let c = 0x30; c <= 0x39; c++) table[c] = WORD_CHAR;
  for (let c = 0x61; c <= 0x7a; c++) table[c] = WORD_CHAR;
  for (let c = 0x41; c <= 0x5a; c++) table[c] = WORD_CHAR;
  charClasses = table;
  return table;
}

/** The class of a code unit not seen before, kept in the table. A lone surrogate is a space. */
function classOf(table: Uint8Array, c: number): number {
  const ch = String.fromCharCode(c);
  const kind = c >= 0xd800 && c <= 0xdfff ? 0 : WORD_RE.test(ch) ? WORD_CHAR : MARK_RE.test(ch) ? MARK_CHAR : 0;
  table[c] = kind;
  return kind;
}

const word = new Uint16Array(MAX_WORD);
// Porter step 1b may add an "e".
const stem = new Uint16Array(MAX_WORD + 1);

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over UTF-16 code units: tiny, fast, and good enough for a stop-word lookup. */
function fnv1a(chars: ArrayLike<number>, length: number, seed = FNV_OFFSET): number {
  let h = seed;
  for (let i = 0; i < length; i++) h = Math.imul(h ^ (chars[i] as number), FNV_PRIME);
  return h >>> 0;
}

const STOP_WORDS = (
  'a about above after again against all am an and any are as at be because been before being below between ' +
  'both but by can could did do does doing down during each few for from further had has have having he her ' +
  'here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not ' +
  'now of off on once only or other our ours ourselves out over own same she should so some such than that the ' +
  'their theirs them themselves then there these they this those through to too under until up very was we ' +
  'were what when where which while who whom why will with would you your yours yourself yourselves ' +
  's t d m ll re ve don doesn didn isn wasn aren weren won wouldn shouldn couldn also may might must shall'
).split(' ');

// Hashes, not strings, so the check needs no string per word; a 32-bit collision with one of
// ~150 stop words is a one-in-thirty-million event per word, and costs only a down-weighting.
const STOP_HASHES = new Set(
  STOP_WORDS.map((w) =>
    fnv1a(
      Array.from(w, (c) => c.charCodeAt(0)),
      w.length,
    ),
  ),
);

/** Calls `visit` for every word of `text`; returns the number of words. */
export function forEachWord(text: string, visit: WordVisitor): number {
  const s = text.normalize('NFKD').toLowerCase();
  const table = classes();
  let length = 0;
  let hash = FNV_OFFSET;
  let count = 0;
  const flush = () => {
    const stemLength = porterStep1(length);
    visit(word, length, stem, stemLength, STOP_HASHES.has(hash >>> 0));
    count++;
    length = 0;
    hash = FNV_OFFSET;
  };
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let kind = table[c] as number;
    if (kind === UNSEEN) kind = classOf(table, c);
    if (kind === MARK_CHAR) continue;
    if (kind !== WORD_CHAR) {
      if (length > 0) flush();
      continue;
    }
    if (length === MAX_WORD) flush();
    word[length++] = c;
    hash = Math.imul(hash ^ c, FNV_PRIME);
  }
  if (length > 0) flush();
  return count;
}

/** Normalised, stemmed words without stop words: the terms keyword search indexes. */
export function terms(text: string): string[] {
  const out: string[] = [];
  forEachWord(text, (_w, _l, s, stemLength, stopWord) => {
    if (!stopWord) out.push(String.fromCharCode(...s.subarray(0, stemLength)));
  });
  return out;
}

// ---- Porter step 1 (plurals, -ed/-ing, y → i) on ASCII words, in `stem` -----------------------
// Only step 1: the later steps merge words whose meanings differ (e.g. "general"/"generate"),
// while the embedder's character n-grams already relate such words softly.

const A = 97;
const Z = 122;

function porterStep1(length: number): number {
  let k = length;
  for (let i = 0; i < length; i++) {
    const c = word[i] as number;
    if (c < A || c > Z) {
      stem.set(word.subarray(0, length));
      return length;
    }
    stem[i] = c;
  }
  if (k <= 2) return k;
  // 1a: sses → ss, ies → i, ss → ss, s → ""
  if (endsWith(k, 'sses') || endsWith(k, 'ies')) k -= 2;
  else if (stem[k - 1] === 115 && stem[k - 2] !== 115) k -= 1;
  // 1b
  if (endsWith(k, 'eed')) {
    if (measure(k - 3) > 0) k -= 1;
  } else {
    const suffix = endsWith(k, 'ed') ? 2 : endsWith(k, 'ing') ? 3 : 0;
    if (suffix > 0 && hasVowel(k - suffix)) {
      k -= suffix;
      if (endsWith(k, 'at') || endsWith(k, 'bl') || endsWith(k, 'iz')) stem[k++] = 101;
      else if (doubleConsonant(k) && ![108, 115, 122].includes(stem[k - 1] as number))
        k -= 1; // l s z
      else if (measure(k) === 1 && consonantVowelConsonant(k)) stem[k++] = 101;
    }
  }
  // 1c: y → i after a vowel somewhere before it
  if (stem[k - 1] === 121 && hasVowel(k - 1)) stem[k - 1] = 105;
  return k;
}

function endsWith(k: number, suffix: string): boolean {
  if (k < suffix.length) return false;
  for (let i = 0; i < suffix.length; i++) if (stem[k - suffix.length + i] !== suffix.charCodeAt(i)) return false;
  return true;
}

const isVowel = (c: number | undefined) => c === 97 || c === 101 || c === 105 || c === 111 || c === 117;

function isConsonant(i: number): boolean {
  const c = stem[i];
  if (isVowel(c)) return false;
  if (c === 121) return i === 0 || !isConsonant(i - 1);
  return true;
}

const hasVowel = (k: number) => {
  for (let i = 0; i < k; i++) if (!isConsonant(i)) return true;
  return false;
};

/** Porter's m: the number of vowel-consonant sequences in stem[0..k). */
function measure(k: number): number {
  let m = 0;
  let i = 0;
  while (i < k && isConsonant(i)) i++;
  while (i < k) {
    while (i < k && !isConsonant(i)) i++;
    if (i >= k) break;
    m++;
    while (i < k && isConsonant(i)) i++;
  }
  return m;
}

const doubleConsonant = (k: number) => k >= 2 && stem[k - 1] === stem[k - 2] && isConsonant(k - 1);

const consonantVowelConsonant = (k: number) =>
  k >= 3 &&
  isConsonant(k - 3) &&
  !isConsonant(k - 2) &&
  isConsonant(k - 1) &&
  ![119, 120, 121].includes(stem[k - 1] as number); // w x y
