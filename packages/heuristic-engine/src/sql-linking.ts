// Schema linking for the heuristic engine's text-to-SQL: which tables, columns and stored values the
// question's words refer to. Names are split into words (snake_case, camelCase, digits) and stemmed
// with the stemmer keyword search uses, so "ferries" finds `ferry` and "first names" finds
// `first_name`; abbreviations in names ("dept", "emp_id") match the words they shorten, and names
// written as one word ("berthname") match the words they join.
import type { ColumnSchema, DatabaseSchema, TableSchema } from '@fnquery/contracts';
import { findNames, findNumbers, findQuoted } from './schema-values';
import { tuned } from './sql-weights';
import { spokenQuantities } from './sql-units';
import { nameWords, stemMatch, stemOf, tokenize, type Token } from '@fnquery/text-tools';

/** A word of the question (punctuation left out); positions in the linking count these words. */
export type Word = Token;

export interface ColumnRef {
  table: TableSchema;
  column: ColumnSchema;
}

export const ID_NAME = /(?:^|_)id$|[a-z]Id$|ID$/;

/** A primary key, a foreign key or an id: it identifies rows, it does not measure them. */
export const isKeyColumn = ({ table, column }: ColumnRef) =>
  table.primaryKey.includes(column.name) ||
  table.foreignKeys.some((f) => f.columns.includes(column.name)) ||
  ID_NAME.test(column.name);

/** Something the question refers to, the words that refer to it, and how well (0–1). */
export interface Mention<T> {
  target: T;
  words: number[];
  score: number;
}

export interface ValueMention {
  value: string;
  words: number[];
  /** Columns known to hold the value (from their distinct values or sample rows); empty when none is known. */
  columns: ColumnRef[];
  /** Written in quotes: the caller means this exact text. */
  quoted: boolean;
}

export interface NumberMention {
  value: number;
  words: number[];
  /** Index of the word right after the number ("14 berths"), when there is one. */
  unitWord?: number;
  /** The unit written with the number ("5 minutes", "12km"), for conversion to a column's unit. */
  unit?: string;
  /** Written with a percent sign or "percent": compared only with a column that stores shares. */
  percent?: boolean;
}

export interface Linking {
  question: string;
  words: Word[];
  schema: DatabaseSchema;
  tables: Mention<TableSchema>[];
  columns: Mention<ColumnRef>[];
  values: ValueMention[];
  numbers: NumberMention[];
}

/** A linked name counts when it covers at least this share of its words. */
const MIN_NAME_SCORE = tuned('minNameScore');

export const questionWords = (text: string): Word[] => tokenize(text).filter((t) => t.word);

/** A word of a name. Minor parts (stop words, digits: `date_sailed_from`, `address_line_2`) count only when matched. */
export interface NamePart {
  stem: string;
  minor: boolean;
}

/** Units written into names (`cargo_millions_USD`, `fare_in_euros`): a question need not say them. */
const UNITS = new Set([
  'million',
  'millions',
  'billion',
  'billions',
  'thousand',
  'thousands',
  'usd',
  'eur',
  'gbp',
  'dollar',
  'dollars',
  'euro',
  'euros',
  'km',
  'kg',
  'mph',
  'inch',
  'inches',
  'percent',
  'pct',
  'f',
]);

/** `Harbour_Berths` → harbour berth; `ShipID` → ship id; `fare_in_euros` → fare in euro. */
export function nameParts(name: string): NamePart[] {
  const parts = nameWords(name).map((word) => {
    const [token] = tokenize(word);
    return { stem: stemOf(word), minor: !!token?.stop || /^\d+$/.test(word) || UNITS.has(word) };
  });
  return parts.every((p) => p.minor) ? parts.map((p) => ({ ...p, minor: false })) : parts;
}

export const nameStems = (name: string) =>
  nameParts(name)
    .filter((p) => !p.minor)
    .map((p) => p.stem);

