// Parts of a question that a nested or set query would have to express, left out of the plan: run
// without them, the query answers another question with confidence, which is worse than saying so.
//   both       "harbours served by both the Ada and the Brig" with one test or none   → unsure
//   table      a table the question names that the query never reads ("ferries that sailed and were
//              repaired" read as ferries that sailed)                                    → unsure
//   number     a number no condition, limit or count took ("captains under 40 who sailed")  → unsure
import { tablesOf, type Condition, type SqlPlan } from './sql-plan';
import type { Reading } from './sql-reading';

const phrase = (reading: Reading, from: number, length = 4) =>
  reading.words
    .slice(from, from + length)
    .map((w) => w.text)
    .join(' ');

/** "both … and …" asks each row for two things; a plan with fewer than two tests checks at most one. */
export function unreadBoth(reading: Reading, plan: SqlPlan): string | undefined {
  const both = reading.words.findIndex((w, i) => w.lower === 'both' && !reading.claimed.has(i));
  if (both < 0 || plan.setOperation?.kind === 'INTERSECT' || plan.where.length >= 2) return undefined;
  return `the question asks for rows that have two things at once ("${phrase(reading, both)} …"), and the rules read fewer than two conditions for them`;
}

/** Every table the plan reads, in the main query, a subquery or the other part of a set operation. */
function tablesRead(plan: SqlPlan) {
  const tables = tablesOf(plan);
  const inside = (c: Condition) => {
    const value = c.value;
    if (typeof value !== 'object') return;
    if ('subquery' in value) tables.add(value.subquery.table);
    else tables.add(value.of.table);
    value.where.forEach((w) => tables.add(w.column.table));
  };
  plan.where.forEach(inside);
  plan.setOperation?.where.forEach((c) => {
    tables.add(c.column.table);
    inside(c);
  });
  return tables;
}

/** A verb form ("hosted", "living in") may name a linking table the query reaches some other way. */
const VERB_FORM = /(?:ed|ing)$/;

/**
 * A table the question names with a noun, none of its words used, that the query never reads. Measured
 * on the tuning half (bench/sql.ts --half=tuning): it turns about three wrong answers into declines for
 * each right one it loses, in every shape.
 */
export function unreadTable(reading: Reading, plan: SqlPlan): string | undefined {
  const read = tablesRead(plan);
  const missed = reading.tables.find(
    (t) =>
      !read.has(t.target) &&
      !t.words.some((i) => reading.claimed.has(i)) &&
      !VERB_FORM.test(reading.words[t.words.at(-1)!]!.lower),
  );
  if (!missed) return undefined;
  return `the question names ${missed.target.name} ("${phrase(reading, missed.words[0]!, missed.words.length)}"), and no part of the query the rules could write reads it`;
}

/** A number the question writes that no condition, limit or count took. */
export function unreadNumber(reading: Reading): string | undefined {
  const missed = reading.linking.numbers.find((n) => !n.words.some((i) => reading.claimed.has(i)));
  if (!missed) return undefined;
  return `the question writes a number ("${phrase(reading, Math.max(0, missed.words[0]! - 2))}") that no condition over the listed tables was found to use`;
}
