// The WHERE part of the heuristic engine's SQL: values the question names (found in the data, quoted or
// written with capitals) and numbers it compares ("more than 14 berths", "between 20 and 25",
// "after 1990"), each tied to the column it talks about. Numbers that say how many rows to return
// ("top 5") or how many related rows a group needs ("at least two crossings") are read here too,
// because the same words decide all three.
import type { ColumnSchema, TableSchema } from '@fnquery/contracts';
import {
  isKeyColumn,
  nameStems,
  type ColumnRef,
  type Mention,
  type NumberMention,
  type ValueMention,
} from './sql-linking';
import { joinPath, type AggregateValue, type Condition, type Operator, type SelectItem } from './sql-plan';
import { readFlags } from './sql-flags';
import { claim, columnAfter, columnBefore, findPhrase, type Reading } from './sql-reading';
import { columnUnit, measures, namesQuantity, percentScale, toColumnUnit, writtenUnit, type Unit } from './sql-units';
import { MAX_ROW_LIMIT, windowOf } from './sql-weights';
import { ADJECTIVE_HINTS, AGGREGATES, FIRST_NAME, LAST_NAME, SUPERLATIVES } from './sql-vocabulary';

export interface Filters {
  where: Condition[];
  /** "top 5", "the three youngest". */
  limit?: number;
  /** "at least two crossings": a count of related rows per group. */
  having?: { op: Operator; value: number; counted?: TableSchema };
  /** "types with an average price above the overall average": each group's aggregate against all rows'. */
  groupHaving?: { item: SelectItem; op: Operator; value: AggregateValue };
  /** Why a comparison the question makes could not be read with confidence. */
  unsure?: string;
  /** The word each condition was read from, for rules that care which side of a cue it stands on. */
  readAt: Map<Condition, number>;
}

const NUMERIC = /^(?:tinyint|smallint|mediumint|int|integer|bigint|decimal|numeric|float|double|real|year|bit)\b/i;
const TEMPORAL = /^(?:date|datetime|timestamp|time|year)\b/i;
const isNumeric = (c: ColumnSchema) => NUMERIC.test(c.type);
export const isTemporal = (c: ColumnSchema) => TEMPORAL.test(c.type);
export const isText = (c: ColumnSchema) => !isNumeric(c) && !isTemporal(c);

/** Numbers can be compared with it: a numeric or date type, or text whose sample values are all numbers. */
export function holdsNumbers({ table, column }: ColumnRef): boolean {
  if (!isText(column)) return true;
  const at = table.columns.indexOf(column);
  const samples = table.sampleRows.map((row) => row[at]).filter((v) => v !== null && v !== '');
  return samples.length > 0 && samples.every((v) => typeof v === 'number' || /^[-+]?\d+(?:\.\d+)?$/.test(String(v)));
}

/** Comparison phrases, longest first so "greater than or equal to" wins over "greater than". */
const BEFORE_NUMBER: [string, Operator][] = [
  ...[
    'greater than or equal to',
    'more than or equal to',
    'larger than or equal to',
    'at least',
    'no less than',
    'not less than',
    'no fewer than',
    'since',
  ].map((p): [string, Operator] => [p, '>=']),
  ...['less than or equal to', 'smaller than or equal to', 'at most', 'no more than', 'not more than', 'up to'].map(
    (p): [string, Operator] => [p, '<='],
  ),
  ...[
    'more than',
    'greater than',
    'larger than',
    'bigger than',
    'higher than',
    'over',
    'above',
    'exceeding',
    'exceeds',
    'exceed',
    'after',
    'later than',
    'older than',
    'longer than',
    'taller than',
    'heavier than',
  ].map((p): [string, Operator] => [p, '>']),
  ...[
    'less than',
    'fewer than',
    'smaller than',
    'lower than',
    'below',
    'under',
    'before',
    'earlier than',
    'younger than',
    'shorter than',
    'lighter than',
    'cheaper than',
  ].map((p): [string, Operator] => [p, '<']),
  ...['not equal to', 'other than', 'not'].map((p): [string, Operator] => [p, '<>']),
];
const AFTER_NUMBER: [string, Operator][] = [
  ['or more', '>='],
  ['or greater', '>='],
  ['or older', '>='],
  ['or above', '>='],
  ['or higher', '>='],
  ['and above', '>='],
  ['or later', '>='],
  ['or less', '<='],
  ['or fewer', '<='],
  ['or younger', '<='],
  ['or below', '<='],
  ['or lower', '<='],
  ['and below', '<='],
  ['or earlier', '<='],
];

