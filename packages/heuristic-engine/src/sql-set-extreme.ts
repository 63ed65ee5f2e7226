// "the average crew of the ferries of the fleet with the largest budget", "the captains of the ferry
// with the highest tonnage": the superlative picks the rows of one table, and what is aggregated or
// shown, in the plural, comes from others. ORDER BY … LIMIT 1 under an aggregate orders a single row
// and picks nothing, and over a join keeps one captain of several; the rows meant are those whose
// column equals its extreme:
//   WHERE `tonnage` = (SELECT MAX(`tonnage`) FROM `ferry` [WHERE the conditions on ferry])
import type { Condition, SqlPlan } from './sql-plan';
import type { Reading } from './sql-reading';

export function extremeOfOtherRows(plan: SqlPlan, reading: Reading): SqlPlan {
  const { orderBy, limit } = plan;
  const ranked = orderBy?.item.column;
  if (!orderBy || !ranked || orderBy.item.aggregate || limit !== 1 || plan.groupBy.length || plan.setOperation)
    return plan;
  // "the captain of the ferry with the highest tonnage", in the singular, reads as one row.
  const shown = plan.select.flatMap((s) => (s.column && !s.aggregate ? [s.column.table] : []));
  const plural = reading.tables.some(
    (t) =>
      shown.includes(t.target) && t.target !== ranked.table && /[^s]s$/.test(reading.words[t.words.at(-1)!]!.lower),
  );
  const fromOthers = shown.length > 0 && shown.every((t) => t !== ranked.table);
  if (!plan.select.some((s) => s.aggregate) && !(fromOthers && plural)) return plan;
  // The extreme is taken among the rows the question narrows the ranked table to ("the newest film by Ada").
  const narrowing = plan.where.filter((c) => c.column.table === ranked.table && typeof c.value !== 'object');
  const extreme: Condition = {
    column: ranked,
    op: '=',
    value: { aggregate: orderBy.descending ? 'MAX' : 'MIN', of: ranked, where: narrowing },
  };
  const { orderBy: _ordered, limit: _limit, ...rest } = plan;
  return { ...rest, where: [...plan.where, extreme] };
}
