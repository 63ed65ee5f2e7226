// Does a structured-output fill survive a change that keeps the meaning? Over the development
// subjects of the structured-output matrix (structured.ts; never the unseen lido), every cell is
// filled once as written and once per perturbation of its evidence or its schema, on each endpoint:
// - the evidence text (passages, and the record's and rows' notes) in lower case, its sentences in
//   reverse order (a FAQ question kept with its answer), numbers in digits written in words and back,
//   thousands separators added or dropped, "is not" ↔ "isn't" and the like;
// - the question in lower case, or reworded ("What can you tell me about …?");
// - the schema's properties in reverse order, or renamed snake_case ↔ camelCase (read back under
//   their first names);
// - on vectordb, the passages retrieved in reverse order, cut into chunks of two sentences or one
//   (one source per document, as an ingest's chunks have), or into overlapping windows of words
//   cut mid-sentence, as a size-bound chunker cuts; and the sources named without the subject's
//   name ("doc-2.md"), so that only the text says what a passage is about.
// Each value (a leaf of the answer; a list of citations counts as the sources it cites, since a
// perturbed text is cited in its perturbed form) is compared with the unperturbed fill, strings
// without regard to case. A change is "to missing" when the perturbed fill leaves it out (absent,
// null, empty), "gained" when it now holds the expected value, and "to another value" otherwise: a
// confident answer that is not the right one, the worse kind (also where the unperturbed fill had
// left the value out); "right→wrong" counts those that were the expected value before. Baseline: the unperturbed fill,
// which changes nothing by construction. Run: npm run bench -- structured-perturbations
import { isDeepStrictEqual } from 'node:util';
import type { JsonSchema } from '@fnquery/contracts';
import { answer, ENDPOINTS, FERRY, HUT } from './structured';
import { BIKE_HIRE, CHAIRLIFT, OBSERVATORY } from './structured-held-out';
import { LIGHTHOUSE, ORCHARD } from './structured-held-out-2';
import { BAKERY, NIGHT_BUS } from './structured-held-out-3';
import type { Cell, Endpoint, Subject } from './structured-types';
import { isMain } from './stats';

/** The subjects the rules may be developed on: every one but those the integrator keeps from the rule writers. */
const DEVELOPMENT_SUBJECTS = [FERRY, HUT, OBSERVATORY, BIKE_HIRE, CHAIRLIFT, LIGHTHOUSE, ORCHARD, NIGHT_BUS, BAKERY];

type Rename = (name: string) => string;
export interface Perturbation {
  name: string;
  /** The evidence text, changed. */
  text?: (text: string) => string;
  /** The question, changed. */
  question?: (question: string) => string;
  /** The property names, changed (one to one). */
  rename?: Rename;
  reverseProperties?: boolean;
  /** The retrieved passages, changed (vectordb only). */
  passages?: (passages: Subject['passages']) => Subject['passages'];
  /** The passages' sources renamed `neutralSource(i)`, in their order. */
  neutralSources?: boolean;
}

/** Sentences, a FAQ's question kept with the answer that follows it. */
export function sentenceUnits(text: string): string[] {
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/u);
  const units: string[] = [];
  for (const s of sentences) {
    if (units.length > 0 && units.at(-1)!.endsWith('?')) units[units.length - 1] += ` ${s}`;
    else units.push(s);
  }
  return units;
}

const MONTHS =
  'January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec';
const SMALL =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(
    ' ',
  );
const TENS = ' ten twenty thirty forty fifty sixty seventy eighty ninety'.split(' ');

const inWords = (n: number) =>
  n < 20 ? SMALL[n]! : `${TENS[Math.floor(n / 10)]!}${n % 10 === 0 ? '' : `-${SMALL[n % 10]!}`}`;

/** A whole number from 2 to 99 in digits, written in words; not a code ("N7"), a time, a date's day, a price or a decimal's part. */
export function digitsToWords(text: string): string {
  return text.replace(
    new RegExp(
      `(?<![\\p{L}\\d.,:£$€-]|(?:${MONTHS})\\s)(\\d{1,2})(?![\\d.,:%]\\d|\\d|\\s*(?:am|pm|%)\\b|\\s+(?:${MONTHS})\\b)`,
      'gu',
    ),
    (all, digits: string) => (Number(digits) >= 2 ? inWords(Number(digits)) : all),
  );
}