const TOP = ['top', 'first', 'best', 'worst', 'last'];

export function readFilters(reading: Reading): Filters {
  const readAt = new Map<Condition, number>();
  const filters: Filters = { where: [], readAt };
  const subqueries = addSubqueryComparisons(reading, filters);
  // In question order, so "… heavier than 300 or with hull 'Steel'" joins its two tests with OR.
  const mentions = [
    ...[...reading.values, ...patternValues(reading)].map((value) => ({
      at: value.words[0]!,
      read: () => addValue(reading, value, filters),
    })),
    ...reading.linking.numbers.map((number) => ({
      at: number.words[0]!,
      read: () => addNumber(reading, number, filters),
    })),
  ];
  for (const mention of mentions.sort((a, b) => a.at - b.at)) {
    const before = filters.where.length;
    mention.read();
    for (const c of filters.where.slice(before)) readAt.set(c, mention.at);
  }
  for (const flag of readFlags(reading)) {
    filters.where.push(flag);
    readAt.set(flag, reading.columns.find((m) => m.target === flag.column)?.words[0] ?? -1);
  }
  // "higher than the average rating of the Folk songs": the conditions after the quantifier pick the
  // rows compared with, when a join reaches their table from the aggregated column's.
  for (const { condition, after } of subqueries) {
    const inner = condition.value as AggregateValue;
    const moved = filters.where.filter(
      (c) =>
        (readAt.get(c) ?? -1) > after &&
        (c.column.table === inner.of.table || joinPath(reading.linking.schema, inner.of.table, [c.column.table])),
    );
    inner.where.push(...moved.map((c) => ({ ...c, or: c.or && moved.indexOf(c) > 0 ? true : undefined })));
    filters.where = filters.where.filter((c) => !moved.includes(c));
  }
  return filters;
}

/** "names starting with the letter A", "titles that contain the word 'Tide'": the pattern and its kind. */
const PATTERN =
  /\b(?:(start|starts|starting|begin|begins|beginning)\s+with|(end|ends|ending)\s+with|(contain|contains|containing|include|includes|including|substring|like))(?:\s+(?:a|an|the))?(?:\s+(?:letter|word|string|substring|text|phrase))?$/;

/**
 * "starts with A", "containing the letter a": the unquoted word after a pattern cue is a value too, but
 * not a quantifier ("containing both …") nor a table's name ("ports that contain ferries" relates rows).
 */
const PATTERN_FILLER = /^(?:a|an|the|letter|word|string|substring|text|phrase|both|either|all|any|some)$/;

function patternValues(reading: Reading): ValueMention[] {
  const { words } = reading;
  const found: ValueMention[] = [];
  words.forEach((word, i) => {
    const before = words
      .slice(Math.max(0, i - windowOf('patternCue')), i)
      .map((w) => w.lower)
      .join(' ');
    if (!PATTERN.test(before) || PATTERN_FILLER.test(word.lower) || reading.values.some((v) => v.words.includes(i)))
      return;
    if (reading.tables.some((t) => t.words.includes(i))) return;
    if (found.some((f) => f.words[0] === i - 1)) return;
    found.push({ value: word.text, words: [i], columns: [], quoted: true });
  });
  return found;
}

/**
 * How the rows after a comparison are summed up: "the average", "some" / "at least one" (there is a row
 * it beats), "all" / "every" (it beats every row), "the largest" / "the lowest". "any" is left out on
 * purpose: "higher than any X" means "than every X" to some writers and "than some X" to others.
 */
type Quantifier = 'average' | 'some' | 'all' | 'max' | 'min' | 'any';
const QUANTIFIERS: Record<string, Quantifier> = {
  average: 'average',
  mean: 'average',
  some: 'some',
  all: 'all',
  every: 'all',
  any: 'any',
  largest: 'max',
  highest: 'max',
  maximum: 'max',
  biggest: 'max',
  greatest: 'max',
  smallest: 'min',
  lowest: 'min',
  minimum: 'min',
};
/** Words between a comparison and its quantifier: "than that of the …", "than those of …". */
const COMPARED_FILLER = /^(?:the|that|those|of|a|an|for|in|overall)$/;

/** A comparison with an aggregate of other rows, whose own conditions are read after it. */
interface PendingSubquery {
  condition: Condition;
  /** Conditions read after this word belong to the rows compared with. */
  after: number;
}

