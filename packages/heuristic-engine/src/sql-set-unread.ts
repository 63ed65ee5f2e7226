// Parts of a question that a nested or set query would have to express, left out of the plan: run
// without them, the query answers another question with confidence, which is worse than saying so.
//   both       "harbours served by both the Ada and the Brig" with one test or none   → unsure
//   table      a table the question names that the query never reads ("ferries that sailed and were
//              repaired" read as ferries that sailed)                                    → unsure
//   number     a number no condition, limit or count took ("captains under 40 who sailed")  → unsure
//   role       two keys between the tables joined (a route's source and destination port)   → unsure
//   same as    "in the same fleet as the Ada": a comparison with another row                 → unsure
//   broken set a count of an EXCEPT, two values of one column in one row, an exclusion read
//              through a join to the excluded table                                         → unsure
import type { TableSchema } from '@fnquery/contracts';
import { tablesOf, type Condition, type SqlPlan } from './sql-plan';
import type { Reading } from './sql-reading';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

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

/**
 * Two foreign keys between the same two tables ("routes" with a source and a destination airport):
 * which one the question means is a role the rules do not read, so a query that joins along one of
 * them may answer for the other.
 */
export function ambiguousRole(plan: SqlPlan): string | undefined {
  const tables = [...tablesRead(plan)];
  const keysBetween = (a: TableSchema, b: TableSchema) =>
    a.foreignKeys.filter((k) => same(k.referencedTable, b.name)).length +
    (a === b ? 0 : b.foreignKeys.filter((k) => same(k.referencedTable, a.name)).length);
  for (const [i, a] of tables.entries())
    for (const b of tables.slice(i + 1))
      if (keysBetween(a, b) >= 2)
        return `the question relates ${a.name} and ${b.name}, which are linked by more than one key, and which one it means was not read`;
  return undefined;
}

/** "skippers on the same route as Ada": a comparison with another row of the same table. */
export function unreadSameAs(reading: Reading): string | undefined {
  const at = reading.words.findIndex(
    (w, i) => w.lower === 'same' && reading.words.slice(i + 1, i + 5).some((v) => v.lower === 'as'),
  );
  if (at < 0) return undefined;
  return `the question compares with another row ("${phrase(reading, at)} …"), which no condition over the listed tables was found to express`;
}

/**
 * A set operation or an exclusion the plan cannot run as meant: counting or averaging each side of
 * an EXCEPT (the rows of both are needed first), two values of one column required of one row, or
 * rows without a related table read through a join to that very table.
 */
export function brokenSet(plan: SqlPlan): string | undefined {
  if (plan.setOperation && plan.select.some((s) => s.aggregate))
    return 'the question counts or sums the rows left after taking some away, which no single query of these rules expresses';
  for (const where of [plan.where, plan.setOperation?.where ?? []]) {
    const clash = where.find((a, i) =>
      where.some(
        (b, j) =>
          j > i &&
          !b.or &&
          a.op === '=' &&
          b.op === '=' &&
          a.column.column === b.column.column &&
          a.column.table === b.column.table &&
          a.value !== b.value,
      ),
    );
    if (clash)
      return `the question asks one row for two values of ${clash.column.column.name} at once, and the rules did not read which rows hold each`;
  }
  for (const c of plan.where) {
    if (c.op !== 'NOT IN' || typeof c.value !== 'object' || !('subquery' in c.value)) continue;
    const subject = c.column.table;
    const excluded = c.value.subquery.table;
    if (subject !== plan.from || tablesOf(plan).has(excluded))
      return `the question asks for ${subject.name} without ${excluded.name}, and the rows read come through other tables`;
    // "employees without a job": the key of the rows asked for must be what the related rows refer to.
    if (!subject.primaryKey.some((k) => same(k, c.column.column.name)))
      return `the question asks for ${subject.name} without ${excluded.name}, and ${excluded.name} does not refer to them by their key`;
  }
  return undefined;
}
