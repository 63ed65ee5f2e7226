// Caps the rows a statement returns by editing its text: the outermost LIMIT is lowered
// when it is above the cap, or one is appended. Editing the caller's text (rather than
// regenerating SQL from the parser's AST) keeps the query exactly as the server expects it.

import { isWord, type Token } from '@fnquery/text-tools/sql';

const SET_OPERATORS = ['UNION', 'EXCEPT', 'INTERSECT', 'MINUS'];

/**
 * `tokens` are the statement's tokens (comments already refused). The LIMIT that bounds
 * the result is the last one outside parentheses, after the last set operator: before it,
 * a LIMIT belongs to one branch of a UNION only.
 */
export function capRowLimit(
  statement: string,
  tokens: Token[],
  cap: number,
  refuse: (issue: string, advice: string) => never,
): string {
  const outer = tokens.filter((token) => token.depth === 0);
  const lastSetOperator = outer.findLastIndex((token) => isWord(token, ...SET_OPERATORS));
  const limit = outer.findLastIndex((token) => isWord(token, 'LIMIT'));
  if (limit < 0 || limit < lastSetOperator) return `${statement} LIMIT ${cap}`;

  // LIMIT count | LIMIT offset, count | LIMIT count OFFSET offset
  const [first, second, third] = outer.slice(limit + 1, limit + 4);
  const count = second?.text === ',' ? third : first;
  if (first?.kind !== 'number' || count?.kind !== 'number') {
    return refuse('The generated query has a LIMIT that is not a plain number', 'Write LIMIT with whole numbers only');
  }
  if (Number(count.text) <= cap) return statement;
  return `${statement.slice(0, count.start)}${cap}${statement.slice(count.end)}`;
}
