// An aggregate word that a column's name took: "the average speed of entries on the Tyne Loop" over a
// column `avg_speed_kmh` reads "average speed" as the column, and the query lists each entry's stored
// average. Where the rows come through a join (the entries of the rides of one route) the mean of those
// values may as well be meant, and the two answers differ whenever several rows match, so the engine asks,
// unless the rows shown are one row named by its key or name. Over one table ("the average attendance of
// stadiums over capacity") the stored column is read, as before: on the tuning half asking there declined
// one right answer for each wrong one.
import { nameColumn } from './sql-conditions';
import { tablesOf, type SqlPlan } from './sql-plan';
import type { Reading } from './sql-reading';
import { AGGREGATE_WORDS } from './sql-vocabulary';

export function aggregateTakenByName(reading: Reading, plan: SqlPlan): string | undefined {
  if (
    tablesOf(plan).size < 2 ||
    plan.groupBy.length ||
    plan.limit !== undefined ||
    plan.select.some((s) => s.aggregate || s.all)
  )
    return undefined;
  const { words } = reading;
  for (const item of plan.select) {
    const shown = item.column;
    if (!shown) continue;
    const mention = reading.columns.find(
      (m) => m.target.column === shown.column && m.words.some((i) => AGGREGATE_WORDS.has(words[i]!.lower)),
    );
    if (!mention) continue;
    const { table } = shown;
    const oneRow = plan.where.some(
      (c) =>
        c.op === '=' &&
        c.column.table === table &&
        (table.primaryKey.includes(c.column.column.name) || nameColumn(table)?.column === c.column.column),
    );
    if (oneRow) continue;
    const said = mention.words.map((i) => words[i]!.text).join(' ');
    return `"${said}" may be each row's ${shown.column.name} or its ${words[mention.words[0]!]!.lower} over the rows`;
  }
  return undefined;
}
