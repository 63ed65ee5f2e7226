// Nested and set queries from general rules of English, on top of the plain plan:
//   exclusion   "ferries that have no crossings", "captains who never sailed a ferry",
//               "… without any crossings"                       → key NOT IN (SELECT fk FROM related)
//   both        "harbours served by the Ada and the Brig"       → … WHERE x = 'Ada' INTERSECT … WHERE x = 'Brig'
//   but not     "harbours served by the Ada but not the Brig"   → … WHERE x = 'Ada' EXCEPT … WHERE x = 'Brig'
//   either      two values of one column of the row itself       → x = 'a' OR x = 'b'
// A cue the rules cannot turn into SQL makes the reading unsure: the engine then says so instead of
// running a query that silently drops the negation or the second set.
import type { TableSchema } from '@fnquery/contracts';
import type { ColumnRef, Mention } from './sql-linking';
import { joinPath, tablesOf, type Condition, type SqlPlan, type SubqueryValue } from './sql-plan';
import { nameColumn, type Filters } from './sql-conditions';
import { claim, type Reading } from './sql-reading';
import { windowOf } from './sql-weights';
import { negates } from './sql-vocabulary';

/** Words that say the rows asked for lack a relation: "no", "without", "never", "not … any". */
const NEGATION = /^(?:no|without|never|none)$/;

const COMPARATIVE =
  /^(?:more|less|fewer|greater|larger|smaller|later|earlier|longer|shorter|higher|lower|older|younger)$/;

/** Joins from the rows asked for to the table they lack: directly, or through one linking table. */
const MAX_EXCLUSION_HOPS = windowOf('exclusionHops');

/** How far after a negation cue the related table may be named ("never sailed on a ferry"). */
const EXCLUSION_WINDOW = windowOf('exclusion');

/**
 * "… that have no <rows of another table>": the subject's key that no row of the related table refers
 * to. The subject is the table named before the cue, or the table of a column named there (else the focus
 * table); the related table must be reachable along a foreign key, and the subquery reads the first table on
 * that path. Unsure when no key relates the two.
 */
export interface Exclusions {
  conditions: Condition[];
  /** The word that negates each ("no", "never"): conditions read after it narrow the rows excluded. */
  cues: Map<Condition, number>;
  unsure?: string;
}

export function readExclusions(reading: Reading): Exclusions {
  const { words } = reading;
  const conditions: Condition[] = [];
  const cues = new Map<Condition, number>();
  let unsure: string | undefined;
  words.forEach((word, at) => {
    const negated =
      NEGATION.test(word.lower) || (word.lower === 'not' && /^(?:any|a|an)$/.test(words[at + 2]?.lower ?? ''));
    // "no more than 20 crossings" compares a number; it excludes nothing.
    if (!negated || reading.claimed.has(at) || COMPARATIVE.test(words[at + 1]?.lower ?? '')) return;
    const related = reading.tables.find(
      (t) => t.words[0]! > at && t.words[0]! - at <= EXCLUSION_WINDOW && !t.words.some((i) => reading.claimed.has(i)),
    );
    if (!related) return;
    // The rows asked for: the last table, or table of a column, named before the cue ("prices of products").
    type Named = { end: number; table: TableSchema; referred?: ReturnType<typeof referredKey> };
    const named: Named[] = [
      ...reading.tables.map((t) => ({ end: t.words.at(-1)!, table: t.target })),
      ...reading.columns.map((m) => {
        const referred = referredKey(reading, m, related.target);
        return { end: m.words.at(-1)!, table: referred?.key.table ?? m.target.table, referred };
      }),
    ]
      .filter((n) => n.end < at && n.table !== related.target)
      .sort((a, b) => a.end - b.end);
    const last = named.at(-1);
    const subject = last?.table;
    // The rows asked for are the referred table's: read its key, not the related table's copy of it.
    if (last?.referred) {
      const { mention, key } = last.referred;
      reading.columns[reading.columns.indexOf(mention)] = { ...mention, target: key };
      if (reading.focus === related.target) reading.focus = key.table;
    }
    const table = subject ?? (reading.focus !== related.target ? reading.focus : undefined);
    const condition = table && notIn(reading, table, related.target);
    if (!condition) {
      unsure = `the question asks for rows without ${related.target.name}, and no key relates it to the rows asked for`;
      return;
    }
    claim(reading, [at, ...related.words]);
    conditions.push(condition);
    cues.set(condition, at);
  });
  return { conditions, cues, ...(unsure ? { unsure } : {}) };
}

