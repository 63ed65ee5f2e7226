// Probes of the values a query compares, for after it ran. A query that finds nothing is a fair answer when the
// thing asked about does not exist ("ferries named Zed": none); it is a misreading when one of its own
// conditions could never have matched, because the column it tests holds no such value in any row ("LA" tested
// on a county column that stores "Los Angeles", a month tested on a city column). Each probe asks whether the
// column holds the value at all; the caller runs them only when the query found nothing, and a probe that
// finds no row turns the empty answer into a decline that names the value and the column.
import type { DatabaseSchema } from '@fnquery/contracts';
import { renderSql, type Condition, type SqlPlan } from './sql-plan';

export interface ValueProbe {
  /** A query that returns a row when the column holds the value (under the database's own collation). */
  sql: string;
  /** The value and its column, for the decline: `"LA" in "campus.county"`. */
  said: string;
}

/** Every condition of the plan, those of its set operation and subqueries too. */
function allConditions(where: Condition[]): Condition[] {
  return where.flatMap((c) => {
    const inner = typeof c.value === 'object' ? allConditions(c.value.where) : [];
    return [c, ...inner];
  });
}

/** One probe per text value the plan tests with `=` or `LIKE`. */
export function valueProbes(plan: SqlPlan, schema: DatabaseSchema): ValueProbe[] {
  const probes: ValueProbe[] = [];
  for (const c of allConditions([...plan.where, ...(plan.setOperation?.where ?? [])])) {
    if (typeof c.value !== 'string' || (c.op !== '=' && c.op !== 'LIKE')) continue;
    const test: Condition = { column: c.column, op: c.op, value: c.value };
    const sql = renderSql(
      { from: c.column.table, select: [{ column: c.column }], where: [test], groupBy: [], limit: 1 },
      schema,
    );
    if (probes.some((p) => p.sql === sql)) continue;
    probes.push({
      sql,
      said: `"${c.value.replace(/^%|%$/g, '')}" in "${c.column.table.name}.${c.column.column.name}"`,
    });
  }
  return probes;
}