/** Shortenings of words that schema names use and stems cannot guess. */
const ABBREVIATIONS: Record<string, string> = {
  no: 'number',
  num: 'number',
  nbr: 'number',
  qty: 'quantiti',
  amt: 'amount',
  desc: 'description',
  addr: 'address',
  yr: 'year',
  dob: 'birth',
  pct: 'percent',
  cnt: 'count',
  avg: 'average',
  loc: 'location',
  lat: 'latitude',
  long: 'longitude',
};

/**
 * How well one part of a name matches one question word: the shared stem rules (equal, a longer
 * form, an abbreviation), plus two more that names need: an abbreviation that drops letters inside
 * ("dept" for "department") and a word that starts a longer name part ("nations" for `nationality`).
 */
function partQuality(part: string, word: Word): number {
  if (part === word.stem || part === word.lower || ABBREVIATIONS[part] === word.stem) return 1;
  if (word.stop) return 0;
  const shared = stemMatch(part, word.stem);
  if (shared > 0) return shared;
  if (part.length >= 4 && part.slice(0, 2) === word.lower.slice(0, 2) && isSubsequence(part, word.lower))
    return tuned('abbreviation');
  if (word.stem.length >= 5 && part.length > word.stem.length && part.startsWith(word.stem)) return tuned('prefix');
  return 0;
}

function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (const c of long) if (c === short[i]) i++;
  return i === short.length && short.length < long.length;
}

/**
 * Every place the name is mentioned: windows of nearby words that cover its parts, never across
 * "and", "or" or a comma ("captains and names" is not `captain_name`). The score counts the main
 * parts; `context` parts (a column's table name, as in `ferry_name` of `ferry`) and minor parts
 * join the mention when written but never make it ("ferries" alone is the table), and an unwritten
 * context part lowers the score a little.
 */
export function findName(
  parts: NamePart[],
  words: Word[],
  question: string,
  context: ReadonlySet<string> = new Set(),
): Mention<null>[] {
  const main = (p: NamePart) => !p.minor && !context.has(p.stem);
  const counted = parts.some(main) ? main : (p: NamePart) => !p.minor;
  const found: Mention<null>[] = [];
  for (let anchor = 0; anchor < words.length; anchor++) {
    if (!parts.some((p) => partQuality(p.stem, words[anchor]!) > 0) && !joinedAt(parts, words, anchor)) continue;
    let end = anchor + 1;
    while (end < Math.min(words.length, anchor + parts.length + 1) && !boundaryBefore(words, end, question)) end++;
    const used: number[] = [];
    const core: number[] = [];
    let total = 0;
    let weight = 0;
    for (const part of parts) {
      let best = 0;
      let at: number[] = [];
      for (let i = anchor; i < end; i++) {
        const q = used.includes(i) ? 0 : partQuality(part.stem, words[i]!);
        if (q > best) [best, at] = [q, [i]];
      }
      const joined = best < 1 && end > anchor + 1 ? joinedAt([part], words, anchor) : undefined;
      if (joined) [best, at] = [1, joined];
      used.push(...at);
      // An unwritten table-name part weighs half: "ids" is any table's id, and less surely this one's.
      if (!counted(part) && !part.minor && best === 0) weight += tuned('unwrittenContext');
      if (!counted(part)) continue;
      core.push(...at);
      total += best;
      weight += 1;
    }
    const score = weight ? total / weight : 0;
    // "captains" is not `captain_id`: an identifier's name needs its "id".
    const idPart = parts.at(-1)?.stem === 'id' && parts.length > 1 ? parts.at(-1) : undefined;
    if (score < MIN_NAME_SCORE || (idPart && !used.some((i) => partQuality('id', words[i]!) === 1))) continue;
    // The main words alone too, for when a longer name takes the others ("description for cargo type code").
    for (const mention of [used, core]) {
      const at = [...new Set(mention)].sort((a, b) => a - b);
      if (at.length && !found.some((f) => f.words.join() === at.join())) found.push({ target: null, words: at, score });
    }
  }
  return found;
}