/**
 * "observers who did not have a session in 2021": a condition on the excluded rows' table narrows the
 * rows excluded (NOT IN the sessions of 2021), rather than asking for rows that have them.
 */
export function narrowExclusions(reading: Reading, exclusions: Exclusions, filters: Filters): Condition[] {
  let kept = filters.where;
  for (const condition of exclusions.conditions) {
    const value = condition.value as SubqueryValue;
    const from = value.subquery.table;
    // Conditions on the excluded rows or on tables reached from them ("never ordered the product Latte").
    const cue = exclusions.cues.get(condition) ?? 0;
    const inside = kept.filter(
      (c) =>
        (filters.readAt.get(c) ?? -1) > cue &&
        c.column.table !== condition.column.table &&
        (c.column.table === from ||
          joinPath(reading.linking.schema, from, [c.column.table])?.every((e) => e.to !== condition.column.table)),
    );
    // The negation is the NOT IN's: "no crossing not to Kells" is not what "no crossing to Kells" says.
    const positive = (c: Condition): Condition =>
      c.op === '<>' ? { ...c, op: '=' } : c.op === 'NOT LIKE' ? { ...c, op: 'LIKE' } : c;
    value.where.push(...inside.map((c, i) => positive(i === 0 ? { ...c, or: undefined } : c)));
    kept = kept.filter((c) => !inside.includes(c));
  }
  return kept;
}

/**
 * A declared foreign key of the related table named before the cue, and the key it refers to: in "ids of
 * parcels that were never dispatched", "ids of parcels" can link to `dispatch.parcel_id` (the question
 * names `dispatch` most), whose rows are the parcels.
 */
function referredKey(
  reading: Reading,
  mention: Mention<ColumnRef>,
  related: TableSchema,
): { mention: Mention<ColumnRef>; key: ColumnRef } | undefined {
  const { table, column } = mention.target;
  if (table !== related) return undefined;
  const declared = table.foreignKeys.find((f) => f.columns.length === 1 && f.columns[0] === column.name);
  const referred = declared && reading.linking.schema.tables.find((t) => t.name === declared.referencedTable);
  const key = referred?.columns.find((c) => c.name === declared!.referencedColumns[0]);
  return referred && referred !== related && key ? { mention, key: { table: referred, column: key } } : undefined;
}

function notIn(reading: Reading, subject: TableSchema, related: TableSchema): Condition | undefined {
  const path = joinPath(reading.linking.schema, subject, [related]);
  const first = path?.[0];
  // Beyond one table between them, the relation the question negates is one of several: not guessed.
  if (!first || first.fromColumns.length !== 1 || path.length > MAX_EXCLUSION_HOPS) return undefined;
  const key = subject.columns.find((c) => c.name === first.fromColumns[0]);
  const referring = first.to.columns.find((c) => c.name === first.toColumns[0]);
  if (!key || !referring) return undefined;
  return {
    column: { table: subject, column: key },
    op: 'NOT IN',
    value: { subquery: { table: first.to, column: referring }, where: [] },
  };
}

/**
 * Two tests of one column that no single row can pass together ("in 2019 and 2021", "above 900 and below
 * 300"), and a negated value ("but not", "no", "never"), once the plan knows which table its rows come
 * from. A column of related rows (reached through a join): each test on some related row (INTERSECT); a
 * negated one means none with that value (EXCEPT). A column of the row itself: when the rows shown are
 * the table's own (its key or name), either test (OR: "harbours in the North and West regions"); when
 * they are a value many rows share, or the question says "both", the values shown by rows of each test
 * (INTERSECT: "the regions that have both a harbour in 2019 and one in 2021").
 */
