// The heuristic engine's answer from a query result, said from the SQL that ran (sql-described.ts): the
// table it read and the conditions it applied, never the question's words, so the answer cannot
// claim a condition the query did not apply. Conditions the question states but the SQL does not
// use are named on a "Not applied:" line (the pipeline copies it into the messages). One value is
// one sentence, one column a short list, several columns lines; an empty result, or aggregates over
// no rows, say that no rows matched. A question that asks for code (a chart, a plot, a script) also
// gets runnable Python that draws the rows (sql-chart.ts).
import type { PlainValue } from '@fnquery/contracts';
import { SQL_NOT_APPLIED as NOT_APPLIED } from '@fnquery/contracts';
import { chartCode, valueText, wantsCode } from './sql-chart';
import { describeSql, unappliedConditions, type SqlDescription } from './sql-described';
import { nameWords } from '@fnquery/text-tools';

export type { SqlRows } from '@fnquery/contracts';
import type { SqlRows } from '@fnquery/contracts';

export const NO_ROWS = 'No rows matched.';
/** Values listed before "and N more". */
export const MAX_LISTED = 20;

const AGGREGATE_WORDS: Record<string, string> = {
  count: 'number',
  avg: 'average',
  sum: 'total',
  min: 'minimum',
  max: 'maximum',
};
const AGGREGATE = /^(\w+)\s*\((?:distinct\s+)?(.*)\)$/i;

/** `COUNT(*)` → "number", `AVG(t1.age)` → "average age", `first_name` → "first name". */
export function columnLabel(column: string): string {
  const aggregate = AGGREGATE.exec(column.trim());
  if (aggregate) {
    const inner = aggregate[2]!.replace(/^.*\./, '').replace(/[`*]/g, '').trim();
    return [AGGREGATE_WORDS[aggregate[1]!.toLowerCase()] ?? aggregate[1]!.toLowerCase(), ...nameWords(inner)].join(' ');
  }
  return nameWords(column.replace(/^.*\./, '')).join(' ') || column;
}

const isAggregate = (column: string) =>
  Object.hasOwn(AGGREGATE_WORDS, AGGREGATE.exec(column.trim())?.[1]?.toLowerCase() ?? '');
const isCount = (column: string) => /^count\s*\(/i.test(column.trim());

const listed = (values: string[]) =>
  values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;

export function answerFromRows(question: string, result: SqlRows): string {
  const described = describeSql(result.sql);
  const parts = [answerText(described, result)];
  if (result.cutAtBytes !== undefined) {
    parts.push(
      `The result was cut after ${result.rowCount} rows because it passed the service's size limit; ask for fewer rows or columns to see the rest.`,
    );
  } else if (result.truncated) parts.push(`The result was cut at ${result.rowCount} rows; more rows matched.`);
  const missing = unappliedConditions(question, result.sql);
  if (missing.length) {
    parts.push(
      `${NOT_APPLIED} ${missing.map((m) => `"${m}"`).join(', ')} — no column of the listed tables expresses ${missing.length > 1 ? 'these conditions' : 'this condition'}, so the result above does not take ${missing.length > 1 ? 'them' : 'it'} into account.`,
    );
  }
  if (wantsCode(question) && result.rows.length)
    parts.push(chartCode(question, result.columns.map(columnLabel), result.rows));
  return parts.join('\n\n');
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "ferries" counts as itself; a singular table name counts its rows ("harbour rows"). */
const rowsOf = (table: string, one = false) => {
  if (!table) return one ? 'row' : 'rows';
  if (/s$/.test(table)) return one ? table.replace(/(?:ie)?s$/, (e) => (e === 'ies' ? 'y' : '')) : table;
  return `${table} ${one ? 'row' : 'rows'}`;
};

function answerText(described: SqlDescription, { columns, rows }: SqlRows): string {
  const where = described.conditions ? ` where ${described.conditions}` : '';
  if (!rows.length) return NO_ROWS;
  // Aggregates over no rows: COUNT says 0 and the others NULL.
  const emptyAggregates =
    rows.length === 1 &&
    columns.every(isAggregate) &&
    rows[0]!.every((v, i) => v === null || (isCount(columns[i]!) && Number(v) === 0));
  if (emptyAggregates)
    return `No ${rowsOf(described.table)}${where ? ` matched${where.replace(/^ where/, ':')}` : ' exist'}, so there is no ${
      columns
        .filter((c) => !isCount(c))
        .map(columnLabel)
        .join(', ') || 'count above 0'
    }.`;
  if (rows.length === 1 && columns.length === 1) return singleValue(described, columns[0]!, rows[0]![0]!);
  const subject = `${rowsOf(described.table)}${where}`;
  if (columns.length === 1) {
    const values = rows.map((r) => valueText(r[0]!));
    const more = values.length > MAX_LISTED ? ` and ${values.length - MAX_LISTED} more` : '';
    const shown = values.slice(0, MAX_LISTED);
    return `${capitalise(columnLabel(columns[0]!))} of ${subject} (${values.length}): ${more ? shown.join(', ') : listed(shown)}${more}.`;
  }
  if (rows.length === 1)
    return `${capitalise(subject)}: ${columns.map((c, i) => `${columnLabel(c)} ${valueText(rows[0]![i]!)}`).join('; ')}.`;
  const lines = rows.slice(0, MAX_LISTED).map((r) => `- ${r.map(valueText).join(' | ')}`);
  const more = rows.length > MAX_LISTED ? [`… and ${rows.length - MAX_LISTED} more rows.`] : [];
  return [`${rows.length} rows of ${subject} (${columns.map(columnLabel).join(' | ')}):`, ...lines, ...more].join('\n');
}

/** One value: "There are 12 episodes where duration ms is greater than 300000.", "The average age of captain rows … is 47.5." */
function singleValue(described: SqlDescription, column: string, value: PlainValue): string {
  const text = valueText(value);
  const where = described.conditions ? ` where ${described.conditions}` : '';
  if (isCount(column) && !/distinct/i.test(column)) {
    const one = text === '1';
    return `There ${one ? 'is' : 'are'} ${text} ${rowsOf(described.table, one)}${where}.`;
  }
  if (isAggregate(column)) return `The ${columnLabel(column)} of ${rowsOf(described.table)}${where} is ${text}.`;
  return `${capitalise(columnLabel(column))} of ${rowsOf(described.table, true)}${where}: ${text}.`;
}
