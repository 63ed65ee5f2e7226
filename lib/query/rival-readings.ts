// Ambiguity by execution: a drafted SELECT runs, then the query of each near-tied rival reading the writer
// gave with it, on the same session (same guard, same time limit). Rows that differ mean the question
// reads two ways that give different answers: it is declined, naming both readings. Rows that agree mean
// the answer holds whichever was meant. The rdbms pipeline and the SQL bench both settle drafts here.
import type { SqlRival } from '../ai/tasks';
import type { QueryResult } from '../sql/ports';

/** The rows as the answer would read them: in order when the query orders them, as a multiset otherwise. */
function rowsKey(result: QueryResult, ordered: boolean): string {
  const rows = result.rows.map((row) => JSON.stringify(row));
  return (ordered ? rows : rows.sort()).join('\n');
}

/** An ORDER BY outside any parentheses: the order of the rows is part of the answer. */
const orders = (sql: string) => /\bORDER\s+BY\b/i.test(sql.replace(/\([^()]*\)/g, ''));

export interface SettledDraft {
  result: QueryResult;
  /** Set when a rival reading returned other rows: the two readings, in words. */
  ambiguous?: string;
  /** The rival that differed (for the bench's count by kind). */
  differing?: SqlRival;
}

/**
 * Runs `sql` (its errors are the caller's, as before), then each rival until one returns other rows. A rival
 * that fails or is refused is no reading the database can answer, so it is passed over.
 */
export async function settleDraft(
  draft: { sql: string; rivals?: SqlRival[] },
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
  return { result };
}