export function applySetOperations(plan: SqlPlan, reading: Reading): SqlPlan {
  const { where } = plan;
  const related = (c: Condition) => c.column.table !== plan.from;
  // "but not", "no …", "not any …": a negated value on related rows is a set of rows to take away,
  // not a test of one related row ("dorms with no sauna" are not the dorms with some other amenity).
  // The same holds for a value many rows share when the question says none ("countries that never hosted
  // a final"): a country with one other row is not a country without such rows. A plain "not" ("the years
  // whose type is not …") stays a test of each row.
  const none = reading.words.some((w) => /^(?:never|no|none|any)$/.test(w.lower));
  const shared = none && plan.select.some((s) => s.column && !s.aggregate) && !showsOwnRows(plan);
  const negated = where.findIndex((c) => c.op === '<>' && isLiteral(c.value) && (related(c) || shared));
  if (negated >= 0) {
    const c = where[negated]!;
    return {
      ...plan,
      where: where.filter((_, i) => i !== negated),
      setOperation: { kind: 'EXCEPT', where: [{ ...c, op: '=' }] },
    };
  }
  for (const [i, first] of where.entries()) {
    const second = where.findIndex((c, j) => j > i && !c.or && exclusive(first, c));
    if (second < 0) continue;
    const said = (word: string) => reading.words.some((w) => w.lower === word);
    // "… or …" asks for either; "both" for each; else rows of related tables, or shared values, need each.
    const shown = plan.select.filter((s) => s.column && !s.aggregate);
    const intersect = said('both') || (!said('or') && (related(first) || (shown.length > 0 && !showsOwnRows(plan))));
    if (!intersect) return { ...plan, where: where.map((c, j) => (j === second ? { ...c, or: true } : c)) };
    // Showing the very column tested for two values can only come back empty: the rows asked for were not read.
    if (shown.some((s) => sameColumn(s.column!, first.column)))
      return {
        ...plan,
        unsure: `the question asks for the rows that have two values of ${first.column.column.name}, and no column was found to show for them`,
      };
    // A count or an average of the rows of both sets needs the rows first: not expressed here.
    if (plan.select.some((s) => s.aggregate)) {
      const column = first.column.column.name;
      return {
        ...plan,
        unsure: `the question counts or sums the rows that have two values of ${column} at once, which no single query of these rules expresses`,
      };
    }
    return {
      ...plan,
      where: where.filter((_, j) => j !== second),
      setOperation: { kind: 'INTERSECT', where: where.filter((_, j) => j !== i) },
    };
  }
  return plan;
}

const isLiteral = (value: Condition['value']) => typeof value === 'string' || typeof value === 'number';

/** Two tests of one column no single value passes: two different values, or ranges that do not meet. */
function exclusive(a: Condition, b: Condition): boolean {
  if (!sameColumn(a.column, b.column) || !isLiteral(a.value) || !isLiteral(b.value) || a.year !== b.year) return false;
  if (a.op === '=' && b.op === '=') return a.value !== b.value;
  if (typeof a.value !== 'number' || typeof b.value !== 'number') return false;
  const [low, high] = a.op.startsWith('>') ? [a, b] : [b, a];
  if (!low.op.startsWith('>') || !high.op.startsWith('<')) return false;
  const lowValue = low.value as number;
  const highValue = high.value as number;
  return lowValue > highValue || (lowValue === highValue && (low.op === '>' || high.op === '<'));
}

/** The rows shown are the FROM table's own: its key or its name column, nothing aggregated. */
function showsOwnRows(plan: SqlPlan): boolean {
  const own = (ref: ColumnRef) =>
    ref.table === plan.from &&
    (plan.from.primaryKey.some((k) => k.toLowerCase() === ref.column.name.toLowerCase()) ||
      nameColumn(plan.from)?.column === ref.column);
  return plan.select.some((s) => s.all) || plan.select.some((s) => s.column && !s.aggregate && own(s.column));
}

