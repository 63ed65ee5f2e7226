// How sure the SQL writer is of the query it wrote, from what it already knows after planning: question
// words nothing read, tables and columns the question names that the query leaves out, columns chosen
// over a rival of (almost) the same name, values whose column was guessed, joins chosen among several.
// Each doubt is counted; a logistic model (weights in sql-weights.ts) turns the counts into a
// confidence, and below the threshold the engine says what it did not understand instead of running a
// query that would answer with confidence and be wrong.
import type { TableSchema } from '@fnquery/contracts';
import { ID_NAME, isKeyColumn, nameStems, type ColumnRef } from './sql-linking';
import { clauseColumns, joinPath, tablesOf, type SqlPlan } from './sql-plan';
import type { Reading } from './sql-reading';
import { DOUBT_WEIGHTS, MIN_CONFIDENCE, type PlanShape } from './sql-weights';
import { wantsCode } from './sql-chart';
import { AGGREGATES, AGGREGATE_WORDS, SUPERLATIVES } from './sql-vocabulary';
import { thingsAsked } from './sql-asked';
import { nameColumn } from './sql-conditions';

/** Words that cue a clause: a count, an aggregate, a superlative ("of" in "number of" cues nothing alone). */
const COUNT_WORDS = new Set(['count', 'counts', 'number', 'many']);
const CUE_WORDS = new Set([...AGGREGATE_WORDS, ...Object.keys(SUPERLATIVES), ...COUNT_WORDS]);

/** A cue word whose clause the query has anyway: said twice ("how many … and the number"), not missed. */
function cueHeeded(word: string, plan: SqlPlan): boolean {
  // A subquery's aggregate ("= (SELECT MAX(aperture) …)") heeds the cue as the outer clauses do.
  const compared = [...plan.where, ...(plan.setOperation?.where ?? [])].map((c) => c.value);
  const aggregates = [
    ...plan.select.map((s) => s.aggregate),
    plan.having?.item.aggregate,
    plan.orderBy?.item.aggregate,
    ...compared.map((v) => (typeof v === 'object' && 'of' in v ? v.aggregate : undefined)),
  ];
  if (COUNT_WORDS.has(word) && aggregates.includes('COUNT')) return true;
  if (Object.hasOwn(AGGREGATES, word) && aggregates.includes(AGGREGATES[word])) return true;
  const ranked =
    (!!plan.orderBy && plan.limit !== undefined) || aggregates.includes('MAX') || aggregates.includes('MIN');
  return Object.hasOwn(SUPERLATIVES, word) && ranked;
}

/** Words that ask or connect rather than name anything: unread, they say nothing about the query. */
const ASKING_WORDS = new Set(
  // With the chart words that wantsCode does not know ("a bar chart").
  (
    'bar pie scatter draw find show list return give display tell report select compute please order ordered sort sorted ascending ' +
    'descending alphabetical alphabetically different distinct unique corresponding correspond corresponds ' +
    'respective respectively information info details detail all each every also along together both called ' +
    'named listed associated belong belongs related across among overall well known what which whose'
  ).split(' '),
);

