// Yes/no columns named for what they say about a row (`is_insured`, `has_parking`): the adjective or noun
// of their name, written as a predicate ("couriers that are insured", "how many depots have parking"), asks
// for the rows where it holds, not for the column's value. Without this the column is read as one to show
// and the query counts every row.
import type { ColumnSchema } from '@fnquery/contracts';
import type { ColumnRef } from './sql-linking';
import type { Condition } from './sql-plan';
import { claim, type Reading } from './sql-reading';
import { negates } from './sql-vocabulary';
import { windowOf } from './sql-weights';

/** A column that stores yes or no as 1 or 0. */
const YES_NO_TYPE = /^(?:tinyint\(1\)|bool|boolean|bit\(1\))/i;
/** The name says what holds of the row: `is_<adjective>`, `has_<noun>`. */
const PREDICATE_NAME = /^(?:is|has)_[a-z]/i;
/** Words between a negation and the flag's noun that leave it negated: "not hold a licence", "no longer any". */
const ARTICLE = /^(?:a|an|any|the|be|been)$/;

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
    const negation = negationBefore(reading, first);
    // "riders who never had a puncture": no related row with the flag, not some related row without it;
    // left unread, the negation makes the reading unsure rather than wrong.
    if (negation !== undefined && mention.target.table !== reading.focus) continue;
    claim(reading, negation === undefined ? mention.words : [...range(negation, first), ...mention.words]);
    conditions.push({ column: mention.target, op: '=', value: negation === undefined ? 1 : 0 });
  }
  return conditions;
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/**
 * The position of the negation that governs the flag named at `first`: right before it ("not insured"),
 * or before one verb and articles ("do not hold a licence", "never had any parking"); undefined when none.
 */
function negationBefore({ words }: Reading, first: number): number | undefined {
  let verbs = 0;
  for (let at = first - 1; at >= 0 && at >= first - windowOf('flagNegation'); at--) {
    // "not insured", "never certified", "no parking", "aren't electric": the rows where it does not hold.
    if (negates(words, at)) return at;
    const word = words[at]!.lower;
    if (ARTICLE.test(word)) continue;
    if (++verbs > 1) return undefined;
  }
  return undefined;
}
