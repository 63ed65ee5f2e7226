// Ambiguity by execution (self-consistency): where the writer chose between two near-tied readings — two
// columns of one table whose names match the same words almost as well, two tables of the same words, a
// value stored in two columns of the tables read — it also writes the query of the other reading.
// The caller runs both; if their rows differ the question is ambiguous in a way that matters and the answer
// is declined, naming the two readings; if they agree, the answer is the same whichever was meant. The
// engine runs nothing itself: the rival queries are a list the caller runs (the service's rdbms pipeline and
// the SQL bench both through lib/query/rival-readings.ts).
import type { DatabaseSchema, TableSchema } from '@fnquery/contracts';
import type { ColumnRef } from './sql-linking';
import { clauseColumns, renderSql, tablesOf, type Condition, type SelectItem, type SqlPlan } from './sql-plan';
import type { Reading } from './sql-reading';
import { RIVAL_MARGIN } from './sql-weights';

/** What kind of decision the rival reading takes the other way. */
export type RivalKind =
  | 'column'
  | 'joined column'
  | 'named table column'
  | 'table'
  | 'value'
  | 'count'
  | 'repeated rows'
  | 'counted rows'
  | 'column order';

export interface RivalReading {
  kind: RivalKind;
  /** The query of the other reading. */
  sql: string;
  /** The two readings, for the decline's words: `the column "a.x" or "a.y" for "port"`. */
  reading: string;
}

export interface WrittenReading {
  plan: SqlPlan;
  reading: Reading;
}

/** Writes the question again over a schema with the chosen name taken out: the writer's next-best reading. */
export type Rewriter = (schema: DatabaseSchema) => WrittenReading;

const refName = (ref: ColumnRef) => `${ref.table.name}.${ref.column.name}`;
const margin = RIVAL_MARGIN.value;

/** Keys identify rows: a value is not read as one. */
const isKey = ({ table, column }: ColumnRef) =>
  table.primaryKey.includes(column.name) || table.foreignKeys.some((f) => f.columns.includes(column.name));

/** The plan with one column read as another wherever it appears (conditions of subqueries too). */
function swapColumn(plan: SqlPlan, from: ColumnRef, to: ColumnRef): SqlPlan {
  const sameRef = (r: ColumnRef | undefined) => r?.table === from.table && r.column === from.column;
  const ref = (r: ColumnRef): ColumnRef => (sameRef(r) ? to : r);
  const item = (s: SelectItem): SelectItem => (s.column ? { ...s, column: ref(s.column) } : s);
  const value = <V extends Condition['value'] | HavingValue>(v: V): V =>
    typeof v !== 'object'
      ? v
      : 'subquery' in v
        ? ({ ...v, subquery: ref(v.subquery), where: v.where.map(condition) } as V)
        : ({ ...v, of: ref(v.of), where: v.where.map(condition) } as V);
  // A shown column is swapped where it is shown, grouped and ordered by; a condition on it ("named Aurora")
  // read the column from the value, not from the words the rival shares.
  const shown = plan.select.some((s) => sameRef(s.column));
  const condition = (c: Condition): Condition => (shown ? c : { ...c, column: ref(c.column), value: value(c.value) });
  return {
    ...plan,
    select: plan.select.map(item),
    where: plan.where.map(condition),
    groupBy: plan.groupBy.map(ref),
    ...(plan.having && { having: { ...plan.having, item: item(plan.having.item), value: value(plan.having.value) } }),
    ...(plan.orderBy && { orderBy: { ...plan.orderBy, item: item(plan.orderBy.item) } }),
    ...(plan.setOperation && { setOperation: { ...plan.setOperation, where: plan.setOperation.where.map(condition) } }),
  };
}
type HavingValue = NonNullable<SqlPlan['having']>['value'];

const withoutTable = (schema: DatabaseSchema, table: TableSchema): DatabaseSchema => ({
  ...schema,
  tables: schema.tables.filter((t) => t !== table),
});