/** What the writer doubts, each doubt with what it is about (its count is what the model weighs). */
export interface Doubts {
  /** Content words no table, column, value, number or clause read (asking words and cues apart). */
  unreadWord: string[];
  /** Words that cue a clause ("average", "most") the query lacks: unread, or read and then dropped. */
  unreadCue: string[];
  /** Tables the question names in full that the query does not read. */
  tableLeftOut: string[];
  /** Columns the question names that the query does not use. */
  columnLeftOut: string[];
  /** Columns used where another column of their table matched the same words as well: "chosen or rival". */
  rivalColumn: string[];
  /** Conditions on a value whose column no stored value confirmed. */
  guessedValueColumn: string[];
  /** Values and numbers the question states that no condition or clause uses. */
  valueLeftOut: string[];
  numberLeftOut: string[];
  /** Tables joined to (not passed through); those the question names in no way; joins more than one key could make. */
  join: string[];
  unnamedJoin: string[];
  ambiguousJoin: string[];
  /** Linked names used by the query that matched only part of their words. */
  partialMatch: string[];
  /** A GROUP BY and the shown columns or aggregates disagree. */
  clausesApart: string[];
  /** Shown or grouped columns that hold another table's key (`advisor` → a faculty id), not a name. */
  keyShown: string[];
  /** Tables read where another table matched the same words as well ("locations": two tables of locations). */
  rivalTable: string[];
  /** Tables the joins pass through that the question names in no way. */
  passedThrough: string[];
  /** Keys compared with a number by size ("ferry_id > 20"): a quantity meant for another column. */
  keyCompared: string[];
  /** Things the question asks to see ("the name and the age") that no shown column stands for: one per thing. */
  askedLeftOut: string[];
  /** Shown columns beyond the things asked (a grouping column shown beside its aggregate apart). */
  shownUnasked: string[];
  /** Shown columns a condition fixes to one value ("the home port of ferries from Kells"): the question's own words back. */
  shownFixed: string[];
  /** The thing "how many" or "number of" counts, named, not one of the tables the query counts rows of. */
  countedElsewhere: string[];
}

export type Doubt = keyof Doubts;

const refName = (ref: ColumnRef) => `${ref.table.name}.${ref.column.name}`;
const sameRef = (a: ColumnRef, b: ColumnRef) => a.table === b.table && a.column === b.column;

function usedColumns(plan: SqlPlan): ColumnRef[] {
  const refs = [...clauseColumns(plan), ...(plan.setOperation?.where.map((c) => c.column) ?? [])];
  return refs.filter((r): r is ColumnRef => !!r);
}

const SIZE_OPERATORS = new Set(['>', '>=', '<', '<=', 'BETWEEN']);

/** A table of keys only (`skipper_on_voyage`): passing through it is how two tables relate, not a detour. */
const isLinkTable = (table: TableSchema) => table.columns.every((column) => isKeyColumn({ table, column }));

/** Key-like columns two tables share by name: what a join without a declared key could be made on. */
const sharedKeyColumns = (a: TableSchema, b: TableSchema) =>
  a.columns.filter((c) => ID_NAME.test(c.name) && b.columns.some((d) => d.name.toLowerCase() === c.name.toLowerCase()))
    .length;

/** Tables the query reads whose words another table, not read, matched as well. */
function rivalTables(reading: Reading, tables: Set<TableSchema>): string[] {
  return reading.tables
    .filter((m) => tables.has(m.target))
    .flatMap((m) => {
      const rival = reading.linking.tables.find(
        (o) =>
          o.target !== m.target &&
          !tables.has(o.target) &&
          o.words.some((i) => m.words.includes(i)) &&
          o.score >= m.score - 0.01,
      );
      return rival ? [`${m.target.name} or ${rival.target.name}`] : [];
    });
}

/** The answer's width against the things asked: too few shown, too many shown (0 each when they agree). */
function answerWidth(reading: Reading, plan: SqlPlan): { leftOut: number; unasked: number } {
  const asked = thingsAsked(reading.linking.question, reading.words, (at) =>
    reading.columns.some((m) => m.words.includes(at)),
  );
  if (!asked) return { leftOut: 0, unasked: 0 };
  // A grouped column shown beside an aggregate names the groups the question asks about ("for each port").
  const aggregated = plan.select.some((s) => s.aggregate);
  const grouping = plan.select.filter(
    (s) => aggregated && s.column && !s.aggregate && plan.groupBy.some((g) => sameRef(g, s.column!)),
  ).length;
  const shown = plan.select.length;
  return { leftOut: Math.max(0, asked - shown), unasked: Math.max(0, shown - grouping - asked) };
}

