// A comparison with one row the question names ("telescopes built later than the Lantern", "observers
// older than the observer with id 4"): the column compared is read from that row by a subquery,
//   `built_year` > (SELECT `built_year` FROM `telescope` WHERE `name` = 'Lantern').
// The row is named by a value the data holds or by its key; the column compared must belong to the
// named row's table, else nothing is read and the comparison stays unread (the engine then declines).
import type { TableSchema } from '@fnquery/contracts';
import type { ColumnRef } from './sql-linking';
import type { Condition } from './sql-plan';
import { adjectiveColumn, comparativeAround, comparisonBefore, isText, nameColumn, numeric } from './sql-conditions';
import { claim, columnBefore, type Reading } from './sql-reading';
import { windowOf } from './sql-weights';

/** Words between "than" and the row it names: "than the", "than that of the". */
const ROW_FILLER = /^(?:the|that|those|of|a|an)$/;
/** Words between the row's table and how it is named: "the telescope with id 4", "the observer named Ada". */
const NAMING = /^(?:with|named|called|whose|of)$/;

export function readNamedRowComparisons(reading: Reading): Condition[] {
  const { words } = reading;
  const conditions: Condition[] = [];
  words.forEach((word, than) => {
    if (word.lower !== 'than' || reading.claimed.has(than)) return;
    const around = comparativeAround(reading, than + 1);
    const before = comparisonBefore(reading, than + 1);
    const op = before?.words.includes(than) ? before : around?.op;
    if (!op || !['>', '>=', '<', '<='].includes(op.op)) return;
    const used = [than, ...op.words];
    let k = than + 1;
    while (ROW_FILLER.test(words[k]?.lower ?? '')) used.push(k++);
    const table = reading.tables.find((t) => t.words[0] === k && !t.words.some((i) => reading.claimed.has(i)));
    if (table) {
      used.push(...table.words);
      k = table.words.at(-1)! + 1;
      while (NAMING.test(words[k]?.lower ?? '') || ROW_FILLER.test(words[k]?.lower ?? '')) used.push(k++);
    }
    const row = namedRow(reading, k, table?.target);
    if (!row) return;
    const named = around?.column ?? numeric(columnBefore(reading, op.first, windowOf('numberColumnBefore')));
    const column = named?.target ?? adjectiveColumn(reading, op.words);
    // "customers who paid more than Ada": the amount lives in another table than the row named.
    if (!column || column.table !== row.column.table) return;
    // "a larger number of followers than Ada": a count of related rows may be meant as well as the column.
    const counted = named && /^(?:number|count|amount) of$/.test(phraseBefore(reading, named.words[0]!));
    if (counted) return;
    claim(reading, [...used, ...row.words, ...(named?.words ?? [])]);
    // A key names one row; a name may be shared, and then the row compared with is every one of them.
    const greater = op.op === '>' || op.op === '>=';
    const aggregate = row.byKey ? undefined : greater ? 'MAX' : 'MIN';
    const where: Condition[] = [{ column: row.column, op: '=', value: row.value }];
    conditions.push({ column, op: op.op, value: { ...(aggregate && { aggregate }), of: column, where } });
  });
  return conditions;
}

interface NamedRow {
  column: ColumnRef;
  value: string | number;
  words: number[];
  byKey: boolean;
}

/** The row named at word `at`: a text value the data holds, or a number after the key column's name. */
function namedRow(reading: Reading, at: number, table: TableSchema | undefined): NamedRow | undefined {
  const value = reading.values.find((v) => v.words[0] === at && !v.words.some((i) => reading.claimed.has(i)));
  if (value) {
    // A value of the row's name or key names one row; "than English songs" names a set of rows, and
    // whether it means all of them or some of them is not said.
    const columns = value.columns.filter(
      (c) =>
        isText(c.column) && (!table || c.table === table) && (isKey(c) || nameColumn(c.table)?.column === c.column),
    );
    const column = columns[0];
    if (!column || columns.some((c) => c.table !== column.table)) return undefined;
    const byKey = isKey(column);
    return { column, value: value.value, words: value.words, byKey };
  }
  // "the observer with id 4": the key's name, then the number.
  const key = reading.columns.find((m) => m.words[0] === at && isKey(m.target));
  const number = key && reading.linking.numbers.find((n) => n.words[0] === key.words.at(-1)! + 1);
  if (!key || !number || (table && key.target.table !== table)) return undefined;
  return {
    column: key.target,
    value: number.value,
    words: [...key.words, ...number.words],
    byKey: true,
  };
}

const isKey = ({ table, column }: ColumnRef) =>
  table.primaryKey.length === 1 && table.primaryKey[0]!.toLowerCase() === column.name.toLowerCase();

const phraseBefore = (reading: Reading, at: number) =>
  reading.words
    .slice(Math.max(0, at - 2), at)
    .map((w) => w.lower)
    .join(' ');