/**
 * "a tonnage above the average tonnage", "younger than average", "a rating higher than some song of the
 * Folk genre", "older than all engineers", "larger than the largest harbour in the North": the column
 * compared with an aggregate of it (AVG; MIN or MAX by the quantifier and the direction). The rows
 * aggregated are the ones the conditions after the quantifier describe (added by readFilters).
 */
function addSubqueryComparisons(reading: Reading, filters: Filters): PendingSubquery[] {
  const { words } = reading;
  const pending: PendingSubquery[] = [];
  words.forEach((w, at) => {
    if (reading.claimed.has(at)) return;
    // "at least one": the existential quantifier, not "at least" before a number.
    const atLeastOne =
      w.lower === 'least' && words[at - 1]?.lower === 'at' && /^(?:one|1)$/.test(words[at + 1]?.lower ?? '');
    const quantifier = atLeastOne ? 'some' : QUANTIFIERS[w.lower];
    if (!quantifier) return;
    const first = atLeastOne ? at - 1 : at;
    const last = atLeastOne ? at + 1 : at;
    // Back over "the", "that of", and a column named there ("than the rating of some …").
    let b = first;
    let between: Mention<ColumnRef> | undefined;
    while (
      b > 0 &&
      first - b < windowOf('quantifierReach') &&
      !comparisonBefore(reading, b) &&
      !comparativeAround(reading, b)
    ) {
      const column = reading.columns.find((m) => m.words.at(-1) === b - 1);
      if (column && !between) {
        between = column;
        b = column.words[0]!;
      } else if (COMPARED_FILLER.test(words[b - 1]!.lower)) b -= 1;
      else break;
    }
    const split = comparativeAround(reading, b);
    const op = comparisonBefore(reading, b) ?? split?.op;
    between ??= split?.column;
    if (!op || !['>', '>=', '<', '<='].includes(op.op)) return;
    if (quantifier === 'any') {
      filters.unsure ??= `"${phraseOf(reading, op.first, last)}" may mean all of them or at least one`;
      return;
    }
    const after = skipCounting(reading, last + 1);
    // A key identifies rows: "ids of harvests that weighed less than the average" compares the weight.
    const before = measure(columnBefore(reading, op.first, windowOf('numberColumnBefore')));
    const named = measure(columnAfter(reading, after, windowOf('quantifiedColumn'))) ?? measure(between) ?? before;
    const adjective = named ? undefined : adjectiveColumn(reading, op.words);
    const verb = named || adjective ? undefined : verbColumn(reading, op.first - 1);
    const hinted = adjective ?? verb;
    const column = named?.target ?? hinted;
    if (!column) return;
    // "an average fare above the average fare of all voyages": the left side aggregates each group.
    const groupWord = before && sameColumn(before.target, column) ? before.words[0]! - 1 : -1;
    const ofGroup = groupWord >= 0 && !reading.claimed.has(groupWord) && AGGREGATES[words[groupWord]!.lower];
    const greater = op.op === '>' || op.op === '>=';
    const aggregate =
      quantifier === 'average'
        ? 'AVG'
        : quantifier === 'max' || (quantifier === 'all' && greater) || (quantifier === 'some' && !greater)
          ? 'MAX'
          : 'MIN';
    const fillers = Array.from({ length: first - op.words.at(-1)! - 1 }, (_, i) => op.words.at(-1)! + 1 + i);
    const counting = Array.from({ length: after - last - 1 }, (_, i) => last + 1 + i);
    const verbWords = verb ? [op.first - 1] : [];
    claim(reading, [...verbWords, ...op.words, ...fillers, first, at, last, ...counting, ...(named?.words ?? [])]);
    const condition: Condition = { column, op: op.op, value: { aggregate, of: column, where: [] } };
    if (ofGroup && filters.groupHaving)
      filters.unsure ??=
        'the question compares two aggregates of groups with other rows, which these rules do not combine';
    else if (ofGroup) {
      claim(reading, [groupWord, ...before!.words]);
      const value = condition.value as AggregateValue;
      filters.groupHaving = { item: { aggregate: ofGroup, column }, op: op.op, value };
    } else filters.where.push(condition);
    pending.push({ condition, after: Math.max(last, ...(named?.words ?? [])) });
  });
  return pending;
}

const sameColumn = (a: ColumnRef, b: ColumnRef) => a.table === b.table && a.column === b.column;

/** Comparatives written around the column they compare: "a higher rating than", "more passengers than". */
const COMPARATIVES: Record<string, Operator> = {
  more: '>',
  higher: '>',
  greater: '>',
  larger: '>',
  bigger: '>',
  longer: '>',
  older: '>',
  less: '<',
  lower: '<',
  fewer: '<',
  smaller: '<',
  shorter: '<',
  younger: '<',
};