/** Words between a count cue and the thing it counts ("how many different ferries"). */
const COUNTED_LEAD = new Set(['different', 'distinct', 'unique', 'total', 'separate', 'kinds', 'types']);

/**
 * The noun "how many" or "number of" counts, when the query counts rows and that noun names no table it reads
 * nor a column of one ("how many crossings has the ferry Aurora" counted as rows of `ferry`): the rows counted
 * are another thing's.
 */
function countedElsewhere(reading: Reading, plan: SqlPlan, tables: Set<TableSchema>): string[] {
  const countsRows = [plan.having?.item, plan.orderBy?.item, ...plan.select].some(
    (s) => s?.aggregate === 'COUNT' && !s.column,
  );
  if (!countsRows) return [];
  const { words } = reading;
  const cue = words.findIndex(
    (w, i) =>
      (w.lower === 'how' && words[i + 1]?.lower === 'many') || (w.lower === 'number' && words[i + 1]?.lower === 'of'),
  );
  if (cue < 0) return [];
  let at = cue + 2;
  while (at < words.length && (words[at]!.stop || COUNTED_LEAD.has(words[at]!.lower))) at++;
  const noun = words[at];
  if (!noun || !/[a-z]/i.test(noun.text)) return [];
  const names = [
    ...reading.tables.map((m) => ({ words: m.words, table: m.target })),
    ...reading.columns.map((m) => ({ words: m.words, table: m.target.table })),
  ].filter((m) => m.words.includes(at));
  return names.some((m) => tables.has(m.table)) ? [] : [noun.lower];
}

/**
 * "Which ferries are named Aurora?" asks for rows, and a row is shown by its name even when the question
 * fixes it: the one column shown is the name of the rows the question opens by asking for.
 */
function namesRowsAsked(reading: Reading, plan: SqlPlan, shown: ColumnRef): boolean {
  const opensWith = /^(?:which|who)$/.test(reading.words[0]?.lower ?? '');
  const asksRows = reading.tables.some((t) => t.words[0] === 1 && t.target === shown.table);
  const naming = nameColumn(shown.table);
  return opensWith && asksRows && plan.select.length === 1 && !!naming && sameRef(naming, shown);
}

/** The preposition after a verb that relates rows to a named row: "located in", "taught by", "found at". */
const RELATING_PREPOSITION = /^(?:in|at|by|from|on|with|under|near)$/;
/** Words between the preposition and the value it relates to: "found at both …", "located in the …". */
const OBJECT_FILLER = /^(?:the|a|an|both|either)$/;

/** The tables whose columns the plan compares with this value (in its conditions or its set's). */
function usedValueTables(plan: SqlPlan, value: string): TableSchema[] {
  const conditions = [...plan.where, ...(plan.setOperation?.where ?? [])];
  return conditions.filter((c) => c.value === value).map((c) => c.column.table);
}

