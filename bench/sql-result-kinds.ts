// What the written query returned, right answers against wrong ones (tuning half, tables as listed, after the
// rival readings): no rows, one row of NULLs, a count of 0, every row of the unfiltered query (a condition
// that filtered nothing), repeated rows, wide or long results. A kind of result far more common among wrong
// answers than right ones is a candidate check after execution; one as common among both is not.
import type { QueryResult } from '../lib/sql/execute';

export interface ResultKindFigures {
  /** Right and wrong answers per kind of result (a result may be of several kinds). */
  byKind: Record<string, { right: number; wrong: number }>;
  answers: { right: number; wrong: number };
  /** Answers that returned nothing (no rows, a count of 0, a row of NULLs), one by one (with --show-failures). */
  empty: string[];
}

export const emptyResultKinds = (): ResultKindFigures => ({ byKind: {}, answers: { right: 0, wrong: 0 }, empty: [] });

/**
 * The top-level query without its WHERE clause, or undefined when it has none or holds a subquery or set
 * operation (where a WHERE is not the only filter). Our writer's SQL only: one line, keywords upper case.
 */
export function unfilteredSql(sql: string): string | undefined {
  if (/\(\s*SELECT\b|\b(?:UNION|INTERSECT|EXCEPT)\b/i.test(sql)) return undefined;
  const match = /\sWHERE\s.*?(?=\s(?:GROUP BY|HAVING|ORDER BY|LIMIT)\s|$)/.exec(sql);
  return match ? sql.slice(0, match.index) + sql.slice(match.index + match[0].length) : undefined;
}

const rowKeys = (result: QueryResult) => result.rows.map((row) => JSON.stringify(row)).sort();

/** The kinds of a result, given the result of the same query without its WHERE clause when it has one. */
export function resultKinds(sql: string, result: QueryResult, unfiltered?: QueryResult): string[] {
  const kinds: string[] = [];
  const { rows, columns } = result;
  const single = rows.length === 1 && columns.length === 1 ? rows[0]![0] : undefined;
  if (!rows.length) kinds.push('no rows');
  if (rows.length === 1 && rows[0]!.every((v) => v === null)) kinds.push('one row, all NULL');
  if (/^SELECT COUNT\(/i.test(sql) && (single === 0 || single === '0')) kinds.push('a count of 0');
  if (rows.length > 1 && rows.some((r) => r.some((v) => v === null))) kinds.push('some NULL cells');
  const keys = rowKeys(result);
  if (!/^SELECT DISTINCT\b/i.test(sql) && new Set(keys).size < keys.length) kinds.push('repeated rows');
  if (columns.length >= 4) kinds.push('4 or more columns');
  if (rows.length > 100) kinds.push('more than 100 rows');
  if (rows.length > 1 && columns.length === 1 && new Set(keys).size === 1) kinds.push('one value repeated');
  if (unfiltered && rows.length && rowKeys(unfiltered).join('\n') === keys.join('\n'))
    kinds.push('WHERE filtered nothing');
  if (!kinds.length) kinds.push('none of these');
  return kinds;
}

/** Kinds of result that say nothing was found. */
const NOTHING_FOUND = new Set(['no rows', 'a count of 0', 'one row, all NULL']);

export function countResultKinds(
  figures: ResultKindFigures,
  kinds: string[],
  outcome: 'right' | 'wrong',
  asked: { question: string; sql: string },
): void {
  figures.answers[outcome] += 1;
  if (kinds.some((k) => NOTHING_FOUND.has(k)))
    figures.empty.push(`EMPTY [${outcome}, ${kinds.join(', ')}] ${asked.question}\n  ours: ${asked.sql}`);
  for (const kind of kinds) (figures.byKind[kind] ??= { right: 0, wrong: 0 })[outcome] += 1;
}

export function resultKindLines(figures: ResultKindFigures, showEach: boolean): string[] {
  const { right, wrong } = figures.answers;
  if (!right && !wrong) return [];
  const lines = [
    `What the written query returned, tuning half (${right} right, ${wrong} wrong answers): right / wrong`,
  ];
  for (const [kind, k] of Object.entries(figures.byKind).sort((a, b) => b[1].wrong - a[1].wrong))
    lines.push(`    ${kind.padEnd(24)} ${k.right} / ${k.wrong}`);
  if (showEach) lines.push(...figures.empty);
  return lines;
}