/** "a higher rating than" ending just before `at`: the comparison and the column it names. */
export function comparativeAround(
  reading: Reading,
  at: number,
): { op: { op: Operator; words: number[]; first: number }; column: Mention<ColumnRef> } | undefined {
  const { words } = reading;
  if (words[at - 1]?.lower !== 'than') return undefined;
  const column = reading.columns.find((m) => m.words.at(-1) === at - 2 && !m.words.some((i) => reading.claimed.has(i)));
  const comparative = column && column.words[0]! - 1;
  const op = comparative === undefined ? undefined : COMPARATIVES[words[comparative]?.lower ?? ''];
  if (!column || comparative === undefined || !op) return undefined;
  return { op: { op, words: [comparative, at - 1], first: comparative }, column };
}

export const numeric = (m: Mention<ColumnRef> | undefined) => (m && holdsNumbers(m.target) ? m : undefined);

/** A column that measures rows: it holds numbers and is not a key. */
const measure = (m: Mention<ColumnRef> | undefined) => (numeric(m) && !isKeyColumn(m!.target) ? m : undefined);

/** Verbs that name no measure of their own ("were", "had"). */
const AUXILIARY = /^(?:is|are|was|were|be|been|being|have|has|had|do|does|did|that|which|who)$/;

/**
 * The measure a verb before a comparison names: "weighed less than" (`weight_g`), "cost more than" (`cost`).
 * Only an unclaimed verb whose stem starts a numeric column's name: one word stands for the column.
 */
function verbColumn(reading: Reading, at: number): ColumnRef | undefined {
  const word = reading.words[at];
  if (!word || reading.claimed.has(at) || AUXILIARY.test(word.lower) || word.stem.length < 4) return undefined;
  if (reading.tables.some((t) => t.words.includes(at)) || reading.columns.some((c) => c.words.includes(at)))
    return undefined;
  const column = hintedColumn(reading, [word.stem]);
  return column && !isKeyColumn(column) ? column : undefined;
}

/** "the average number of berths": past "number of" / "amount of" to the column. */
function skipCounting(reading: Reading, at: number): number {
  const { words } = reading;
  return /^(?:number|amount|count)$/.test(words[at]?.lower ?? '') && words[at + 1]?.lower === 'of' ? at + 2 : at;
}

const phraseOf = (reading: Reading, from: number, to: number) =>
  reading.words
    .slice(from, to + 1)
    .map((w) => w.text)
    .join(' ');

/** The column a comparison's adjective is about: "older" → age, "cheaper" → price. */
export function adjectiveColumn(reading: Reading, opWords: number[]): ColumnRef | undefined {
  for (const i of opWords) {
    const adjective = reading.words[i]!.stem.replace(/er$/, '').replace(/i$/, 'y');
    const hint = ADJECTIVE_HINTS[adjective] ?? ADJECTIVE_HINTS[reading.words[i]!.lower.replace(/er$/, '')];
    const hinted = hint && hintedColumn(reading, hint);
    if (hinted) return hinted;
  }
  return undefined;
}