/** Whether a plan reads a column of this table and name (schemas rewritten hold new objects: by name). */
const readsColumn = (plan: SqlPlan, table: string, column: string) =>
  [...clauseColumns(plan), ...(plan.setOperation?.where.map((c) => c.column) ?? [])].some(
    (r) => r?.table.name === table && r.column.name === column,
  );
const readsTable = (plan: SqlPlan, table: string) => [...tablesOf(plan)].some((t) => t.name === table);

/**
 * A rival is named by every word that named the chosen one: a name that matched only some of them
 * (`fare` for "lowest fare", beside `lowest_fare`) is a worse reading, not a tie.
 */
const namedBySame = (rival: number[], chosen: number[]) => chosen.every((i) => rival.includes(i));

/** Words that may stand between a column's name and its table's ("ids and details of all the different voyages"). */
const OF_WORDS = new Set([
  'of',
  'for',
  'the',
  'all',
  'each',
  'every',
  'different',
  'distinct',
  'corresponding',
  'to',
  'its',
  'their',
]);

/** The table named right after a column's words, past the words that only say whose the column is. */
function tableNamedAfter(reading: Reading, at: number[]): TableSchema | undefined {
  const { words, linking } = reading;
  // A list of things asked ("ids and details of …") reaches its table past the other things it names.
  const listed = (i: number) => words[i]!.lower === 'and' || reading.columns.some((c) => c.words.includes(i));
  for (let i = at.at(-1)! + 1; i < words.length; i++) {
    // Any table the words name in full, even inside a longer column name (`voyage_details` for "… voyages").
    const named = linking.tables.find((t) => t.words[0] === i && t.score >= 1);
    if (named && i > at.at(-1)! + 1) return named.target;
    if (!listed(i) && !OF_WORDS.has(words[i]!.lower)) return undefined;
  }
  return undefined;
}

const saidWords = (reading: Reading, at: number[]) => at.map((i) => reading.words[i]!.text).join(' ');

