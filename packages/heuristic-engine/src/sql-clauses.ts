// The clause readers of the heuristic engine's SQL templates. Each finds its cue words in the question,
// takes the column (or table) written next to them and claims those words, so later readers and
// the projection see only what is left. sql-templates.ts puts the clauses together.
import type { TableSchema } from '@fnquery/contracts';
import { hintedColumn, holdsNumbers, isTemporal } from './sql-conditions';
import { isKeyColumn, type ColumnRef, type Mention } from './sql-linking';
import type { Aggregate, SelectItem } from './sql-plan';
import { claim, columnAfter, findPhrase, type Reading } from './sql-reading';
import { windowOf } from './sql-weights';
import {
  ADJECTIVE_HINTS,
  AGGREGATES,
  CLAUSE_MARKERS,
  COUNT_CUES,
  DESCENDING,
  DISTINCT_WORDS,
  FREQUENCY,
  GROUP_CUES,
  ORDER_CUES,
  ORDER_WORDS,
  FULL_NAME,
  isPersonalName,
  SUPERLATIVES,
  VALUE_SUPERLATIVES,
} from './sql-vocabulary';

export interface Ranking {
  item: SelectItem;
  descending: boolean;
  /** Ask for the value (MAX/MIN) rather than the rows that hold it. */
  asValue: boolean;
  /** Whose rows a COUNT ranks by, when the question names them. */
  counted?: TableSchema;
}

/**
 * Group by a column; by whatever is shown ("… and how many crossings belong to each"); or by a
 * table's rows ("in each harbour"): its key when it is shown, else its name.
 */
export type Group = ColumnRef | 'shown' | { table: TableSchema };

/** The first cue phrase at or after `from` that no clause has used and that is not inside a longer column name ("visit count"). */
function cueAt(reading: Reading, phrases: readonly string[], from = 0) {
  // "visit count", and "berth number of …" where the word before belongs to a column's name.
  const inName = (i: number) =>
    reading.columns.some(
      (m) =>
        (m.words.length > 1 && m.score === 1 && m.words.includes(i)) ||
        (m.words.at(-1) === i - 1 && /^(?:number|count)$/.test(reading.words[i]!.lower)),
    );
  let found = findPhrase(reading.words, phrases, from);
  while (found && (reading.claimed.has(found.start) || inName(found.start)))
    found = findPhrase(reading.words, phrases, found.start + 1);
  return found;
}

/** The unclaimed column mention of several words that starts at `at` ("number of passengers"), if any. */
function nameHolding(reading: Reading, at: number): Mention<ColumnRef> | undefined {
  return reading.columns.find(
    (m) => m.words[0] === at && m.words.length > 1 && !m.words.some((i) => reading.claimed.has(i)),
  );
}

/** "for each harbour", "per region", "by hull type": the column, or the name of the table, rows are grouped by. */
export function readGroup(reading: Reading): Group | undefined {
  const { words } = reading;
  const aggregated = words.some((w) => AGGREGATES[w.lower]) || findPhrase(words, COUNT_CUES) !== undefined;
  for (let cue = cueAt(reading, GROUP_CUES); cue; cue = cueAt(reading, GROUP_CUES, cue.start + 1)) {
    // "by" after order/sort words is ordering; "the average tonnage of different hulls" groups, "the different hulls" does not.
    if (cue.phrase === 'by' && ORDER_WORDS.test(words[cue.start - 1]?.lower ?? '')) continue;
    if (cue.phrase === 'by' && words.slice(0, cue.start).some((w) => w.lower === 'top')) continue; // "the top 5 ferries by tonnage" ranks
    // "the number of different captains" counts distinct values.
    if (
      cue.phrase.endsWith('different') &&
      (!aggregated || /^(?:number|count)$/.test(words[cue.start - 1]?.lower ?? ''))
    )
      continue;
    // "for each of the different regions"
    let skip = 0;
    while (/^(?:the|of|different|distinct|all)$/.test(words[cue.end + skip]?.lower ?? '') && skip < 4) skip++;
    const column = columnAfter(reading, cue.end + skip, 1);
    if (column) {
      claim(reading, [...range(cue.start, cue.end), ...column.words]);
      return column.target;
    }
    const table = reading.tables.find((t) => t.words[0] === cue.end + skip);
    if (table && cue.phrase !== 'by') {
      claim(reading, [...range(cue.start, cue.end), ...table.words]);
      return { table: table.target };
    }
    // "… to each", "… for each one": the things listed before.
    const next = words[cue.end];
    if (cue.phrase.endsWith('each') && (!next || next.lower === 'one' || next.lower === 'of')) {
      claim(reading, range(cue.start, cue.end + (next?.lower === 'one' ? 1 : 0)));
      return 'shown';
    }
  }
  return undefined;
}

