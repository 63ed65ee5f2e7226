// How a database and its rows are shown to a chat model: compact text that fits any context window.
import type { DatabaseSchema, QueryResult } from '../../sql/ports';

const quote = (name: string) => `\`${name.replace(/`/g, '``')}\``;

export function describeSchema(schema: DatabaseSchema): string {
  return schema.tables
    .map((t) => {
      const columns = t.columns.map((c) => {
        const values = c.distinctValues?.length
          ? ` values: ${c.distinctValues.map((v) => JSON.stringify(v)).join(', ')}`
          : '';
        return `  ${quote(c.name)} ${c.type}${c.nullable ? '' : ' not null'}${c.comment ? ` -- ${c.comment}` : ''}${values}`;
      });
      const keys = t.primaryKey.length ? [`  primary key (${t.primaryKey.map(quote).join(', ')})`] : [];
      const fks = t.foreignKeys.map(
        (f) =>
          `  foreign key (${f.columns.map(quote).join(', ')}) references ${quote(f.referencedTable)} (${f.referencedColumns.map(quote).join(', ')})`,
      );
      const samples = t.sampleRows.length
        ? [`  sample rows: ${t.sampleRows.map((r) => JSON.stringify(r)).join('; ')}`]
        : [];
      return [
        `${t.kind} ${quote(t.name)}${t.comment ? ` -- ${t.comment}` : ''}`,
        ...columns,
        ...keys,
        ...fks,
        ...samples,
      ].join('\n');
    })
    .join('\n\n');
}

/** Rows the answering model sees: the first ones, cut to a character budget, with the true count. */
export const ROWS_SHOWN = 50;
const ROWS_BUDGET_CHARS = 12_000;

export function describeRows(result: QueryResult): string {
  const lines = [result.columns.join(' | ')];
  let used = lines[0]!.length;
  let shown = 0;
  for (const row of result.rows.slice(0, ROWS_SHOWN)) {
    const line = row
      .map((v) => (v === null ? 'NULL' : typeof v === 'object' ? JSON.stringify(v) : String(v)))
      .join(' | ');
    if (used + line.length > ROWS_BUDGET_CHARS) break;
    lines.push(line);
    used += line.length;
    shown++;
  }
  const total = result.truncated ? `more than ${result.rowCount}` : String(result.rowCount);
  if (result.cutAtBytes !== undefined)
    lines.push(`(the result was cut at the service's size limit of ${result.cutAtBytes} bytes; say so in the answer)`);
  return `${total} row(s)${shown < result.rowCount || result.truncated ? `, first ${shown} shown` : ''}:\n${lines.join('\n')}`;
}

/** Models wrap SQL in fences or prefixes; keep the statement only. */
export function extractSql(content: string | null): string {
  const text = (content ?? '').trim();
  const fenced = /```(?:sql|mysql)?\s*([\s\S]*?)```/i.exec(text);
  const sql = (fenced ? fenced[1]! : text).replace(/^\s*(?:sql|query)\s*:\s*/i, '').trim();
  return sql.replace(/;\s*$/, '');
}
