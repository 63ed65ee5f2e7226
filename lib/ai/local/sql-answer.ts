// The local engine's answer from a query result: one value said with the question's words
// ("There are 12 singers."), one column as a short list, several columns as lines, and plain words
// for an empty or cut result. A question that asks for code (a chart, a plot, a script) also gets
// runnable Python that draws the rows (sql-chart.ts).
import type { PlainValue } from '../../sql/values';
import { chartCode, valueText, wantsCode } from './sql-chart';
import { nameWords } from './words';

/** What the rdbms pipeline puts in `hint.rows`: the SQL that ran and its result. */
export interface SqlRows {
  sql: string;
  columns: string[];
  rows: PlainValue[][];
  rowCount: number;
  truncated: boolean;
  /** The byte budget, when it (not the row limit) cut the result. */
  cutAtBytes?: number;
}

export const NO_ROWS = 'No rows matched.';
/** Values listed before "and N more". */
export const MAX_LISTED = 20;

const AGGREGATE_WORDS: Record<string, string> = { count: 'number', avg: 'average', sum: 'total', min: 'minimum', max: 'maximum' };

/** `COUNT(*)` → "number", `AVG(t1.age)` → "average age", `first_name` → "first name". */
export function columnLabel(column: string): string {
  const aggregate = /^(\w+)\s*\((?:distinct\s+)?(.*)\)$/i.exec(column.trim());
  if (aggregate) {
    const inner = aggregate[2]!.replace(/^.*\./, '').replace(/[`*]/g, '').trim();
    return [AGGREGATE_WORDS[aggregate[1]!.toLowerCase()] ?? aggregate[1]!.toLowerCase(), ...nameWords(inner)].join(' ');
  }
  return nameWords(column.replace(/^.*\./, '')).join(' ') || column;
}

const listed = (values: string[]) =>
  values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;

export function answerFromRows(question: string, result: SqlRows): string {
  const parts = [answerText(question, result)];
  if (result.cutAtBytes !== undefined) {
    parts.push(`The result was cut after ${result.rowCount} rows because it passed the service's size limit; ask for fewer rows or columns to see the rest.`);
  } else if (result.truncated) parts.push(`The result was cut at ${result.rowCount} rows; more rows matched.`);
  if (wantsCode(question) && result.rows.length) parts.push(chartCode(question, result.columns.map(columnLabel), result.rows));
  return parts.join('\n\n');
}

function answerText(question: string, { columns, rows }: SqlRows): string {
  if (!rows.length) return NO_ROWS;
  if (rows.length === 1 && columns.length === 1) return singleValue(question, columns[0]!, rows[0]![0]!);
  if (columns.length === 1) {
    const values = rows.map((r) => valueText(r[0]!));
    const more = values.length > MAX_LISTED ? ` and ${values.length - MAX_LISTED} more` : '';
    const shown = values.slice(0, MAX_LISTED);
    return `${capitalise(columnLabel(columns[0]!))} (${values.length}): ${more ? shown.join(', ') : listed(shown)}${more}.`;
  }
  if (rows.length === 1) return `${columns.map((c, i) => `${capitalise(columnLabel(c))}: ${valueText(rows[0]![i]!)}`).join('; ')}.`;
  const lines = rows.slice(0, MAX_LISTED).map((r) => `- ${r.map(valueText).join(' | ')}`);
  const more = rows.length > MAX_LISTED ? [`… and ${rows.length - MAX_LISTED} more rows.`] : [];
  return [`${rows.length} rows (${columns.map(columnLabel).join(' | ')}):`, ...lines, ...more].join('\n');
}

/** "singers" → "singer", "countries" → "country": the first word only ("singers from France"). */
const singular = (phrase: string) => phrase.replace(/^(\w+?)(ies|s)\b/, (word, stem: string, ending: string) => (ending === 'ies' ? `${stem}y` : word.endsWith('ss') ? word : stem));

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One value, said with the question's words: "How many singers are from France?" → "There are 3
 * singers from France."; "What is the average age of …?" → "The average age of … is 34.5.".
 */
function singleValue(question: string, column: string, value: PlainValue): string {
  const text = valueText(value);
  const asked = question.trim().replace(/[?.!]+$/, '');
  const count = /^how many\s+(.+?)\s+(are|is|were|was)\b\s*(?:there\b)?\s*(.*)$/i.exec(asked);
  if (count) {
    const one = text === '1';
    const verb = { are: one ? 'is' : 'are', is: one ? 'is' : 'are', were: one ? 'was' : 'were', was: one ? 'was' : 'were' }[count[2]!.toLowerCase()]!;
    const subject = one ? singular(count[1]!) : count[1]!;
    return `There ${verb} ${text} ${[subject, count[3]].filter(Boolean).join(' ')}.`;
  }
  const howMany = /^how many\s+(\w+)/i.exec(asked);
  if (howMany) return `${text} ${howMany[1]}.`;
  const what = /^(?:what|which)\s+(?:is|was|are|were)\s+(?:the\s+)?(.+)$/i.exec(asked) ?? /^(?:find|show|give|return|count|compute|calculate|list|tell)\s+(?:me\s+)?(?:the\s+)?(.+)$/i.exec(asked);
  if (what) return `The ${what[1]} is ${text}.`;
  return `${capitalise(columnLabel(column))}: ${text}.`;
}
