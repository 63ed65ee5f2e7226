// "the average crew of the ferries of the fleet with the largest budget": the superlative picks rows,
// and an aggregate is taken over them. ORDER BY … LIMIT 1 under an aggregate orders a single row and
// picks nothing; the rows meant are those whose column equals its extreme:
//   WHERE `tonnage` = (SELECT MAX(`tonnage`) FROM `ferry` [WHERE the conditions on ferry])
import type { Condition, SqlPlan } from './sql-plan';

export function extremeOfOtherRows(plan: SqlPlan): SqlPlan {
  const { orderBy, limit } = plan;
  const ranked = orderBy?.item.column;
  if (!orderBy || !ranked || orderBy.item.aggregate || limit !== 1 || plan.groupBy.length || plan.setOperation)
    return plan;
  // Rows shown from another table keep ORDER BY … LIMIT 1: "the captain of the ferry with the highest
  // tonnage" reads as one row, and the tuning half agrees (bench/sql.ts --half=tuning).
  if (!plan.select.some((s) => s.aggregate)) return plan;
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
