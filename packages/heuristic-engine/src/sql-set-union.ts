// Alternatives the question joins with "or" ("harbours in the North fleet or served by the Brig",
// "either … or …"): one condition read before the "or", one after it.
//   both on the row's own table            → a = … OR b = …
//   one (or both) on a related table       → SELECT … WHERE a UNION SELECT … WHERE b
// The second form is needed because an inner join to the related table drops the rows that have no
// related row, and those may pass the other alternative. What the rule cannot pair (a count of either,
// three or more conditions around the "or", one side with no condition) makes the reading unsure: run
// as an AND, the query would answer another question.
import type { Condition, SqlPlan } from './sql-plan';
import type { Reading } from './sql-reading';

/** Words after which "or" offers no alternative rows: "or equal to", "whether or not", "more or less". */
const NOT_ALTERNATIVE_AFTER = /^(?:equal|not|less|so|else)$/;

export function readAlternatives(plan: SqlPlan, reading: Reading, readAt: Map<Condition, number>): SqlPlan {
  const { words } = reading;
  const or = words.findIndex(
    (w, i) => w.lower === 'or' && !reading.claimed.has(i) && !NOT_ALTERNATIVE_AFTER.test(words[i + 1]?.lower ?? ''),
  );
  if (or < 0 || plan.setOperation || plan.where.some((c) => c.or)) return plan;
  const at = (c: Condition) => readAt.get(c);
  const before = plan.where.filter((c) => (at(c) ?? Infinity) < or);
  const after = plan.where.filter((c) => (at(c) ?? -Infinity) > or);
  // "the names or the ids of …" offers columns, not rows: no condition on either side.
  if (!before.length && !after.length) return plan;
  const either = words.findIndex((w, i) => w.lower === 'either' && i < or);
  const said = words
    .slice(either >= 0 ? either : Math.max(0, or - 2), or + 3)
    .map((w) => w.text)
    .join(' ');
  const unsure = (why: string): SqlPlan => ({
    ...plan,
    unsure: `the question offers alternatives ("${said} …") ${why}`,
  });
  if (before.length !== 1 || after.length !== 1)
    return unsure('whose sides the rules could not pair with one condition each');
  if (plan.select.some((s) => s.aggregate) || plan.having || plan.limit !== undefined)
    return unsure('and counts, ranks or sums the rows of either, which no single query of these rules expresses');
  const [a, b] = [before[0]!, after[0]!];
  // "names of ferries built after 1990 or skippered by Ada" with Ada's name shown: the rows shown are not the
  // rows either alternative is about.
  const shown = plan.select.flatMap((s) => (s.column ? [s.column] : []));
  if (shown.some((s) => [a, b].some((c) => c.column.column === s.column && c.column.table === s.table)))
    return unsure('and shows the very column one of them tests, so the rows shown were not read');
  const common = plan.where.filter((c) => c !== a && c !== b);
  if (a.column.table === plan.from && b.column.table === plan.from)
    return { ...plan, where: [...common, a, { ...b, or: true }] };
  // A table named only to be joined ("… or a crossing to …") would drop, from both parts, the rows
  // that have none of its rows: each part joins what its own condition reads.
  const { extraTables: _joinedForNaming, ...single } = plan;
  return { ...single, where: [...common, a], setOperation: { kind: 'UNION', where: [...common, b] } };
}
