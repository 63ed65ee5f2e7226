// Ambiguity by execution: a drafted SELECT runs, then the query of each near-tied rival reading the writer
// gave with it, on the same session (same guard, same time limit). Rows that differ mean the question
// reads two ways that give different answers: it is declined, naming both readings. Rows that agree mean
// the answer holds whichever was meant. A SELECT that found nothing is checked once more: when a column it
// tests holds its value in no row (the writer's value probes), a condition could never have matched and the
// empty answer is a misreading, not a finding. The rdbms pipeline and the SQL bench both settle drafts here.
import type { SqlRival, SqlValueProbe } from '../ai/tasks';
import type { QueryResult } from '../sql/ports';

/** The rows as the answer would read them: in order when the query orders them, as a multiset otherwise. */
function rowsKey(result: QueryResult, ordered: boolean): string {
  const rows = result.rows.map((row) => JSON.stringify(row));
  return (ordered ? rows : rows.sort()).join('\n');
}

/** An ORDER BY outside any parentheses: the order of the rows is part of the answer. */
const orders = (sql: string) => /\bORDER\s+BY\b/i.test(sql.replace(/\([^()]*\)/g, ''));

/** An aggregate first in the select list: one row of 0 or NULL is then what "nothing matched" looks like. */
const AGGREGATE_FIRST = /^\s*SELECT\s+(?:DISTINCT\s+)?(?:COUNT|SUM|AVG|MIN|MAX)\s*\(/i;

/** No rows, or one row of aggregates over no rows (a count of 0, an average of NULL). */
export function foundNothing(sql: string, result: QueryResult): boolean {
  if (!result.rows.length) return true;
  const [row] = result.rows;
  return result.rows.length === 1 && AGGREGATE_FIRST.test(sql) && row!.every((v) => v === null || v === 0 || v === '0');
}

export interface SettledDraft {
  result: QueryResult;
  /** Set when a rival reading returned other rows: the two readings, in words. */
  ambiguous?: string;
  /** The rival that differed (for the bench's count by kind). */
  differing?: SqlRival;
  /** Set when the SELECT found nothing and a tested column holds its value in no row: the value and column. */
  unmatched?: string;
}

/**
 * Runs `sql` (its errors are the caller's, as before), then each rival until one returns other rows, then,
 * when the SELECT found nothing, each value probe until one finds no row. A rival or probe that fails or is
 * refused is no reading the database can answer, so it is passed over.
 */
export async function settleDraft(
  draft: { sql: string; rivals?: SqlRival[]; probes?: SqlValueProbe[] },
  run: (sql: string) => Promise<QueryResult>,
): Promise<SettledDraft> {
  const result = await run(draft.sql);
  const ordered = orders(draft.sql);
  const key = rowsKey(result, ordered);
  for (const rival of draft.rivals ?? []) {
    let other: QueryResult;
    try {
      other = await run(rival.sql);
    } catch {
      continue;
    }
    if (rowsKey(other, ordered) !== key) return { result, ambiguous: rival.reading, differing: rival };
  }
  if (!foundNothing(draft.sql, result)) return { result };
  for (const probe of draft.probes ?? []) {
    try {
      if (!(await run(probe.sql)).rows.length) return { result, unmatched: probe.said };
    } catch {
      continue;
    }
  }
  return { result };
}