export function readOrder(reading: Reading): Ranking | undefined {
  const cue = cueAt(reading, ORDER_CUES);
  if (!cue) return undefined;
  const rest = reading.words
    .slice(cue.start)
    .map((w) => w.lower)
    .join(' ');
  const descending = DESCENDING.test(rest);
  claim(reading, range(cue.start, cue.end));
  const column = columnAfter(reading, cue.end, windowOf('orderColumn'));
  const counted = findPhrase(reading.words, ['number of', 'count'], cue.end);
  if (counted && counted.start - cue.end <= 3 && (!column || counted.start < column.words[0]!)) {
    claim(reading, range(counted.start, counted.end));
    const table = reading.tables.find((t) => t.words[0]! >= counted.end && t.words[0]! - counted.end <= 2);
    if (table) claim(reading, table.words);
    return { item: { aggregate: 'COUNT' }, descending, asValue: false };
  }
  if (column) {
    claim(reading, column.words);
    return { item: { column: column.target }, descending, asValue: false };
  }
  // "in alphabetical order": by what is shown, decided once the projection is known.
  return { item: {}, descending, asValue: false };
}

/** "the highest c", "the 3 oldest", "the most <rows>", "most common": what is ranked, and which way. */
export function readRanking(reading: Reading): Ranking | undefined {
  const { words } = reading;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!.lower;
    const superlative = SUPERLATIVES[word];
    if (!superlative || reading.claimed.has(i)) continue;
    const next = words[i + 1]?.lower ?? '';
    if (words[i - 1]?.lower === 'at' || (word === 'top' && !reading.claimed.has(i + 1))) continue; // "at least", "at most" compare; "top" needs its number
    const { descending } = superlative;
    const asValue = VALUE_SUPERLATIVES.has(word) && asksForValue(reading, i);
    if ((word === 'most' || word === 'least') && FREQUENCY.has(next)) {
      claim(reading, [i, i + 1]);
      return { item: { aggregate: 'COUNT' }, descending, asValue: false };
    }
    const modified = (word === 'most' || word === 'least') && ADJECTIVE_HINTS[words[i + 1]?.stem ?? ''] !== undefined;
    const adjective = modified ? words[i + 1]!.stem : superlative.adjective;
    // "the most expensive …", "the oldest …": the adjective says which column.
    const hinted =
      modified || !columnAfter(reading, i + 1, windowOf('rankedColumn'))
        ? hintedRanking(reading, adjective)
        : undefined;
    if (hinted) {
      claim(reading, modified ? [i, i + 1] : [i]);
      return { item: { column: hinted.column }, descending: hinted.flip ? !descending : descending, asValue };
    }
    // "the greatest number of berths" counts berths; "the largest number of seats" ranks a
    // column; "the top 5 ferries by tonnage" ranks by what follows "by".
    const counting = findPhrase(words, ['number of', 'amount of', 'count of'], i + 1);
    const by = word === 'top' ? findPhrase(words, ['by'], i + 1) : undefined;
    const from = by ? by.end : counting && counting.start <= i + 2 ? counting.end : i + 1;
    const table = reading.tables.find((t) => t.words[0]! >= from && t.words[0]! - from <= 2);
    const column =
      (counting && nameHolding(reading, counting.start)) ?? columnAfter(reading, from, windowOf('rankedColumn'));
    if (column && holdsNumbers(column.target) && (!table || column.words[0]! <= table.words[0]!)) {
      claim(reading, [...range(i, from), ...column.words]);
      return { item: { column: column.target }, descending, asValue };
    }
    if (from > i + 1 || (table && (word === 'most' || word === 'least' || word === 'fewest'))) {
      claim(reading, [...range(i, from), ...(table?.words ?? [])]);
      return { item: { aggregate: 'COUNT' }, descending, asValue: false, ...(table && { counted: table.target }) };
    }
  }
  return undefined;
}

/** Which column a superlative's adjective is about; older rows have earlier dates, so "oldest" sorts a birth date up. */
function hintedRanking(
  reading: Reading,
  adjective: string | undefined,
): { column: ColumnRef; flip: boolean } | undefined {
  const hinted = adjective ? hintedColumn(reading, ADJECTIVE_HINTS[adjective] ?? []) : undefined;
  if (!hinted) return undefined;
  const dated = isTemporal(hinted.column) || /birth|born|dob/i.test(hinted.column.name);
  return { column: hinted, flip: dated && /^(?:old|young)$/.test(adjective ?? '') };
}