/** The other readings of the near-tied decisions of a written query, each as a query of its own. */
export function rivalReadings(written: WrittenReading, schema: DatabaseSchema, rewrite: Rewriter): RivalReading[] {
  const { plan, reading } = written;
  const sql = renderSql(plan, schema);
  const rivals: RivalReading[] = [];
  const add = (kind: RivalKind, other: SqlPlan, otherSchema: DatabaseSchema, said: string) => {
    const otherSql = renderSql(other, otherSchema);
    if (otherSql !== sql && !rivals.some((r) => r.sql === otherSql))
      rivals.push({ kind, sql: otherSql, reading: said });
  };

  const read = tablesOf(plan);
  for (const m of reading.columns) {
    const { table, column } = m.target;
    if (!readsColumn(plan, table.name, column.name)) continue;
    // Within its table nothing decides between two columns of the same words. Across the tables the query
    // reads, the reading's context did ("route names of voyages"), and the rows say whether it mattered;
    // not when rows are grouped: the column shown names the groups, the other table's rows are counted.
    const rival = reading.linking.columns.find(
      (o) =>
        (o.target.table === table || (read.has(o.target.table) && !plan.groupBy.length)) &&
        !(o.target.table === table && o.target.column === column) &&
        // A column the query reads already is shown or tested beside the chosen one, not instead of it.
        !readsColumn(plan, o.target.table.name, o.target.column.name) &&
        namedBySame(o.words, m.words) &&
        o.score >= m.score - margin,
    );
    if (!rival) continue;
    const said = `the column "${refName(m.target)}" or "${refName(rival.target)}" for "${saidWords(reading, m.words)}"`;
    add(
      rival.target.table === table ? 'column' : 'joined column',
      swapColumn(plan, m.target, rival.target),
      schema,
      said,
    );
  }

  // "the details of the voyage": a shown column whose words name another table the query reads right after
  // them is, read that way, that table's column of the same words, however well another table's matched.
  for (const m of reading.columns) {
    const { table, column } = m.target;
    const shownHere = plan.select.some((s) => s.column?.table === table && s.column.column === column);
    const owner = shownHere ? tableNamedAfter(reading, m.words) : undefined;
    if (!owner || owner === table || !read.has(owner)) continue;
    const rival = reading.linking.columns.find(
      (o) => o.target.table === owner && namedBySame(o.words, m.words) && !isKey(o.target) === !isKey(m.target),
    );
    if (!rival || readsColumn(plan, owner.name, rival.target.column.name)) continue;
    const said = `the column "${refName(m.target)}" or "${refName(rival.target)}" for "${saidWords(reading, m.words)}" of "${owner.name}"`;
    add('named table column', swapColumn(plan, m.target, rival.target), schema, said);
  }

  // "How many berths …" read as a column that holds counts (`berths`): the other reading counts the rows.
  const [only] = plan.select;
  const countedAt = reading.words.findIndex((w, i) => w.lower === 'how' && reading.words[i + 1]?.lower === 'many');
  const countedColumn = reading.columns.find(
    (m) => m.words[0] === countedAt + 2 && only?.column === m.target && !only.aggregate,
  );
  if (
    countedAt >= 0 &&
    countedColumn &&
    plan.select.length === 1 &&
    !plan.distinct &&
    !plan.groupBy.length &&
    !plan.setOperation
  ) {
    const said = `"${saidWords(reading, countedColumn.words)}" as the column "${refName(countedColumn.target)}" or as a count of rows`;
    add('count', { ...plan, select: [{ aggregate: 'COUNT' }], orderBy: undefined, limit: undefined }, schema, said);
  }

  for (const m of reading.tables) {
    if (!read.has(m.target)) continue;
    const rival = reading.linking.tables.find(
      (o) =>
        o.target !== m.target && !read.has(o.target) && namedBySame(o.words, m.words) && o.score >= m.score - margin,
    );
    if (!rival) continue;
    const other = rewrite(withoutTable(schema, m.target));
    // The same question over the other table: as many tables read, the rival among them.
    const otherTables = tablesOf(other.plan);
    if (other.plan.unsure || otherTables.size !== read.size || !readsTable(other.plan, rival.target.name)) continue;
    const said = `the table "${m.target.name}" or "${rival.target.name}" for "${saidWords(reading, m.words)}"`;
    add('table', other.plan, other.reading.linking.schema, said);
  }

  // A value stored in two columns of the tables read ("Hull" as a home port and as a birthplace).
  const conditions = [...plan.where, ...(plan.setOperation?.where ?? [])];
  for (const c of conditions) {
    // A column the question names ("a home port of Kells") is read, not guessed.
    const named = reading.columns.some((m) => m.target.table === c.column.table && m.target.column === c.column.column);
    if (typeof c.value !== 'string' || named) continue;
    const mention = reading.values.find((v) => v.value === c.value);
    const other = mention?.columns.find(
      (r) => read.has(r.table) && !(r.table === c.column.table && r.column === c.column.column) && !isKey(r),
    );
    if (!mention || !other) continue;
    const swapped = (where: Condition[]) => where.map((w) => (w === c ? { ...w, column: other } : w));
    const otherPlan: SqlPlan = {
      ...plan,
      where: swapped(plan.where),
      ...(plan.setOperation && { setOperation: { ...plan.setOperation, where: swapped(plan.setOperation.where) } }),
    };
    const said = `the value "${c.value}" as "${refName(c.column)}" or as "${refName(other)}"`;
    add('value', otherPlan, schema, said);
  }

  // A join repeats a shown row once per row it meets in the other table ("names of ferries that sailed a
  // route": a ferry per route sailed). Whether each thing is asked once or once per match, nothing in the
  // words settles; when the rows say it matters, the question is declined.
  const plainRows = plan.select.every((s) => s.column && !s.aggregate) && !plan.groupBy.length && !plan.having;
  const shown = new Set(plan.select.map((s) => s.column?.table));
  const joined = [...read].filter((t) => !shown.has(t));
  // A shown row whose key names the one row it meets (a ferry's home port) is not repeated by the join.
  const looksUp = joined.every((t) => [...shown].some((s) => s?.foreignKeys.some((f) => f.referencedTable === t.name)));
  // Not under a row limit: "the ferry with the latest crossing" asks for rows by rank, not each thing once.
  if (read.size > 1 && plainRows && !looksUp && !plan.distinct && !plan.setOperation && plan.limit === undefined) {
    const said = `each row once or once for every row it meets in ${joined.map((t) => `"${t.name}"`).join(', ')}`;
    add('repeated rows', { ...plan, distinct: true }, schema, said);
  }
  // "How many ferries sailed to Kells?" counted over a join counts a ferry once per crossing it meets: the other
  // reading counts each row of the counted table once.
  const counted = plan.select.length === 1 && plan.select[0]!.aggregate === 'COUNT' && !plan.select[0]!.column;
  const countedKey = singleKey(plan.from);
  if (read.size > 1 && counted && countedKey && !plan.groupBy.length && !plan.setOperation) {
    const said = `the number of rows of "${plan.from.name}" or of the rows the join makes`;
    add(
      'counted rows',
      { ...plan, select: [{ aggregate: 'COUNT', distinct: true, column: countedKey }] },
      schema,
      said,
    );
  }

  // A table's columns come in the database's order, which means nothing: where two names fit the question
  // equally and the first listed was taken (a date "from" and a date "to", a buying and a selling price), the
  // question written over the columns in reverse order takes the other. Its SELECT and GROUP BY lists follow
  // ours where they hold the same columns: the same columns in another order are the same reading.
  const reversed = reversedColumns(schema);
  const again = rewrite(reversed);
  const aligned = { ...again.plan, select: alignedTo(again.plan.select, plan.select, itemKey) };
  aligned.groupBy = alignedTo(again.plan.groupBy, plan.groupBy, refName);
  if (!again.plan.unsure) {
    const [ours, theirs] = [columnNames(plan), columnNames(aligned)];
    const only = (a: Set<string>, b: Set<string>) => [...a].filter((n) => !b.has(n)).map((n) => `"${n}"`);
    const [mine, other] = [only(ours, theirs), only(theirs, ours)];
    const said =
      mine.length && other.length
        ? `the column ${mine.join(', ')} or ${other.join(', ')}, which fit the question equally well`
        : 'two readings that fit the question equally well, decided only by the order of the columns';
    add('column order', aligned, reversed, said);
  }
  return rivals;
}