function addValue(reading: Reading, value: ValueMention, filters: Filters): void {
  const { words } = reading;
  if (value.words.some((i) => reading.claimed.has(i))) return;
  const first = value.words[0]!;
  const last = value.words.at(-1)!;
  const before = words
    .slice(Math.max(0, first - windowOf('patternCue')), first)
    .map((w) => w.lower)
    .join(' ');
  const pattern = PATTERN.exec(before);
  // "… that has "tide" in its title": a pattern written after the value.
  const inIts = /^in (?:its|their|his|her|the)\b/.test(
    words
      .slice(last + 1, last + 3)
      .map((w) => w.lower)
      .join(' '),
  );
  const wrapping = reading.columns.find(
    (m) => m.words[0]! < first && m.words.at(-1)! > last && !m.words.some((i) => reading.claimed.has(i)),
  );
  // The column named around the value: "ferries in Retired status", "in harbour KLS", "whose hull
  // code is ST", "from Ines Varro's fleet", "with 'Ke' in their names".
  const nearby = [
    wrapping,
    columnBefore(reading, first, windowOf('valueColumnBefore')),
    columnAfter(reading, last + 1, 0),
    ...(pattern || inIts ? [columnAfter(reading, last + 1, windowOf('valuePatternColumnAfter'))] : []),
  ];
  const named =
    nearby.find((m) => m && value.columns.includes(m.target)) ?? nearby.find((m) => m && isText(m.target.column));
  const calledBy = /^(?:named|called|titled|name)$/.test(words[first - 1]?.lower ?? '');
  let column: ColumnRef | undefined;
  if (value.columns.length) {
    column =
      value.columns.find((c) => c === named?.target) ??
      value.columns.find((c) => c.table === reading.focus) ??
      value.columns[0];
  } else if (value.words.length === 2 && !value.quoted && (calledBy || !named) && personName(reading, value, filters)) {
    return;
  } else if (calledBy) {
    column = nameColumn(nearestTable(reading, first) ?? reading.focus);
  } else if (named) {
    column = named.target;
  } else if (value.quoted || pattern || inIts || /\p{Lu}/u.test(value.value)) {
    column = nameColumn(reading.focus);
  }
  if (!column) return;
  if (named?.target === column) claim(reading, named.words);
  claim(reading, value.words);

  let op: Operator = '=';
  let text = value.value;
  if (pattern?.[1]) [op, text] = ['LIKE', `${text}%`];
  else if (pattern?.[2]) [op, text] = ['LIKE', `%${text}`];
  else if ((pattern?.[3] || inIts) && value.columns.length === 0) [op, text] = ['LIKE', `%${text}%`];
  const negated = /\b(?:not|t|never|no|without|except|other than|excluding)\b(?:\s+\w+){0,3}$/.test(before);
  if (negated) op = op === 'LIKE' ? 'NOT LIKE' : '<>';
  const previous = filters.where.at(-1);
  const or = !!previous && words.slice(Math.max(0, first - 2), first).some((w) => w.lower === 'or');
  filters.where.push({ column, op, value: text, ...(or ? { or } : {}) });
}

/** "Ines Varro": a first and a last name, when a table keeps them apart. */
function personName(reading: Reading, value: ValueMention, filters: Filters): boolean {
  const tables = [nearestTable(reading, value.words[0]!), reading.focus, ...reading.linking.schema.tables];
  for (const table of tables) {
    if (!table) continue;
    const first = table.columns.find((c) => FIRST_NAME.test(c.name));
    const last = table.columns.find((c) => LAST_NAME.test(c.name));
    if (!first || !last) continue;
    const [given, family] = value.words.map((i) => reading.words[i]!.text);
    claim(reading, value.words);
    filters.where.push(
      { column: { table, column: first }, op: '=', value: given! },
      { column: { table, column: last }, op: '=', value: family! },
    );
    return true;
  }
  return false;
}

/** The column holding a row's name: `name`, `<table>_name`, else the first name-like or title column. */
export function nameColumn(table: TableSchema): ColumnRef | undefined {
  // A column named as its table, in the singular too (`harbour` of `harbours`), names its rows.
  const tableStems = nameStems(table.name).join(' ');
  const rank = (c: ColumnSchema) => {
    const n = c.name.toLowerCase();
    if (n === 'name') return 0;
    if (n === table.name.toLowerCase() || nameStems(c.name).join(' ') === tableStems) return 1;
    if (/name$/.test(n) && !/(?:first|last|middle|nick|user)_?name$|^[fl]name$/.test(n)) return 1;
    if (/title$/.test(n)) return 2;
    if (/name/.test(n)) return 3;
    return 9;
  };
  const best = [...table.columns].filter((c) => isText(c)).sort((a, b) => rank(a) - rank(b))[0];
  return best && rank(best) < 9 ? { table, column: best } : undefined;
}

function nearestTable(reading: Reading, before: number): TableSchema | undefined {
  return reading.tables.findLast((t) => t.words[0]! < before)?.target;
}

