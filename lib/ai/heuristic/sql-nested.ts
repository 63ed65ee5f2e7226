// Nested and set queries from general rules of English, on top of the plain plan:
//   exclusion   "ferries that have no crossings", "captains who never sailed a ferry",
//               "… without any crossings"                       → key NOT IN (SELECT fk FROM related)
//   both        "harbours served by the Ada and the Brig"       → … WHERE x = 'Ada' INTERSECT … WHERE x = 'Brig'
//   but not     "harbours served by the Ada but not the Brig"   → … WHERE x = 'Ada' EXCEPT … WHERE x = 'Brig'
//   either      two values of one column of the row itself       → x = 'a' OR x = 'b'
// A cue the rules cannot turn into SQL makes the reading unsure: the engine then says so instead of
// running a query that silently drops the negation or the second set.
import type { TableSchema } from '../../sql/introspect';
import type { ColumnRef } from './sql-linking';
import { joinPath, type Condition, type SqlPlan } from './sql-plan';
import { claim, type Reading } from './sql-reading';
import { windowOf } from './sql-weights';

/** Words that say the rows asked for lack a relation: "no", "without", "never", "not … any". */
const NEGATION = /^(?:no|without|never|none)$/;

/** How far after a negation cue the related table may be named ("never sailed on a ferry"). */
const EXCLUSION_WINDOW = windowOf('exclusion');

export interface Exclusion {
  /** `key NOT IN (SELECT fk FROM table)`. */
  condition: Condition;
}

/**
 * "… that have no <rows of another table>": the subject's key that no row of the related table refers
 * to. The subject is the table named before the cue (else the focus table); the related table must be
 * reachable along a foreign key, and the subquery reads the first table on that path.
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
    const subject = reading.tables.findLast((t) => t.words.at(-1)! < at && t.target !== related.target)?.target;
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

const BUT_NOT = /\bbut not\b|\bbut (?:did|does|do|have|has|had|was|were|is|are)(?:n't| not)\b|\bexcept\b/i;

/**
 * Two values of one column joined by "and", and a value negated after "but not", once the plan knows
 * which table its rows come from. A column of the row itself: "and" means either value (OR). A column
 * of related rows (reached through a join): "both" means each value on some related row (INTERSECT),
 * "but not" means none with the second (EXCEPT).
 */
export function applySetOperations(reading: Reading, plan: SqlPlan): SqlPlan {
  const { where } = plan;
  const related = (c: Condition) => c.column.table !== plan.from;
  const text = reading.linking.question;
  // "but not": a negated value on related rows.
  const negated = where.findIndex((c) => c.op === '<>' && typeof c.value === 'string' && related(c));
  if (negated >= 0 && BUT_NOT.test(text)) {
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

/** A set cue ("both", "but not") the plan did not turn into a set operation: the reading is unsure. */
export function unreadSetCue(reading: Reading, plan: SqlPlan): string | undefined {
  if (plan.setOperation) return undefined;
  const text = reading.linking.question;
  if (BUT_NOT.test(text) && !plan.where.some((c) => c.op === '<>' || c.op === 'NOT LIKE' || c.op === 'NOT IN'))
    return 'the question excludes something ("but not", "except") that no column of the listed tables was found to express';
  return undefined;
}