/** A number from two to ninety-nine in words, written in digits ("one" stays: "a big one" counts nothing). */
export function wordsToDigits(text: string): string {
  const words = new Map<string, number>();
  for (let n = 2; n < 100; n++) words.set(inWords(n), n);
  const alternatives = [...words.keys()].sort((a, b) => b.length - a.length).join('|');
  return text.replace(new RegExp(`\\b(${alternatives})\\b`, 'giu'), (all) =>
    String(words.get(all.toLowerCase()) ?? all),
  );
}

/**
 * Thousands separators dropped where written ("1,800" → "1800") and added where not ("1180" →
 * "1,180"), but never to a year ("in 1998", "March 2019", "12, 1954").
 */
export function toggleSeparators(text: string): string {
  const dropped = text.replace(/(?<![\d.])(\d{1,3}(?:,\d{3})+)(?![\d])/g, (m) => m.replace(/,/g, ''));
  if (dropped !== text) return dropped;
  return text.replace(
    new RegExp(`(?<![\\d.,])(?<!(?:in|since|on|of|from|until|by|${MONTHS}|,)\\s)(\\d{4,})(?![\\d.,]\\d)`, 'gu'),
    (digits: string) => Number(digits).toLocaleString('en-GB'),
  );
}

const AUXILIARIES = 'is|are|was|were|does|do|did|has|have|had';
/** "is not" ↔ "isn't", "does not" ↔ "doesn't" (every auxiliary the same way: contracted if any is written out). */
export function toggleContractions(text: string): string {
  const expanded = new RegExp(`\\b(${AUXILIARIES}) not\\b`, 'gi');
  if (expanded.test(text)) return text.replace(expanded, (_, aux: string) => `${aux}n't`);
  return text.replace(new RegExp(`\\b(${AUXILIARIES})n['’]t\\b`, 'gi'), (_, aux: string) => `${aux} not`);
}

export const snakeToCamel: Rename = (name) =>
  /_/.test(name)
    ? name.replace(/_(\p{L})/gu, (_, c: string) => c.toUpperCase())
    : name.replace(/(\p{Ll})(\p{Lu})/gu, (_, a: string, b: string) => `${a}_${b.toLowerCase()}`);

/** Each passage cut into chunks of two sentence units, in place, each keeping its document's source. */
export const chunked = (passages: Subject['passages']) =>
  passages.flatMap((p) => {
    const units = sentenceUnits(p.text);
    const chunks: string[] = [];
    for (let i = 0; i < units.length; i += 2) chunks.push(units.slice(i, i + 2).join(' '));
    return chunks.map((text) => ({ source: p.source, text }));
  });

/** Each passage cut into one chunk per sentence unit. */
const bySentence = (passages: Subject['passages']) =>
  passages.flatMap((p) => sentenceUnits(p.text).map((text) => ({ source: p.source, text })));

const WINDOW_WORDS = 20;
const OVERLAP_WORDS = 5;
/**
 * Each passage cut as a size-bound chunker cuts a long document: windows of words that overlap
 * and end wherever the size runs out, mid-sentence.
 */
const windows = (passages: Subject['passages']) =>
  passages.flatMap((p) => {
    const words = p.text.split(/\s+/);
    const chunks: { source: string; text: string }[] = [];
    for (let i = 0; i < words.length; i += WINDOW_WORDS - OVERLAP_WORDS) {
      chunks.push({ source: p.source, text: words.slice(i, i + WINDOW_WORDS).join(' ') });
      if (i + WINDOW_WORDS >= words.length) break;
    }
    return chunks;
  });

const neutralSource = (i: number) => `doc-${i + 1}.md`;