const sameColumn = (a: ColumnRef, b: ColumnRef) => a.table === b.table && a.column === b.column;

/**
 * A negation the plan did not express ("never visited by …" read as "visited by …"): the reading is
 * unsure. A negation counts as expressed when a comparison took its word ("no more than 3") or the
 * plan holds a negated test (<>, NOT LIKE, NOT IN) or takes rows away (EXCEPT).
 */
export function unreadNegation(reading: Reading, plan: SqlPlan): string | undefined {
  const { words } = reading;
  const cue = words.findIndex((w, i) => !reading.claimed.has(i) && negates(words, i));
  if (cue < 0) return undefined;
  const negatedTest = (c: Condition) => c.op === '<>' || c.op === 'NOT LIKE' || c.op === 'NOT IN';
  if (plan.where.some(negatedTest) || plan.setOperation?.kind === 'EXCEPT') return undefined;
  const said = words
    .slice(cue, cue + 4)
    .map((w) => w.text)
    .join(' ');
  return `the question negates something ("${said} …") that no condition over the listed tables was found to express`;
}

/**
 * A comparison with other rows that no condition took ("a higher rating than the songs of …", "more
 * crossings than the Ada"): run without it, the query would answer another question.
 */
export function unreadComparison(reading: Reading): string | undefined {
  const { words } = reading;
  const than = words.findIndex((w, i) => w.lower === 'than' && !reading.claimed.has(i));
  if (than < 0 || /^(?:rather|other)$/.test(words[than - 1]?.lower ?? '')) return undefined;
  const said = words
    .slice(Math.max(0, than - 1), than + 4)
    .map((w) => w.text)
    .join(' ');
  // "more than 1000 hours" names a quantity; "higher than the Ada's" names other rows.
  const quantity = reading.linking.numbers.some((n) => n.words[0]! > than && n.words[0]! - than <= 2);
  return quantity
    ? `the question compares a quantity ("${said} …") that no column of the listed tables was found to hold`
    : `the question compares with other rows ("${said} …") in a way no condition over the listed tables was found to express`;
}

/**
 * "harbours that have no cranes in service": the rows asked for must not be joined to the table they are
 * excluded by (every joined row has a partner there, so nothing would come back). A table joined only
 * to be named goes; one the query reads a column of makes the reading unsure.
 */
export function apartFromExcluded(plan: SqlPlan): { plan: SqlPlan; unsure?: string } {
  const excluded = new Set(
    plan.where.flatMap((c) =>
      c.op === 'NOT IN' && typeof c.value === 'object' && 'subquery' in c.value && !c.value.where.length
        ? [c.value.subquery.table]
        : [],
    ),
  );
  if (!excluded.size) return { plan };
  const extraTables = plan.extraTables?.filter((t) => !excluded.has(t));
  const kept: SqlPlan = { ...plan, ...(plan.extraTables && { extraTables }) };
  const still = [...tablesOf(kept)].find((t) => excluded.has(t) && t !== kept.from);
  if (!still && !excluded.has(kept.from)) return { plan: kept };
  const table = still ?? kept.from;
  return {
    plan: kept,
    unsure: `the question asks for rows without ${table.name}, and the columns read for it come from ${table.name} itself`,
  };
}

/**
 * "either … or …" whose alternatives no condition joins with OR: the query would answer only one of them.
 */
export function unreadAlternative(reading: Reading, plan: SqlPlan): string | undefined {
  const either = reading.words.findIndex((w) => w.lower === 'either');
  if (either < 0 || plan.where.some((c) => c.or) || plan.setOperation?.kind === 'UNION') return undefined;
  const said = reading.words
    .slice(either, either + 5)
    .map((w) => w.text)
    .join(' ');
  return `the question offers alternatives ("${said} …") that no condition over the listed tables was found to join`;
}
