// Yes/no columns named for what they say about a row (`is_insured`, `has_parking`): the adjective or noun
// of their name, written as a predicate ("couriers that are insured", "how many depots have parking"), asks
// for the rows where it holds, not for the column's value. Without this the column is read as one to show
// and the query counts every row.
import type { ColumnSchema } from '@fnquery/contracts';
import type { ColumnRef } from './sql-linking';
import type { Condition } from './sql-plan';
import { claim, type Reading } from './sql-reading';

/** A column that stores yes or no as 1 or 0. */
const YES_NO_TYPE = /^(?:tinyint\(1\)|bool|boolean|bit\(1\))/i;
/** The name says what holds of the row: `is_<adjective>`, `has_<noun>`. */
const PREDICATE_NAME = /^(?:is|has)_[a-z]/i;
/** "not insured", "never certified", "no parking": the rows where it does not hold. */
const NEGATED = /^(?:not|never|no|without|isn't|aren't|wasn't|weren't|doesn't|don't)$/;
/** "whether each courier is insured", "which couriers are insured or not": the flag is asked to be shown. */
const SHOWN = /\b(?:whether|or not)\b/i;

export const isYesNo = (column: ColumnSchema) => YES_NO_TYPE.test(column.type) && PREDICATE_NAME.test(column.name);

/** A condition `<flag> = 1` (or `= 0` after a negation) for each yes/no column the question names. */
export function readFlags(reading: Reading): Condition[] {
  if (SHOWN.test(reading.linking.question)) return [];
  const conditions: Condition[] = [];
  for (const mention of reading.columns) {
    const { column } = mention.target as ColumnRef;
    const first = mention.words[0]!;
    if (!isYesNo(column) || mention.words.some((i) => reading.claimed.has(i))) continue;
    const negated = NEGATED.test(reading.words[first - 1]?.lower ?? '');
    claim(reading, negated ? [first - 1, ...mention.words] : mention.words);
    conditions.push({ column: mention.target, op: '=', value: negated ? 0 : 1 });
  }
  return conditions;
}
