// "Show all hull types", "what ports do ferries sail from": the question asks for the values a column
// takes, not for one line per row, so each value is listed once (DISTINCT). It is read so only when the
// rows themselves are not what is asked about: one plain column is shown, it is neither the table's key
// nor a name or title (which tell rows apart), and the table is not named as the rows the column belongs
// to ("the ages of all skippers", "the phone of each agent" list rows, as do a limit and an ordering).
import { tablesOf, type SqlPlan } from './sql-plan';
import type { Reading } from './sql-reading';

/** Words before a table's name that make it the rows a column is listed for. */
const ROWS_WORDS = new Set(['of', 'each', 'every', 'all', 'per']);
const ARTICLES = new Set(['the', 'a', 'an']);
const IDENTIFYING = /name|title/i;

export function valuesOnce(plan: SqlPlan, reading: Reading): SqlPlan {
  const [only, ...others] = plan.select;
  const ref = only?.column;
  if (!ref || only.aggregate || others.length || plan.distinct || plan.groupBy.length) return plan;
  if (plan.orderBy || plan.limit !== undefined || plan.setOperation || tablesOf(plan).size > 1) return plan;
  if (ref.table.primaryKey.includes(ref.column.name) || IDENTIFYING.test(ref.column.name)) return plan;
  const shownAt = reading.columns.find((m) => m.target.table === ref.table && m.target.column === ref.column);
  // A column the question never names is a default (the name of what is asked about), not values asked for.
  if (!shownAt) return plan;
  const wordBefore = (at: number) => {
    let i = at - 1;
    while (ARTICLES.has(reading.words[i]?.lower ?? '')) i--;
    return reading.words[i]?.lower ?? '';
  };
  const rowsNamed = reading.tables.some(
    (t) => t.target === ref.table && (t.words[0]! < shownAt.words[0]! || ROWS_WORDS.has(wordBefore(t.words[0]!))),
  );
  return rowsNamed ? plan : { ...plan, distinct: true };
}