/** "and", "or" or a comma or semicolon just before word `i`: a mention does not reach across. */
function boundaryBefore(words: Word[], i: number, question: string): boolean {
  return /^(?:and|or)$/.test(words[i]!.lower) || /[,;]/.test(question.slice(words[i - 1]!.end, words[i]!.start));
}

/**
 * A one-word name that joins two question words, starting at `at`: "berthname" ← "berth name",
 * "fname" ← "first name".
 */
function joinedAt(parts: NamePart[], words: Word[], at: number): number[] | undefined {
  const a = words[at];
  const b = words[at + 1];
  if (!a || !b) return undefined;
  const joins = [a.lower + b.lower, a.lower + b.stem, a.lower[0]! + b.lower, a.lower[0]! + b.stem];
  return parts.some((p) => p.stem.length > 3 && joins.includes(p.stem)) ? [at, at + 1] : undefined;
}

interface StoredValue {
  value: string;
  stems: string[];
  ref: ColumnRef;
}

interface SchemaIndex {
  tables: { table: TableSchema; parts: NamePart[] }[];
  columns: { ref: ColumnRef; parts: NamePart[]; context: Set<string> }[];
  /** Every stem of every name, so capitalised schema words ("ID", "ETA") are not taken for values. */
  nameWords: Set<string>;
  values: StoredValue[];
}

// Both turns of a request (SQL, then answer) and every question of a benchmark share one schema object.
const indexes = new WeakMap<DatabaseSchema, SchemaIndex>();

function indexSchema(schema: DatabaseSchema): SchemaIndex {
  const cached = indexes.get(schema);
  if (cached) return cached;
  const index: SchemaIndex = { tables: [], columns: [], values: [], nameWords: new Set() };
  for (const table of schema.tables) {
    const tableParts = nameParts(table.name);
    index.tables.push({ table, parts: tableParts });
    for (const p of tableParts) index.nameWords.add(p.stem);
    table.columns.forEach((column, position) => {
      const ref = { table, column };
      const parts = nameParts(column.name);
      for (const p of parts) index.nameWords.add(p.stem);
      index.columns.push({ ref, parts, context: new Set(tableParts.map((p) => p.stem)) });
      const stored = new Set([...(column.distinctValues ?? []), ...table.sampleRows.map((row) => row[position])]);
      for (const value of stored) {
        // Numbers are compared through the number rules, which know about units and comparisons.
        if (typeof value !== 'string' || !value.trim() || value.length > 60 || /^[-+]?[\d.,]+$/.test(value.trim()))
          continue;
        index.values.push({ value, stems: questionWords(value).map((w) => w.stem), ref });
      }
    });
  }
  indexes.set(schema, index);
  return index;
}

export function linkQuestion(question: string, schema: DatabaseSchema): Linking {
  const words = questionWords(question);
  const index = indexSchema(schema);
  const tables = index.tables.flatMap(({ table, parts }) =>
    findName(parts, words, question).map((m) => ({ ...m, target: table })),
  );
  const columns = index.columns.flatMap(({ ref, parts, context }) =>
    findName(parts, words, question, context).map((m) => ({ ...m, target: ref })),
  );
  return {
    question,
    words,
    schema,
    tables,
    columns,
    values: findValues(question, words, index),
    numbers: findNumberMentions(question, words),
  };
}

const wordsIn = (words: Word[], start: number, end: number) =>
  words.flatMap((w, i) => (w.start >= start && w.end <= end ? [i] : []));

