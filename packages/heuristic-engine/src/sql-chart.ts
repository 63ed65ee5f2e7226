// Python (matplotlib) that draws a query result, for questions that ask for a chart or code. The
// rows are written into the code as data, so it runs on its own: a line chart when the labels are
// dates or years, a bar chart otherwise; one row of several numbers becomes one bar per column.
import type { PlainValue } from '@fnquery/contracts';

const CODE_WORDS =
  /\b(?:chart|plot|graph|visuali[sz]e|visuali[sz]ation|diagram|histogram|code|python|script|matplotlib)\b/i;

export const wantsCode = (question: string) => CODE_WORDS.test(question);

const DECIMAL = /^[-+]?\d+\.\d+$/;

/**
 * A value as people write it: a fraction rounded to two decimals (three significant digits below
 * one) without trailing zeros, so AVG's "11.350000000000" reads "11.35". Whole numbers stay as the
 * database wrote them, since an integer column holds years and codes as often as amounts.
 */
export function valueText(value: PlainValue): string {
  if (value === null) return 'none';
  if (typeof value === 'object') return JSON.stringify(value);
  const fraction =
    typeof value === 'number'
      ? !Number.isInteger(value) && Number.isFinite(value)
      : typeof value === 'string' && DECIMAL.test(value);
  if (!fraction) return String(value);
  const number = Number(value);
  if (Number.isInteger(number)) return String(number);
  const digits = Math.abs(number) >= 1 ? { maximumFractionDigits: 2 } : { maximumSignificantDigits: 3 };
  return new Intl.NumberFormat('en-US', { ...digits, useGrouping: false }).format(number);
}

const asNumber = (value: PlainValue): number | undefined => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?$/i.test(value.trim())) return Number(value);
  return undefined;
};

/** A Python literal: JSON strings and numbers are valid Python; null and booleans are spelt differently. */
export function pythonLiteral(value: PlainValue): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  return JSON.stringify(typeof value === 'string' ? value : JSON.stringify(value));
}

const list = (values: PlainValue[]) => `[${values.map(pythonLiteral).join(', ')}]`;
const looksTemporal = (values: PlainValue[]) =>
  values.length > 1 &&
  values.every((v) =>
    typeof v === 'string'
      ? /^\d{4}(?:-\d{2}(?:-\d{2})?)?/.test(v)
      : typeof v === 'number' && Number.isInteger(v) && v >= 1800 && v <= 2200,
  );

/** `columns` names the result's columns in words: they become the axis titles. */
export function chartCode(question: string, columns: string[], rows: PlainValue[][]): string {
  const numeric = columns.map((_, i) => rows.every((r) => r[i] === null || asNumber(r[i]!) !== undefined));
  const valueColumn = numeric.lastIndexOf(true);
  const labelColumn = numeric.findIndex((n, i) => !n || (i !== valueColumn && looksTemporal(rows.map((r) => r[i]!))));
  let categories: PlainValue[];
  let values: PlainValue[];
  let axes: [string, string];
  if (rows.length === 1 && numeric.filter(Boolean).length > 1) {
    categories = columns.filter((_, i) => numeric[i]);
    values = rows[0]!.filter((_, i) => numeric[i]).map((v) => asNumber(v) ?? null);
    axes = ['', 'value'];
  } else if (valueColumn >= 0) {
    categories = labelColumn >= 0 ? rows.map((r) => r[labelColumn]!) : rows.map((_, i) => i + 1);
    values = rows.map((r) => asNumber(r[valueColumn]!) ?? null);
    axes = [labelColumn >= 0 ? columns[labelColumn]! : 'row', columns[valueColumn]!];
  } else {
    // Nothing to measure: count how often each value occurs.
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(valueText(r[0]!), (counts.get(valueText(r[0]!)) ?? 0) + 1);
    categories = [...counts.keys()];
    values = [...counts.values()];
    axes = [columns[0]!, 'count'];
  }
  const draw = looksTemporal(categories)
    ? "ax.plot(labels, values, marker='o')"
    : 'ax.bar([str(label) for label in labels], values)';
  return [
    '```python',
    'import matplotlib.pyplot as plt',
    '',
    `labels = ${list(categories)}`,
    `values = ${list(values)}`,
    '',
    'fig, ax = plt.subplots(figsize=(10, 5))',
    draw,
    `ax.set_xlabel(${pythonLiteral(axes[0])})`,
    `ax.set_ylabel(${pythonLiteral(axes[1])})`,
    `ax.set_title(${pythonLiteral(question.trim())})`,
    "plt.setp(ax.get_xticklabels(), rotation=45, ha='right')",
    'fig.tight_layout()',
    'plt.show()',
    '```',
  ].join('\n');
}