export function readDoubts(reading: Reading, plan: SqlPlan): Doubts {
  const { words, linking } = reading;
  const used = usedColumns(plan);
  const tables = tablesOf(plan);
  const usesColumn = (ref: ColumnRef) => used.some((u) => sameRef(u, ref));
  const covered = new Set<number>(reading.claimed);
  for (const m of [...reading.tables, ...reading.columns]) for (const i of m.words) covered.add(i);
  const unclaimed = (at: number[]) => !at.some((i) => reading.claimed.has(i));
  const valuesLeftOut = reading.values.filter((v) => unclaimed(v.words)).map((v) => v.value);
  const numbersLeftOut = linking.numbers.filter((n) => unclaimed(n.words)).map((n) => String(n.value));
  for (const v of reading.values) for (const i of v.words) covered.add(i);
  for (const n of linking.numbers) for (const i of n.words) covered.add(i);
  // A value the query compares names a row of its column's table ("couriers based at North Yard").
  const comparedValues = reading.values.flatMap((v) =>
    unclaimed(v.words) ? [] : usedValueTables(plan, v.value).map((table) => ({ at: v.words, table })),
  );
  // A word between the names of two tables the query joins is the relation joining them ("skippers who
  // sailed on voyages"): the join reads it.
  const joinedNames = [...reading.tables, ...reading.columns]
    .map((m) => ({ at: m.words, table: 'table' in m.target ? m.target.table : m.target }))
    .filter((m) => tables.has(m.table));
  const relates = (i: number) =>
    tables.size > 1 &&
    (joinedNames.some((a) => joinedNames.some((b) => a.table !== b.table && a.at.at(-1)! < i && i < b.at[0]!)) ||
      relatesToValue(i));
  // "stores located in Leeds": a verb and its preposition right before a value of another table than the
  // one named before the verb ("staff live in state Georgia" leaves "state" unread, and so the verb).
  const objectAt = (i: number) => {
    let at = i + 2;
    while (OBJECT_FILLER.test(words[at]?.lower ?? '')) at++;
    return at;
  };
  const relatesToValue = (i: number) =>
    RELATING_PREPOSITION.test(words[i + 1]?.lower ?? '') &&
    joinedNames.some((a) =>
      comparedValues.some(
        (v) => tables.has(v.table) && a.table !== v.table && a.at.at(-1)! < i && v.at[0] === objectAt(i),
      ),
    );
  const unreadWords = words.flatMap((w, i) =>
    covered.has(i) || w.stop || !/[a-z]/i.test(w.text) || relates(i) ? [] : [w.lower],
  );
  const plain = plan.select.filter((s) => s.column && !s.aggregate).map((s) => s.column!);
  const aggregated = plan.select.some((s) => s.aggregate) || !!plan.having || !!plan.orderBy?.item.aggregate;
  // A GROUP BY that shows columns it does not group by, or groups with nothing to aggregate; an
  // aggregate shown beside plain columns without a GROUP BY: the clauses were read apart.
  const clausesApart = plan.groupBy.length
    ? plain.some((c) => !plan.groupBy.some((g) => sameRef(g, c))) || !aggregated
    : plain.length > 0 && plan.select.some((s) => s.aggregate);

  const tablesLeftOut = reading.tables
    .filter((t) => t.score >= 1 && !tables.has(t.target) && !t.words.some((i) => reading.claimed.has(i)))
    .map((t) => t.target.name);
  const columnsLeftOut = reading.columns
    .filter((m) => !usesColumn(m.target) && !m.words.some((i) => reading.claimed.has(i)))
    .map((m) => refName(m.target));

  const rivals: string[] = [];
  const partialMatches: string[] = [];
  for (const m of reading.columns) {
    if (!usesColumn(m.target)) continue;
    if (m.score < 1) partialMatches.push(refName(m.target));
    const rival = linking.columns.find(
      (o) =>
        !sameRef(o.target, m.target) &&
        // Across tables the reading's context decides ("route names of voyages"); within one, nothing does.
        o.target.table === m.target.table &&
        o.words.some((i) => m.words.includes(i)) &&
        o.score >= m.score - 0.01,
    );
    if (rival) rivals.push(`${refName(m.target)} or ${refName(rival.target)}`);
  }

  const guessedValueColumns = plan.where
    .filter((c) => typeof c.value === 'string')
    .filter((c) => {
      const mention = reading.values.find((v) => v.value === c.value);
      // Confirmed by a stored value, or by the question naming the column ("named 'Ida'").
      const named = reading.columns.some((m) => sameRef(m.target, c.column));
      return mention ? !named && !mention.columns.some((r) => sameRef(r, c.column)) : false;
    })
    .map((c) => refName(c.column));

  const named = new Set<TableSchema>([
    ...reading.tables.map((t) => t.target),
    ...reading.columns.map((c) => c.target.table),
    ...reading.values.flatMap((v) => v.columns.map((c) => c.table)),
  ]);
  const path = joinPath(linking.schema, plan.from, tables) ?? [];
  const ambiguousJoins = path
    .filter((step) => {
      const declared = [
        ...step.from.foreignKeys.filter((f) => f.referencedTable === step.to.name),
        ...step.to.foreignKeys.filter((f) => f.referencedTable === step.from.name),
      ];
      // Without a declared key, the join takes a same-named key column: several of them, several readings.
      return declared.length ? declared.length > 1 : sharedKeyColumns(step.from, step.to) > 1;
    })
    .map((step) => `${step.from.name}–${step.to.name}`);
  const keyWord = /^(?:id|code|no|num|number|key)$/;
  const keysShown = [...plain, ...plan.groupBy]
    .filter(
      (ref) =>
        ref.table.foreignKeys.some((f) => f.columns.includes(ref.column.name)) &&
        !nameStems(ref.column.name).some((w) => keyWord.test(w)),
    )
    .map(refName);
  // A cue word (stop words such as "most" too) whose clause the query lacks: unread, or a superlative a
  // clause took whose ordering the plan then dropped (no column to rank by). "At least" compares instead.
  // "Airport Road" or "Top Field" is a value the query compares, not a cue for a ranking.
  const inNames = new Set([
    ...[...reading.tables, ...reading.columns].flatMap((m) => m.words),
    ...comparedValues.flatMap((v) => v.at),
  ]);
  const unreadCue = words.flatMap((w, i) =>
    CUE_WORDS.has(w.lower) &&
    !inNames.has(i) &&
    words[i - 1]?.lower !== 'at' &&
    (!reading.claimed.has(i) || Object.hasOwn(SUPERLATIVES, w.lower)) &&
    !cueHeeded(w.lower, plan)
      ? [w.lower]
      : [],
  );
  const width = answerWidth(reading, plan);
  const fixed = plan.select
    .filter((s) => s.column && !s.aggregate && !namesRowsAsked(reading, plan, s.column))
    .filter((s) => plan.where.some((c) => c.op === '=' && typeof c.value === 'string' && sameRef(c.column, s.column!)))
    .map((s) => refName(s.column!));
  return {
    unreadWord: unreadWords.filter((w) => !CUE_WORDS.has(w) && !ASKING_WORDS.has(w) && !wantsCode(w)),
    unreadCue,
    tableLeftOut: tablesLeftOut,
    columnLeftOut: columnsLeftOut,
    rivalColumn: rivals,
    guessedValueColumn: guessedValueColumns,
    valueLeftOut: valuesLeftOut,
    numberLeftOut: numbersLeftOut,
    // Each table the query reaches; a link table passed through is part of one relation, not another join.
    join: path.filter((step) => !path.some((next) => next.from === step.to)).map((step) => step.to.name),
    // A link table the path passes through to reach a named one is how they relate, not a doubt.
    unnamedJoin: path
      .filter((step) => !named.has(step.to) && !path.some((next) => next.from === step.to))
      .map((step) => step.to.name),
    ambiguousJoin: ambiguousJoins,
    partialMatch: partialMatches,
    clausesApart: clausesApart ? ['the grouping and the shown columns'] : [],
    keyShown: [...new Set(keysShown)],
    rivalTable: rivalTables(reading, tables),
    passedThrough: path
      .filter((step) => !named.has(step.to) && !isLinkTable(step.to) && path.some((next) => next.from === step.to))
      .map((step) => step.to.name),
    keyCompared: [...plan.where, ...(plan.setOperation?.where ?? [])]
      .filter((c) => SIZE_OPERATORS.has(c.op) && typeof c.value === 'number' && isKeyColumn(c.column))
      .map((c) => refName(c.column)),
    askedLeftOut: Array.from({ length: width.leftOut }, () => 'a thing asked'),
    shownUnasked: Array.from({ length: width.unasked }, () => 'a column not asked'),
    shownFixed: fixed,
    countedElsewhere: countedElsewhere(reading, plan, tables),
  };
}