/**
 * "What is the highest age" asks for a value; "the captain with the highest age", "who has the
 * highest …" ask for a row: the superlative must come before any relative clause.
 */
function asksForValue(reading: Reading, at: number): boolean {
  const { words } = reading;
  if (/^(?:who|which|whose)$/.test(words[0]?.lower ?? '')) return false;
  return !words
    .slice(1, at)
    .some((w, i) => CLAUSE_MARKERS.has(w.lower) && !/^(?:along|together)$/.test(words[i]!.lower));
}

/** "average age", "the average and minimum fare", "the average length and beam", "total cargo". */
export function readAggregates(reading: Reading, grouped: boolean): SelectItem[] {
  const { words } = reading;
  const items: SelectItem[] = [];
  const pending: { aggregate: Aggregate; at: number }[] = [];
  for (let i = 0; i < words.length; i++) {
    const aggregate = AGGREGATES[words[i]!.lower];
    // "mean depth" may be a column's name (`mean_depth_m`).
    if (!aggregate || reading.claimed.has(i) || nameHolding(reading, i)) continue;
    // "with the maximum score" asks for a row (a ranking), unless rows are grouped.
    if ((aggregate === 'MAX' || aggregate === 'MIN') && !grouped && !asksForValue(reading, i)) continue;
    pending.push({ aggregate, at: i });
    // "the average, minimum and max fares": the column comes after the last aggregate of a list.
    const listed =
      AGGREGATES[words[i + 1]?.lower ?? ''] ||
      (/^(?:and|or)$/.test(words[i + 1]?.lower ?? '') && AGGREGATES[words[i + 2]?.lower ?? '']);
    if (listed) continue;
    const number = findPhrase(words, ['number of', 'amount of'], i + 1);
    const from = number?.start === i + 1 ? number.end : i + 1;
    // "the total amount of fares" names `amount_fares`, "the average number of passengers" `no_of_passengers`.
    const column =
      (number?.start === i + 1 && nameHolding(reading, i + 1)) || columnAfter(reading, from, windowOf('rankedColumn'));
    if (!column || !holdsNumbers(column.target)) {
      pending.length = 0;
      continue;
    }
    const columns = [column, ...listedColumns(reading, column)];
    claim(reading, [...pending.map((p) => p.at), ...range(i + 1, from), ...columns.flatMap((c) => c.words)]);
    for (const c of columns) items.push(...pending.map((p) => ({ aggregate: p.aggregate, column: c.target })));
    pending.length = 0;
  }
  return items;
}

/** Columns listed right after `first` with "and" or commas ("length and beam"). */
function listedColumns(reading: Reading, first: Mention<ColumnRef>): Mention<ColumnRef>[] {
  const more: Mention<ColumnRef>[] = [];
  let last = first.words.at(-1)!;
  for (;;) {
    const joiner = reading.words[last + 1]?.lower;
    const next = joiner === 'and' || joiner === 'or' ? columnAfter(reading, last + 2, 1) : undefined;
    if (!next || !holdsNumbers(next.target) || AGGREGATES[reading.words[last + 2]?.lower ?? '']) return more;
    more.push(next);
    last = next.words.at(-1)!;
  }
}

export interface Count {
  item: SelectItem;
  /** The table whose rows are counted, when the question names it. */
  table?: TableSchema;
  /** Where the cue starts. */
  at: number;
  /** "how many berths": the question counts with a column that holds counts. */
  column?: ColumnRef;
}

const COUNT_TAIL = ['the total number of', 'the number of', 'total number of', 'number of', 'the count of'];

/** "how many ferries", "count the number of different regions": COUNT(*) or COUNT(DISTINCT c), and the table counted. */
export function readCount(reading: Reading): Count | undefined {
  const { words } = reading;
  const cue = cueAt(reading, COUNT_CUES);
  if (!cue) return undefined;
  // "count the number of …" is one cue.
  const tail = findPhrase(words, COUNT_TAIL, cue.end);
  const end = tail?.start === cue.end ? tail.end : cue.end;
  claim(reading, [...range(cue.start, end), ...countEchoes(reading, end)]);
  const at = cue.start;
  const distinctAt = [end, cue.start - 1].find((i) => DISTINCT_WORDS.has(words[i]?.lower ?? ''));
  const table = reading.tables.find((t) => t.words[0]! >= end && t.words[0]! - end <= 3);
  if (distinctAt !== undefined) {
    const column = columnAfter(reading, Math.max(distinctAt + 1, end), 1);
    if (column) {
      claim(reading, [distinctAt, ...column.words]);
      return { item: { aggregate: 'COUNT', distinct: true, column: column.target }, at };
    }
  }
  const column = columnAfter(reading, end, 0);
  // A key identifies the rows counted ("how many scientists" linked to `SSN`); it holds no counts.
  if (
    column &&
    holdsNumbers(column.target) &&
    !isKeyColumn(column.target) &&
    (!table || table.words[0]! > column.words[0]!)
  ) {
    // "the total number of night passengers" adds a column up; "how many berths" reads one.
    const total =
      words[cue.start - 1]?.lower === 'total' || words[cue.start]?.lower === 'total' || tail?.phrase.includes('total');
    if (total || cue.phrase === 'how many') {
      claim(reading, [cue.start - 1, ...column.words]);
      return {
        item: total ? { aggregate: 'SUM', column: column.target } : { column: column.target },
        at,
        column: column.target,
      };
    }
  }
  if (table) claim(reading, table.words);
  return { item: { aggregate: 'COUNT' }, at, ...(table ? { table: table.target } : {}) };
}