export const PERTURBATIONS: Perturbation[] = [
  { name: 'evidence in lower case', text: (t) => t.toLowerCase() },
  { name: 'sentences in reverse order', text: (t) => sentenceUnits(t).reverse().join(' ') },
  { name: 'digits → words', text: digitsToWords },
  { name: 'words → digits', text: wordsToDigits },
  { name: 'thousands separators toggled', text: toggleSeparators },
  { name: "is not ↔ isn't", text: toggleContractions },
  { name: 'question in lower case', question: (q) => q.toLowerCase() },
  { name: 'question reworded', question: (q) => q.replace(/^Tell me about (.*)\.$/, 'What can you tell me about $1?') },
  { name: 'properties in reverse order', reverseProperties: true },
  { name: 'names snake_case ↔ camelCase', rename: snakeToCamel },
  { name: 'passages in reverse order', passages: (ps) => [...ps].reverse() },
  { name: 'passages chunked', passages: chunked },
  { name: 'chunked, reverse order', passages: (ps) => chunked(ps).reverse() },
  { name: 'a chunk per sentence', passages: bySentence },
  { name: 'chunks cut mid-sentence', passages: windows },
  {
    name: 'sources named neutrally',
    passages: (ps) => ps.map((p, i) => ({ ...p, source: neutralSource(i) })),
    neutralSources: true,
  },
];

/** A text value of several words is evidence (a note); single words are values (a name, a kind). */
const isText = (v: unknown): v is string => typeof v === 'string' && /\s/.test(v.trim());

function perturbValue(value: unknown, text: (t: string) => string): unknown {
  if (isText(value)) return text(value);
  if (Array.isArray(value)) return value.map((v) => perturbValue(v, text));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, perturbValue(v, text)]));
  return value;
}

function perturbSchema(schema: JsonSchema, p: Perturbation): JsonSchema {
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: JsonSchema = { ...schema };
  if (schema.items) out.items = perturbSchema(schema.items as JsonSchema, p);
  if (schema.properties) {
    let entries = Object.entries(schema.properties as Record<string, JsonSchema>);
    if (p.reverseProperties) entries = entries.reverse();
    out.properties = Object.fromEntries(entries.map(([k, v]) => [p.rename ? p.rename(k) : k, perturbSchema(v, p)]));
    if (Array.isArray(schema.required))
      out.required = (schema.required as string[]).map((k) => (p.rename ? p.rename(k) : k));
  }
  return out;
}

/** The answer's keys under the schema's first names (the rename is one to one on them). */
function renameBack(value: unknown, schema: JsonSchema, rename: Rename): unknown {
  if (Array.isArray(value)) return value.map((v) => renameBack(v, (schema.items ?? {}) as JsonSchema, rename));
  if (typeof value !== 'object' || value === null) return value;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const back = new Map(Object.keys(properties).map((k) => [rename(k), k]));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      back.get(k) ?? k,
      renameBack(v, properties[back.get(k) ?? k] ?? {}, rename),
    ]),
  );
}

const isCitation = (v: unknown) => typeof v === 'object' && v !== null && 'source' in v && 'text' in v;

/** Strings in lower case, at any depth. */
const lowered = (value: unknown): unknown =>
  typeof value === 'string'
    ? value.toLowerCase()
    : Array.isArray(value)
      ? value.map(lowered)
      : typeof value === 'object' && value !== null
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, lowered(v)]))
        : value;

/**
 * The answer's values by path, strings in lower case; a citation list as the set of sources it
 * cites (their order follows the retrieval's, which some perturbations change on purpose).
 */
export function leaves(value: unknown, path = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (Array.isArray(value) && value.length > 0 && value.every(isCitation))
    out.set(path, [...new Set(value.map((c) => String((c as { source: unknown }).source)))].sort());
  else if (typeof value === 'object' && value !== null && !Array.isArray(value))
    for (const [k, v] of Object.entries(value)) for (const [p, leaf] of leaves(v, `${path}/${k}`)) out.set(p, leaf);
  else out.set(path, lowered(value));
  return out;
}

const missing = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function parse(reply: string): unknown {
  try {
    return JSON.parse(reply);
  } catch {
    return {};
  }
}

export interface Tally {
  values: number;
  changed: number;
  toMissing: number;
  /** Changed to a value that is not the expected one. */
  toAnother: number;
  rightToWrong: number;
  /** Changed to the expected value. */
  gained: number;
  /** Where a value changed: subject / endpoint / kind / path, before → after. */
  examples: string[];
}

