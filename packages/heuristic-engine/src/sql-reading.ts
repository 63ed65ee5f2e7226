// One reading of a linked question: the table it is mostly about, and for every stretch of words
// the one table, column or value it refers to. The same word often matches several things
// ("name" is a column of most tables); the longer, better and closer-to-context match wins.
import type { TableSchema } from '@fnquery/contracts';
import { tuned } from './sql-weights';
import { nameStems, type ColumnRef, type Linking, type Mention, type ValueMention, type Word } from './sql-linking';

export interface Reading {
  linking: Linking;
  words: Word[];
  /** The table the question is mostly about. */
  focus: TableSchema;
  /** Non-overlapping, in question order. */
  columns: Mention<ColumnRef>[];
  tables: Mention<TableSchema>[];
  values: ValueMention[];
  /** Words a clause has used; the column mentions left over are what the question asks to see. */
  claimed: Set<number>;
}

type Candidate = { kind: 'column'; mention: Mention<ColumnRef> } | { kind: 'table'; mention: Mention<TableSchema> };

/** Content words strictly between the end of `a` and the start of `b` (b after a); -1 when b is not after a. */
function gap(words: Word[], a: number[], b: number[]): number {
  const from = a.at(-1)!;
  const to = b[0]!;
  if (to <= from) return -1;
  return words.slice(from + 1, to).filter((w) => !w.stop).length;
}

export function readQuestion(linking: Linking): Reading {
  const { words } = linking;
  const isName = (w: Word, i: number) => i > 0 && /\p{Lu}/u.test(w.text);
  // A value the question writes in quotes or capitals is a value even when a name matches it too.
  const strong = linking.values.filter((v) => v.quoted || v.words.every((i) => isName(words[i]!, i)));
  const strongWords = new Set(strong.flatMap((v) => v.words));
  const free = <T>(m: Mention<T>) => !m.words.some((i) => strongWords.has(i));
  const tableMentions = linking.tables.filter(free);
  const columnMentions = linking.columns.filter((m) => free(m) && !namesAsVerb(linking, m.words));

  const focus = focusTable(linking, tableMentions, columnMentions);
  const bonus = (c: Candidate) => {
    // "… of captains", "for all ferries": after these words a noun names rows, not a column.
    const entity = /^(?:of|all|each|every)$/.test(words[c.mention.words[0]! - 1]?.lower ?? '')
      ? tuned('afterEntityWord')
      : 0;
    if (c.kind === 'table') return tuned('table') + entity + (c.mention.target === focus ? tuned('focus') : 0);
    const { table, column } = c.mention.target;
    const tableNamed = tableMentions.filter((t) => t.target === table);
    // "names of ferries" binds closer than "ferry … names".
    const after = tableNamed.some((t) => gap(words, c.mention.words, t.words) === 0);
    const before = tableNamed.some((t) => gap(words, t.words, c.mention.words) === 0);
    const ownName = overlap(nameStems(table.name), nameStems(column.name));
    return (
      (table === focus ? tuned('focus') : 0) +
      (after ? tuned('tableAfter') : before ? tuned('tableBefore') : 0) +
      tuned('ownName') * ownName
    );
  };
  const candidates: Candidate[] = [
    ...tableMentions.map((mention) => ({ kind: 'table' as const, mention })),
    ...columnMentions.map((mention) => ({ kind: 'column' as const, mention })),
  ];
  // Longer first, then the better match: a full match gets a lift (a table named in full beats half a
  // column name), and the context decides between equals.
  const weight = (c: Candidate) => c.mention.score + (c.mention.score === 1 ? tuned('fullMatch') : 0) + bonus(c);
  const length = (c: Candidate) => c.mention.words.filter((i) => !words[i]!.stop).length;
  candidates.sort((a, b) => length(b) - length(a) || weight(b) - weight(a));
  const taken = new Set<number>();
  const columns: Mention<ColumnRef>[] = [];
  const tables: Mention<TableSchema>[] = [];
  for (const c of candidates) {
    if (c.mention.words.some((i) => taken.has(i))) continue;
    for (const i of c.mention.words) taken.add(i);
    if (c.kind === 'column') columns.push(c.mention);
    else tables.push(c.mention);
  }
  // Weak values (lower-case words that also name a table or column) give way to the schema.
  const values = linking.values.filter((v) => strong.includes(v) || !v.words.some((i) => taken.has(i)));
  const byPosition = <T>(a: Mention<T>, b: Mention<T>) => a.words[0]! - b.words[0]!;
  return {
    linking,
    words,
    focus,
    columns: columns.sort(byPosition),
    tables: tables.sort(byPosition),
    values,
    // The asking verb "Name the …" is read: it asks for the rows, as "list" does.
    claimed: new Set(linking.columns.filter((m) => namesAsVerb(linking, m.words)).flatMap((m) => m.words)),
  };
}