/** Stored values written in the question, quoted strings, and names written with capitals. */
function findValues(question: string, words: Word[], index: SchemaIndex): ValueMention[] {
  const mentions: ValueMention[] = [];
  const add = (value: string, at: number[], ref: ColumnRef | undefined, quoted: boolean) => {
    const same = mentions.find((m) => m.words.join() === at.join());
    if (same) {
      if (ref && !same.columns.includes(ref)) same.columns.push(ref);
      return;
    }
    mentions.push({ value, words: at, columns: ref ? [ref] : [], quoted });
  };
  for (const stored of index.values) {
    const at = storedValueAt(stored, words);
    if (at) add(stored.value, at, stored.ref, false);
  }
  for (const quoted of findQuoted(question)) {
    const text = quoted.text.trim();
    const at = wordsIn(words, quoted.start, quoted.end);
    if (!text || !at.length) continue;
    // A quoted stored value keeps its columns; otherwise the quotes say this is a value of some column.
    const known = mentions.filter((v) => v.words.join() === at.join() || v.value.toLowerCase() === text.toLowerCase());
    for (const k of known) k.quoted = true;
    if (!known.length) add(text, at, undefined, true);
  }
  for (const phrase of writtenNames(question, words, index.nameWords)) {
    if (mentions.some((v) => v.words.some((w) => phrase.includes(w)))) continue;
    add(question.slice(words[phrase[0]!]!.start, words[phrase.at(-1)!]!.end), phrase, undefined, false);
  }
  return mentions.sort((a, b) => a.words[0]! - b.words[0]!);
}

/** Where the stored value's words appear in a row in the question; short codes must match exactly. */
function storedValueAt(stored: StoredValue, words: Word[]): number[] | undefined {
  const n = stored.stems.length;
  if (!n || n > words.length) return undefined;
  const short = stored.value.length <= 2;
  for (let i = 0; i + n <= words.length; i++) {
    let ok = true;
    for (let j = 0; j < n && ok; j++) {
      const w = words[i + j]!;
      ok = short ? w.text === stored.value : w.stem === stored.stems[j] || w.lower === stored.stems[j];
    }
    if (!ok) continue;
    const at = Array.from({ length: n }, (_, j) => i + j);
    // A stored value made of stop words only ("No", "All") is a word of the sentence, not a value.
    if (!short && at.every((k) => words[k]!.stop)) continue;
    return at;
  }
  return undefined;
}

/**
 * Capitalised names ("Bay of Kells", "KLS") as word positions, without a sentence's first word
 * ("Display …") and without the schema's own words written in capitals ("ID", "ETA").
 */
function writtenNames(question: string, words: Word[], nameWords: ReadonlySet<string>): number[][] {
  const sentenceStart = (i: number) =>
    i === 0 || /[.?!:;]\s*["'“]?$/.test(question.slice(words[i - 1]!.end, words[i]!.start));
  return findNames(question).flatMap((name) => {
    const at = wordsIn(words, name.start, name.end);
    if (at.length && sentenceStart(at[0]!)) at.shift();
    const content = at.filter((i) => !words[i]!.stop);
    return content.length && !content.every((i) => nameWords.has(words[i]!.stem)) ? [at] : [];
  });
}

function findNumberMentions(question: string, words: Word[]): NumberMention[] {
  return spokenQuantities(question, findNumbers(question)).flatMap((n) => {
    // "an hour and a half": the words after the unit are part of the number.
    const at = [
      ...wordsIn(words, n.start, n.unitStart ?? n.end),
      ...(n.tailEnd === undefined || n.unitEnd === undefined ? [] : wordsIn(words, n.unitEnd, n.tailEnd)),
    ];
    // "first name" is not the number one.
    if (!at.length || (n.ordinal && !/\d/.test(n.text))) return [];
    const unitWord = n.unitStart === undefined ? undefined : words.findIndex((w) => w.start === n.unitStart);
    return [
      {
        value: n.value,
        words: at,
        ...(unitWord !== undefined && unitWord >= 0 ? { unitWord } : {}),
        // "£3": the currency is the unit, converted like any other ("£3" against `fee_pence` is 300).
        ...(n.unit ? { unit: n.unit } : n.currency ? { unit: n.currency } : {}),
        ...(n.percent ? { percent: true } : {}),
      },
    ];
  });
}