function perturbSubject(subject: Subject, p: Perturbation): Subject {
  const asked = p.question ? { ...subject, question: p.question(subject.question) } : subject;
  if (!p.text) return asked;
  const text = p.text;
  return {
    ...asked,
    record: perturbValue(subject.record, text) as Subject['record'],
    passages: subject.passages.map((x) => ({ ...x, text: text(x.text) })),
    row: { ...subject.row, rows: perturbValue(subject.row.rows, text) as Subject['row']['rows'] },
  };
}

/** One cell's fill on one endpoint, as written or perturbed, under the schema's first names. */
function fill(subject: Subject, endpoint: Endpoint, cell: Cell, p?: Perturbation): unknown {
  const own = cell.on?.[endpoint];
  const schema = own?.schema ?? cell.schema;
  const rows = own?.rows
    ? p?.text
      ? { ...own.rows, rows: perturbValue(own.rows.rows, p.text) as typeof own.rows.rows }
      : own.rows
    : undefined;
  if (!p) return parse(answer(subject, endpoint, schema, rows));
  const perturbed = perturbSubject(subject, p);
  const given = p.passages ? { ...perturbed, passages: p.passages(perturbed.passages) } : perturbed;
  const reply = parse(answer(given, endpoint, perturbSchema(schema, p), rows));
  // Sources renamed are cited under their first names.
  const named = new Map(p.neutralSources ? perturbed.passages.map((x, i) => [neutralSource(i), x.source]) : []);
  const cited = JSON.parse(JSON.stringify(reply), (k, v: unknown) =>
    k === 'source' && typeof v === 'string' ? (named.get(v) ?? v) : v,
  ) as unknown;
  return p.rename ? renameBack(cited, schema, p.rename) : cited;
}

export function measure(p: Perturbation): Tally {
  const tally: Tally = { values: 0, changed: 0, toMissing: 0, toAnother: 0, rightToWrong: 0, gained: 0, examples: [] };
  const endpoints = p.passages ? (['vectordb'] as Endpoint[]) : ENDPOINTS;
  for (const subject of DEVELOPMENT_SUBJECTS)
    for (const endpoint of endpoints)
      for (const cell of subject.cells) {
        const expected = leaves(cell.on?.[endpoint]?.expected ?? cell.expected);
        const before = leaves(fill(subject, endpoint, cell));
        const after = leaves(fill(subject, endpoint, cell, p));
        for (const path of new Set([...before.keys(), ...after.keys()])) {
          const [b, a] = [before.get(path), after.get(path)];
          tally.values++;
          if (isDeepStrictEqual(b, a) || (missing(a) && missing(b))) continue;
          tally.changed++;
          const right = (v: unknown) => isDeepStrictEqual(v, lowered(expected.get(path)));
          if (missing(a)) tally.toMissing++;
          else if (right(a)) tally.gained++;
          else {
            tally.toAnother++;
            if (right(b)) tally.rightToWrong++;
          }
          tally.examples.push(
            `${subject.name.split(' (')[0]} / ${endpoint} / ${cell.kind} ${path}: ${JSON.stringify(b)} → ${JSON.stringify(a)}`,
          );
        }
      }
  return tally;
}

if (isMain(import.meta.url)) {
  const verbose = process.argv.includes('--examples');
  console.log(
    `structured output under perturbations that keep the meaning: ${DEVELOPMENT_SUBJECTS.length} development subjects`,
  );
  console.log(
    `${'perturbation'.padEnd(32)}${['values', 'changed', 'to missing', 'to another', 'right→wrong', 'gained'].map((h) => h.padStart(12)).join('')}`,
  );
  const totals = { changed: 0, toAnother: 0 };
  for (const p of PERTURBATIONS) {
    const t = measure(p);
    totals.changed += t.changed;
    totals.toAnother += t.toAnother;
    console.log(
      `${p.name.padEnd(32)}${[t.values, t.changed, t.toMissing, t.toAnother, t.rightToWrong, t.gained].map((n) => String(n).padStart(12)).join('')}`,
    );
    if (verbose) for (const e of t.examples) console.log(`    ${e}`);
  }
  console.log(
    `total: ${totals.changed} values changed, ${totals.toAnother} of them to another value (baseline: 0 and 0)`,
  );
}