function addNumber(reading: Reading, number: NumberMention, filters: Filters): void {
  const { words } = reading;
  const at = number.words[0]!;
  // Already read, or part of a column's name ("400 metre times" for `metre_400`).
  if (number.words.some((i) => reading.claimed.has(i) || reading.columns.some((m) => m.words.includes(i)))) return;
  const previousWord = words[at - 1]?.lower ?? '';
  // "top 5", "the 3 oldest", "the three cargoes loaded in the largest amounts"
  const superlativeAfter = words
    .slice(number.words.at(-1)! + 1, number.words.at(-1)! + 6)
    .some((w) => SUPERLATIVES[w.lower] !== undefined);
  if (
    number.value >= 1 &&
    number.value <= MAX_ROW_LIMIT.value &&
    !number.percent &&
    Number.isInteger(number.value) &&
    (TOP.includes(previousWord) || superlativeAfter) &&
    !comparisonBefore(reading, at)
  ) {
    filters.limit = number.value;
    claim(reading, number.words);
    return;
  }
  // "between 20 and 25", "in the range 300 to 900", "from 5 to 10"
  const upper = reading.linking.numbers.find(
    (n) => n.words[0] === number.words.at(-1)! + 2 && /^(?:and|to)$/.test(words[n.words[0]! - 1]?.lower ?? ''),
  );
  const ranged = upper && /^(?:between|range|from|within)$/.test(previousWord) ? upper : undefined;
  const op = comparison(reading, at, number.words.at(-1)!);
  const previous = filters.where.at(-1);
  // "pier 1 or 2", "heavier than 900 or lighter than 200": the second number belongs to the first one's column.
  const joinedByWord = words.slice(Math.max(0, op.first - 2), op.first).some((w) => /^(?:or|and)$/.test(w.lower));
  const joined = joinedByWord && previous && typeof previous.value === 'number' ? previous : undefined;
  // "at least two crossings": rows of something else counted per row shown.
  const unit = number.unitWord;
  const countedTable = unit === undefined ? undefined : reading.tables.find((t) => t.words.includes(unit));
  const countedColumn =
    unit === undefined ? undefined : reading.columns.find((m) => m.words.includes(unit) && !holdsNumbers(m.target));
  if ((countedTable || countedColumn) && op.op !== '=' && !ranged && Number.isInteger(number.value)) {
    const counted = countedTable?.target ?? countedColumn!.target.table;
    filters.having = { op: op.op, value: number.value, counted };
    claim(reading, [...number.words, ...op.words, ...(countedTable ?? countedColumn)!.words]);
    return;
  }
  const column =
    numberColumn(reading, number, op.words, ranged?.unit) ??
    (joined && { target: joined.column, words: [], score: 1 }) ??
    keyOfTableBefore(reading, at);
  if (!column) return;
  // "between 3 and 5 minutes": the unit written once serves both numbers.
  const writtenIn = number.unit ?? ranged?.unit;
  const value = inColumnUnit(number.value, writtenIn, !!(number.percent || ranged?.percent), column.target);
  if (value === undefined) return;
  // The unit word ("12 hours") is part of the quantity, not a column to show.
  const unitWords = [number, ranged].flatMap((n) =>
    n?.unitWord !== undefined && writtenUnit(n.unit) ? [n.unitWord] : [],
  );
  claim(reading, [...number.words, ...op.words, ...column.words, ...unitWords]);
  // "after 2023" over a DATE column compares its year.
  const year =
    isYearOfDate(number, writtenIn, column.target) && (!ranged || isYearOfDate(ranged, writtenIn, column.target));
  if (year && op.op === '=' && !ranged) claim(reading, eventVerbBefore(reading, number.words[0]!));
  if (ranged) {
    claim(reading, ranged.words);
    const to =
      inColumnUnit(ranged.value, writtenIn, !!(number.percent || ranged.percent), column.target) ?? ranged.value;
    filters.where.push({ column: column.target, op: 'BETWEEN', value, to, ...(year ? { year } : {}) });
    return;
  }
  const or = filters.where.length > 0 && words.slice(Math.max(0, op.first - 2), op.first).some((w) => w.lower === 'or');
  filters.where.push({
    column: column.target,
    op: joined && op.op === '=' ? joined.op : op.op,
    value,
    ...(or ? { or } : {}),
    ...(year ? { year } : {}),
  });
}

/** Past forms that say an event happened, beside the regular "-ed"/"-en" ones. */
const EVENT_VERBS = new Set(['made', 'held', 'sold', 'built', 'won', 'ran', 'run', 'began', 'begun', 'done', 'met']);

/**
 * "rides that took place in 2025", "loans made in 2025", "performances given in 2024": the verb before
 * "in <year>" says the date column's event happened then, which the year condition already reads.
 */
function eventVerbBefore(reading: Reading, at: number): number[] {
  const { words } = reading;
  let i = at - 1;
  if (/^(?:in|during)$/.test(words[i]?.lower ?? '')) i -= 1;
  if (i < 0 || reading.claimed.has(i)) return [];
  if (words[i]!.lower === 'place' && words[i - 1]?.lower === 'took') return [i - 1, i];
  const named = [...reading.columns, ...reading.tables].some((m) => m.words.includes(i));
  const verb = /(?:ed|en)$/.test(words[i]!.lower) || EVENT_VERBS.has(words[i]!.lower);
  return !named && !words[i]!.stop && verb ? [i] : [];
}