/**
 * "Name the couriers who …": "name" opening a sentence before a determiner is the verb that asks for the
 * rows (like "list"), not a `name` column.
 */
function namesAsVerb(linking: Linking, at: number[]): boolean {
  const { words, question } = linking;
  const first = at[0]!;
  const opensSentence = first === 0 || /[.?!;]\s*$/.test(question.slice(0, words[first]!.start));
  return (
    at.length === 1 &&
    opensSentence &&
    words[first]!.lower === 'name' &&
    /^(?:the|all|every|each|any|those|these)$/.test(words[first + 1]?.lower ?? '')
  );
}

const overlap = (a: string[], b: string[]) => a.filter((x) => b.includes(x)).length;

/**
 * The table named most strongly, counting its name (unless a longer column name holds it), its
 * columns' names and its values found in the question.
 */
function focusTable(linking: Linking, tables: Mention<TableSchema>[], columns: Mention<ColumnRef>[]): TableSchema {
  const score = new Map<TableSchema, number>();
  const add = (table: TableSchema, points: number) => score.set(table, (score.get(table) ?? 0) + points);
  const inColumn = (t: Mention<TableSchema>) =>
    columns.some((c) => c.words.length > t.words.length && t.words.every((i) => c.words.includes(i)));
  for (const table of linking.schema.tables) {
    const named = Math.max(0, ...tables.filter((m) => m.target === table && !inColumn(m)).map((m) => m.score));
    add(table, tuned('focusTableName') * named);
    const perWord = new Map<number, number>();
    for (const m of columns) {
      if (m.target.table !== table) continue;
      for (const i of m.words) perWord.set(i, Math.max(perWord.get(i) ?? 0, m.score));
    }
    add(
      table,
      [...perWord.values()].reduce((a, b) => a + b, 0),
    );
  }
  for (const value of linking.values)
    for (const ref of new Set(value.columns.map((c) => c.table))) add(ref, tuned('focusValue'));
  const first = (table: TableSchema) =>
    Math.min(Infinity, ...tables.filter((m) => m.target === table).map((m) => m.words[0]!));
  return [...linking.schema.tables].sort(
    (a, b) => (score.get(b) ?? 0) - (score.get(a) ?? 0) || first(a) - first(b),
  )[0]!;
}

/** Word positions where `phrase` (lower-case words separated by spaces) starts. */
export function phraseStarts(words: Word[], phrase: string): number[] {
  const parts = phrase.split(' ');
  const starts: number[] = [];
  for (let i = 0; i + parts.length <= words.length; i++) {
    if (parts.every((p, j) => words[i + j]!.lower === p)) starts.push(i);
  }
  return starts;
}

/** The first of `phrases` found at or after `from`: its start and the position after its last word. */
export function findPhrase(
  words: Word[],
  phrases: readonly string[],
  from = 0,
): { start: number; end: number; phrase: string } | undefined {
  let best: { start: number; end: number; phrase: string } | undefined;
  for (const phrase of phrases) {
    const start = phraseStarts(words, phrase).find((s) => s >= from);
    if (
      start !== undefined &&
      (!best || start < best.start || (start === best.start && phrase.length > best.phrase.length))
    ) {
      best = { start, end: start + phrase.split(' ').length, phrase };
    }
  }
  return best;
}

/** The column mention that starts within `distance` words after position `at` (skipping claimed ones). */
export function columnAfter(reading: Reading, at: number, distance = 3): Mention<ColumnRef> | undefined {
  return reading.columns.find(
    (m) => m.words[0]! >= at && m.words[0]! - at <= distance && !m.words.some((i) => reading.claimed.has(i)),
  );
}

/** The unclaimed column mention that ends closest before position `at`, within `distance` words. */
export function columnBefore(reading: Reading, at: number, distance = 3): Mention<ColumnRef> | undefined {
  return reading.columns.findLast(
    (m) => m.words.at(-1)! < at && at - m.words.at(-1)! <= distance && !m.words.some((i) => reading.claimed.has(i)),
  );
}

export function claim(reading: Reading, words: Iterable<number>): void {
  for (const i of words) reading.claimed.add(i);
}
