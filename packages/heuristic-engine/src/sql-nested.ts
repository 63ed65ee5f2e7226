// Nested and set queries from general rules of English, on top of the plain plan:
//   exclusion   "ferries that have no crossings", "captains who never sailed a ferry",
//               "… without any crossings"                       → key NOT IN (SELECT fk FROM related)
//   both        "harbours served by the Ada and the Brig"       → … WHERE x = 'Ada' INTERSECT … WHERE x = 'Brig'
//   but not     "harbours served by the Ada but not the Brig"   → … WHERE x = 'Ada' EXCEPT … WHERE x = 'Brig'
//   either      two values of one column of the row itself       → x = 'a' OR x = 'b'
// A cue the rules cannot turn into SQL makes the reading unsure: the engine then says so instead of
// running a query that silently drops the negation or the second set.
import type { TableSchema } from '@fnquery/contracts';
import type { ColumnRef } from './sql-linking';
import { joinPath, type Condition, type SqlPlan } from './sql-plan';
import { claim, type Reading } from './sql-reading';
import { windowOf } from './sql-weights';

/** Words that say the rows asked for lack a relation: "no", "without", "never", "not … any". */
const NEGATION = /^(?:no|without|never|none)$/;

/** How far after a negation cue the related table may be named ("never sailed on a ferry"). */
const EXCLUSION_WINDOW = windowOf('exclusion');

/**
 * "… that have no <rows of another table>": the subject's key that no row of the related table refers
 * to. The subject is the table named before the cue, or the table of a column named there (else the focus
 * table); the related table must be reachable along a foreign key, and the subquery reads the first table on
 * that path. Unsure when no key relates the two.
 */
export function readExclusions(reading: Reading): { conditions: Condition[]; unsure?: string } {
  const { words } = reading;
  const conditions: Condition[] = [];
  let unsure: string | undefined;
  words.forEach((word, at) => {
    const negated =
      NEGATION.test(word.lower) || (word.lower === 'not' && /^(?:any|a|an)$/.test(words[at + 2]?.lower ?? ''));
    if (!negated || reading.claimed.has(at)) return;
    const related = reading.tables.find(
      (t) => t.words[0]! > at && t.words[0]! - at <= EXCLUSION_WINDOW && !t.words.some((i) => reading.claimed.has(i)),
    );
    if (!related) return;
    // "no Study Lounge as amenity": a value after the cue is negated on its own (an EXCEPT), not the relation.
    if (reading.values.some((v) => v.words[0]! > at && v.words[0]! <= related.words.at(-1)! + 2)) return;
    // The rows asked for: the last table, or table of a column, named before the cue ("prices of products").
    const named = [
      ...reading.tables.map((t) => ({ end: t.words.at(-1)!, table: t.target })),
      ...reading.columns.map((m) => ({ end: m.words.at(-1)!, table: m.target.table })),
    ]
      .filter((n) => n.end < at && n.table !== related.target)
      .sort((a, b) => a.end - b.end);
    const subject = named.at(-1)?.table;
    const table = subject ?? (reading.focus !== related.target ? reading.focus : undefined);
    const condition = table && notIn(reading, table, related.target);
    if (!condition) {
      unsure = `the question asks for rows without ${related.target.name}, and no key relates it to the rows asked for`;
      return;
    }
    claim(reading, [at, ...related.words]);
    conditions.push(condition);
  });
  return { conditions, ...(unsure ? { unsure } : {}) };
}

function notIn(reading: Reading, subject: TableSchema, related: TableSchema): Condition | undefined {
  const path = joinPath(reading.linking.schema, subject, [related]);
  const first = path?.[0];
  if (!first || first.fromColumns.length !== 1) return undefined;
  const key = subject.columns.find((c) => c.name === first.fromColumns[0]);
  const referring = first.to.columns.find((c) => c.name === first.toColumns[0]);
  if (!key || !referring) return undefined;
  return {
    column: { table: subject, column: key },
    op: 'NOT IN',
    value: { subquery: { table: first.to, column: referring } },
  };
}

/**
 * Two values of one column joined by "and", and a negated value ("but not", "no", "never"), once the plan knows
 * which table its rows come from. A column of the row itself: "and" means either value (OR). A column
 * of related rows (reached through a join): "both" means each value on some related row (INTERSECT),
 * a negated one means none with that value (EXCEPT).
 */
export function applySetOperations(plan: SqlPlan): SqlPlan {
  const { where } = plan;
  const related = (c: Condition) => c.column.table !== plan.from;
  // "but not", "no …", "not any …": a negated value on related rows is a set of rows to take away,
  // not a test of one related row ("dorms with no sauna" are not the dorms with some other amenity).
  const negated = where.findIndex((c) => c.op === '<>' && typeof c.value === 'string' && related(c));
  if (negated >= 0) {
    const c = where[negated]!;
    return {
      ...plan,
      where: where.filter((_, i) => i !== negated),
      setOperation: { kind: 'EXCEPT', where: [{ ...c, op: '=' }] },
    };
  }
  for (const [i, first] of where.entries()) {
    const second = where.findIndex(
      (c, j) => j > i && !c.or && c.op === '=' && first.op === '=' && sameColumn(c.column, first.column),
    );
    if (second < 0 || typeof first.value !== 'string') continue;
    if (related(first)) {
      return {
        ...plan,
        where: where.filter((_, j) => j !== second),
        setOperation: { kind: 'INTERSECT', where: where.filter((_, j) => j !== i) },
      };
    }
    return { ...plan, where: where.map((c, j) => (j === second ? { ...c, or: true } : c)) };
  }
  return plan;
}

const sameColumn = (a: ColumnRef, b: ColumnRef) => a.table === b.table && a.column === b.column;

const NEGATIVE = new Set(['no', 'not', 'never', 'without', 'none', 'nobody', 'nothing', 'except']);

/**
 * A negation the plan did not express ("never visited by …" read as "visited by …"): the reading is
 * unsure. A negation counts as expressed when a comparison took its word ("no more than 3") or the
 * plan holds a negated test (<>, NOT LIKE, NOT IN) or takes rows away (EXCEPT).
 */
export function unreadNegation(reading: Reading, plan: SqlPlan): string | undefined {
  const { words } = reading;
  const cue = words.findIndex(
    (w, i) =>
      !reading.claimed.has(i) && (NEGATIVE.has(w.lower) || (w.lower === 't' && /n$/.test(words[i - 1]?.lower ?? ''))),
  );
  if (cue < 0) return undefined;
  const negatedTest = (c: Condition) => c.op === '<>' || c.op === 'NOT LIKE' || c.op === 'NOT IN';
  if (plan.where.some(negatedTest) || plan.setOperation?.kind === 'EXCEPT') return undefined;
  const said = words
    .slice(cue, cue + 4)
    .map((w) => w.text)
    .join(' ');
  return `the question negates something ("${said} …") that no condition over the listed tables was found to express`;
}