/** A whole number in the range of years, with no unit, against a date or time-stamp column (not a YEAR column). */
const isYearOfDate = (number: NumberMention, unit: string | undefined, { column }: ColumnRef) =>
  !unit &&
  !number.percent &&
  Number.isInteger(number.value) &&
  number.value >= 1000 &&
  number.value <= 2999 &&
  /^(?:date|datetime|timestamp)\b/i.test(column.type);

/**
 * The number as the column stores it: converted to the column's unit ("5 minutes" → 300000 for
 * `milliseconds`), a percentage as a fraction where the column holds fractions. Undefined for a
 * percentage against a column that holds no shares: that condition is not applied (and the answer says so).
 */
function inColumnUnit(value: number, unit: string | undefined, percent: boolean, ref: ColumnRef): number | undefined {
  if (percent) {
    const scale = percentScale(ref);
    if (!scale) return undefined;
    return scale === 'fraction' ? Number((value / 100).toPrecision(12)) : value;
  }
  // "$3" against `fee_pence`, "5 kg" against `duration_ms`: units that never convert leave the number unread.
  const from = writtenUnit(unit);
  const to = columnUnit(ref.column);
  if (from && to && from.dimension !== to.dimension) return undefined;
  return toColumnUnit(value, unit, ref.column) ?? value;
}

/**
 * A numeric column that measures the number's dimension: in the focus table, a named table, a table whose
 * columns are named, then any table; a column whose name says its unit before one that only names the quantity
 * ("duration"). Within that column's table, the one in the number's own unit ("50 km" and `distance_km`, not
 * `climb_m`) or named by a word for the quantity (`distance_km` for "shorter than 3 miles") goes first: the
 * order a table lists its columns in means nothing.
 */
function measuredColumn(reading: Reading, unit: Unit): ColumnRef | undefined {
  const tables = new Set([
    reading.focus,
    ...reading.tables.map((t) => t.target),
    ...reading.columns.map((m) => m.target.table),
    ...reading.linking.schema.tables,
  ]);
  const candidates = [...tables].flatMap((table) =>
    table.columns
      .filter((column) => measures(column, unit.dimension) && holdsNumbers({ table, column }))
      .map((column) => ({ table, column })),
  );
  const first = candidates.find((c) => columnUnit(c.column)) ?? candidates[0];
  const fit = (c: ColumnRef) =>
    (columnUnit(c.column)?.factor === unit.factor ? 2 : 0) + (namesQuantity(c.column, unit.dimension) ? 1 : 0);
  const sameTable = candidates.filter(
    (c) => c.table === first?.table && !!columnUnit(c.column) === !!columnUnit(first.column),
  );
  return sameTable.reduce<ColumnRef | undefined>((best, c) => (!best || fit(c) > fit(best) ? c : best), undefined);
}

/** A column that stores shares (percent or fraction), for "a rate above 15%": named just before, else in the focus table. */
function shareColumn(reading: Reading, start: number, end: number): Mention<ColumnRef> | undefined {
  const before = columnBefore(reading, start, windowOf('numberColumnBefore'));
  if (before && percentScale(before.target)) return before;
  // "over 30% gravel": the share named right after the percentage.
  const after = reading.columns.find(
    (m) =>
      percentScale(m.target) &&
      m.words.some((i) => i > end && i <= end + windowOf('shareColumnAfter')) &&
      !m.words.some((i) => reading.claimed.has(i)),
  );
  if (after) return after;
  const own = reading.focus.columns.find((column) => percentScale({ table: reading.focus, column }));
  return own && { target: { table: reading.focus, column: own }, words: [], score: 0.5 };
}

/** The comparison phrase that ends just before position `at` (one filler word allowed: "more than $5", "over the 1000"). */
export function comparisonBefore(
  reading: Reading,
  at: number,
): { op: Operator; words: number[]; first: number } | undefined {
  const { words } = reading;
  for (const [phrase, op] of BEFORE_NUMBER) {
    const length = phrase.split(' ').length;
    for (const skip of [0, 1]) {
      const start = at - skip - length;
      if (start >= 0 && findPhrase(words.slice(start, at - skip), [phrase])?.start === 0) {
        return { op, words: Array.from({ length: length + skip }, (_, i) => start + i), first: start };
      }
    }
  }
  return undefined;
}