export const DOUBTS = Object.keys(DOUBT_WEIGHTS).filter((d) => d !== 'none') as Doubt[];

/** The shape a plan is judged as: a subquery or set operation, joined tables, or one table. */
export function planShape(plan: SqlPlan): PlanShape {
  if (plan.setOperation || plan.where.some((c) => typeof c.value === 'object')) return 'nested/set';
  return tablesOf(plan).size > 1 ? 'join' : 'simple';
}

/** The model's confidence (0–1) that a query of this shape answers the question. */
export function confidenceOf(doubts: Doubts, shape: PlanShape): number {
  const logOdds = DOUBTS.reduce(
    (sum, d) => sum + DOUBT_WEIGHTS[d][shape].value * doubts[d].length,
    DOUBT_WEIGHTS.none[shape].value,
  );
  return 1 / (1 + Math.exp(-logOdds));
}

const quoted = (items: string[]) => [...new Set(items)].map((i) => `"${i}"`).join(', ');

/** What the user is told a doubt is about, most telling first; doubts about joins alone say little. */
const SAYS: [Doubt, (items: string[]) => string][] = [
  ['unreadCue', (i) => `${quoted(i)} asks for a clause the query would lack`],
  ['numberLeftOut', (i) => `the number ${quoted(i)} is not tied to any column`],
  ['valueLeftOut', (i) => `the value ${quoted(i)} is not tied to any column`],
  ['unreadWord', (i) => `no table or column matches ${quoted(i)}`],
  ['tableLeftOut', (i) => `the query would not read the table ${quoted(i)} the question names`],
  ['columnLeftOut', (i) => `the query would not use the column ${quoted(i)} the question names`],
  ['guessedValueColumn', (i) => `no stored value confirms which column ${quoted(i)} is compared on`],
  ['rivalColumn', (i) => `more than one column fits: ${i.join('; ')}`],
  ['rivalTable', (i) => `more than one table fits: ${i.join('; ')}`],
  ['keyCompared', (i) => `a number is compared with the key ${quoted(i)}, which identifies rows, not measures them`],
  ['keyShown', (i) => `${quoted(i)} holds another table's key, not a name`],
  ['askedLeftOut', (i) => `the question asks for ${i.length} more thing(s) than the query would show`],
  ['shownUnasked', (i) => `the query would show ${i.length} column(s) more than the question asks for`],
  ['countedElsewhere', (i) => `the query counts rows of another table than the ${quoted(i)} asked about`],
  ['shownFixed', (i) => `the query would show ${quoted(i)}, which the question fixes to one value`],
  ['clausesApart', () => 'the grouping does not fit the columns asked for'],
  ['ambiguousJoin', (i) => `the tables ${quoted(i)} can be joined on more than one key`],
  ['unnamedJoin', (i) => `the query would join ${quoted(i)}, which the question does not name`],
  ['join', (i) => `joined queries like this one, joining ${quoted(i)}, are too often wrong to run unchecked`],
  ['passedThrough', (i) => `the query would pass through ${quoted(i)}, which the question does not name`],
];

/**
 * Why the query is not written, when its confidence is below the threshold: what was not understood and
 * which readings compete, for the engine's usual "could not answer" reply; undefined when confident.
 */
export function doubtfulReading(doubts: Doubts, shape: PlanShape): string | undefined {
  const confidence = confidenceOf(doubts, shape);
  const threshold = MIN_CONFIDENCE[shape].value;
  if (confidence >= threshold) return undefined;
  const said = SAYS.filter(([d]) => doubts[d].length)
    .slice(0, 3)
    .map(([d, say]) => say(doubts[d]));
  const why = said.length ? said.join('; ') : 'the query would join several tables the question does not name';
  return `the reading is too uncertain to run (confidence ${confidence.toFixed(2)}, below ${threshold}): ${why}; name the table and the columns the question is about`;
}