/** Words that restate a count already asked for: "… Give the name and the count." */
const COUNT_ECHO = /^(?:count|number|total|tally)$/;

/**
 * "How many X does each Y have? Give the Y name and the count": "the count" (or "the number") at the end of
 * a list, with no "of" after it, is the count the question asked for, not a column whose name holds "count".
 */
function countEchoes(reading: Reading, after: number): number[] {
  const { words } = reading;
  const echoes: number[] = [];
  for (let i = after; i < words.length; i++) {
    if (!COUNT_ECHO.test(words[i]!.lower) || words[i - 1]?.lower !== 'the') continue;
    const listed = /^(?:and|give|show|list|return|display)$/.test(words[i - 2]?.lower ?? '');
    if (listed && words[i + 1]?.lower !== 'of') echoes.push(i - 1, i);
  }
  return echoes;
}

/** The columns no cue used: before the first relative clause when some are, else all. */
export function readProjection(reading: Reading): Mention<ColumnRef>[] {
  const free = reading.columns.filter((m) => !m.words.some((i) => reading.claimed.has(i)));
  // "the first and last name of …": a person's names, wherever the words put them.
  const fullName = findPhrase(reading.words, FULL_NAME);
  if (fullName && !reading.claimed.has(fullName.start)) {
    const names = fullNameColumns(reading, fullName.end);
    if (names.length >= 2) {
      const at = range(fullName.start, fullName.end);
      claim(reading, at);
      const others = free.filter((m) => !m.words.some((i) => at.includes(i)) && !names.includes(m.target));
      const position = others.findIndex((m) => m.words[0]! > fullName.start);
      const named = names.map((target) => ({ target, words: at, score: 1 }));
      others.splice(position < 0 ? others.length : position, 0, ...named);
      return headOf(reading, others);
    }
  }
  return headOf(reading, free);
}

/** A person's first and last name columns, in the table named after the phrase or the focus table. */
function fullNameColumns(reading: Reading, after: number): ColumnRef[] {
  const named = reading.tables.find((t) => t.words[0]! >= after)?.target;
  for (const table of [named, reading.focus, ...reading.linking.schema.tables]) {
    const personal = table?.columns.filter((c) => isPersonalName(c.name)) ?? [];
    if (table && personal.length >= 2) return personal.map((column) => ({ table, column }));
  }
  return [];
}

function headOf(reading: Reading, free: Mention<ColumnRef>[]): Mention<ColumnRef>[] {
  const clause = reading.words.findIndex((w, i) => i > 0 && CLAUSE_MARKERS.has(w.lower));
  const head = clause < 0 ? free : free.filter((m) => m.words[0]! < clause);
  if (!head.length && asksForRowsBefore(reading, clause)) return [];
  return head.length ? head : free;
}

const ASKING_VERBS = new Set(['name', 'list', 'give', 'show', 'find', 'return', 'display']);
const ROWS_LEAD = new Set(['me', 'us', 'the', 'all', 'every', 'each', 'those', 'any']);

/**
 * "Name the deckhands who took a duty …", "List all ferries that …": an asking verb, the rows' table and
 * then "who" or "that" ask for those rows (their name, as "which deckhands" does); a column named in the
 * clause says which rows, it is not what is shown.
 */
function asksForRowsBefore({ words, tables }: Reading, clause: number): boolean {
  if (clause < 2 || !ASKING_VERBS.has(words[0]!.lower) || !/^(?:who|that)$/.test(words[clause]!.lower)) return false;
  const rows = tables.find((t) => t.words.at(-1) === clause - 1);
  return !!rows && words.slice(1, rows.words[0]).every((w) => ROWS_LEAD.has(w.lower));
}

export const range = (start: number, end: number) => Array.from({ length: end - start }, (_, i) => start + i);