/** The comparison written around the number, and the words that wrote it; "=" when none is. */
function comparison(reading: Reading, first: number, last: number): { op: Operator; words: number[]; first: number } {
  const before = comparisonBefore(reading, first);
  if (before) return before;
  for (const [phrase, op] of AFTER_NUMBER) {
    const found = findPhrase(reading.words, [phrase], last + 1);
    if (found && found.start <= last + 2) return { op, words: [found.start, found.start + 1], first };
  }
  return { op: '=', words: [], first };
}

/**
 * "pier 7", "route 12": a table named just before a number means its key; in the focus
 * table that is the column referring to it.
 */
function keyOfTableBefore(reading: Reading, at: number): Mention<ColumnRef> | undefined {
  const table = reading.tables.find((t) => t.words.at(-1) === at - 1 && !reading.claimed.has(at - 1));
  if (!table) return undefined;
  const { focus } = reading;
  const fk = focus.foreignKeys.find((f) => f.referencedTable === table.target.name && f.columns.length === 1);
  const key = table.target.primaryKey.length === 1 ? table.target.primaryKey[0]! : undefined;
  const inFocus = focus.columns.find(
    (c) => c.name === fk?.columns[0] || (key && c.name.toLowerCase() === key.toLowerCase()),
  );
  if (inFocus) return { target: { table: focus, column: inFocus }, words: table.words, score: 1 };
  const own = table.target.columns.find((c) => c.name === key);
  return own && { target: { table: table.target, column: own }, words: table.words, score: 1 };
}

/** The numeric column a number is compared with: named by its unit word, just before it, or by the comparison's adjective. */
function numberColumn(
  reading: Reading,
  number: NumberMention,
  opWords: number[],
  rangeUnit?: string,
): Mention<ColumnRef> | undefined {
  const comparable = (m: Mention<ColumnRef> | undefined) => (m && holdsNumbers(m.target) ? m : undefined);
  const start = Math.min(number.words[0]!, ...opWords);
  if (number.percent) return shareColumn(reading, start, number.words.at(-1)!);
  // "a cooling time over 12 hours": the column named before that measures time, whatever unit it counts in.
  const unit = writtenUnit(number.unit ?? rangeUnit);
  const near = comparable(columnBefore(reading, start, windowOf('numberColumnBefore')));
  if (unit && near && measures(near.target.column, unit.dimension)) return near;
  if (number.unitWord !== undefined) {
    const named = comparable(reading.columns.find((m) => m.words.includes(number.unitWord!)));
    if (named) return named;
  }
  // "longer than 5 minutes": a column of the tables read that measures time.
  const measured = unit && measuredColumn(reading, unit);
  if (measured) return { target: measured, words: [], score: 0.5 };
  const before = comparable(columnBefore(reading, start, windowOf('numberColumnBefore')));
  if (before) return before;
  const hinted = adjectiveColumn(reading, opWords);
  if (hinted) return { target: hinted, words: [], score: 0.5 };
  const yearLike = Number.isInteger(number.value) && number.value >= 1000 && number.value <= 2100;
  if (yearLike) {
    const year = hintedColumn(reading, ['year', 'date'], number.words[0]);
    if (year) return { target: year, words: [], score: 0.5 };
  }
  return comparable(columnAfter(reading, number.words.at(-1)! + 1, windowOf('numberColumnAfter')));
}

/**
 * A column holding numbers or dates whose name holds one of `hints`: in the focus table, a named
 * table, a table whose columns are named, then any table.
 */
export function hintedColumn(reading: Reading, hints: string[], near?: number): ColumnRef | undefined {
  // Near a position ("crossings in 2021"), the closest named table goes first.
  const named =
    near === undefined
      ? reading.tables
      : [...reading.tables].sort((a, b) => Math.abs(a.words[0]! - near) - Math.abs(b.words[0]! - near));
  const first =
    near === undefined
      ? [reading.focus, ...named.map((t) => t.target)]
      : [...named.map((t) => t.target), reading.focus];
  const tables = new Set([...first, ...reading.columns.map((m) => m.target.table), ...reading.linking.schema.tables]);
  // The rows' own table first, whichever hint it matches ("longer routes": a route's distance, not a ride's duration).
  for (const table of tables) {
    for (const hint of hints) {
      const column = table.columns.find(
        (c) => nameStems(c.name).some((p) => p.startsWith(hint)) && holdsNumbers({ table, column: c }),
      );
      if (column) return { table, column };
    }
  }
  return undefined;
}