/** The schema with each table's columns, and the values of its sample rows, in reverse order. */
const reversedColumns = (schema: DatabaseSchema): DatabaseSchema => ({
  ...schema,
  tables: schema.tables.map((t) => ({
    ...t,
    columns: [...t.columns].reverse(),
    sampleRows: t.sampleRows.map((row) => [...row].reverse()),
  })),
});

const itemKey = (s: SelectItem) =>
  `${s.aggregate ?? ''}(${s.distinct ? 'distinct ' : ''}${s.column ? refName(s.column) : s.all ? '*' : ''})`;

/** `items` in the order of the same items in `order` (by key), the others after them as they were. */
function alignedTo<T>(items: T[], order: T[], key: (item: T) => string): T[] {
  const at = (item: T) => {
    const i = order.findIndex((o) => key(o) === key(item));
    return i < 0 ? order.length : i;
  };
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => at(a.item) - at(b.item) || a.i - b.i)
    .map((x) => x.item);
}

/** The columns a plan reads, by table and name (plans over rewritten schemas hold other objects). */
const columnNames = (plan: SqlPlan) =>
  new Set(
    [...clauseColumns(plan), ...(plan.setOperation?.where.map((c) => c.column) ?? [])].flatMap((r) =>
      r ? [refName(r)] : [],
    ),
  );

/** A table's one-column primary key: what tells its rows apart. */
function singleKey(table: TableSchema): ColumnRef | undefined {
  const [key, ...more] = table.primaryKey;
  const column = key === undefined || more.length ? undefined : table.columns.find((c) => c.name === key);
  return column && { table, column };
}
