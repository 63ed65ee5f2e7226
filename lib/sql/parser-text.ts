// The text node-sql-parser reads, which may differ from the text that runs in two harmless ways
// where the parser is stricter than the servers: a word the parser reserves but MariaDB and MySQL
// accept as a name (`status`, `session`) is backquoted; an INTERVAL/EXTRACT unit the parser
// does not know (QUARTER, MICROSECOND, DAY_HOUR …) is swapped for one of the same kind; and a
// few operators and functions it lacks are swapped for one of the same shape (`<=>` for `=`,
// STRAIGHT_JOIN for JOIN, VARIANCE for VAR_POP). None changes which tables are read or which
// functions are called (the guard checks calls on the original text), and the server still
// runs the original text.

import { isWord, type Token } from '@fnquery/text-tools/sql';

/** Reserved by the parser's grammars, not by the servers (MariaDB 10.x/11.x, MySQL 8). */
const PARSER_ONLY_RESERVED = new Set([
  'status',
  'session',
  'global',
  'local',
  'persist',
  'persist_only',
  'boolean',
  'contains',
  'json',
]);

/** Units the servers accept that the parser does not, each with one it reads the same way. */
const UNIT_STAND_INS: Record<string, string> = {
  microsecond: 'SECOND',
  quarter: 'MONTH',
  second_microsecond: 'SECOND',
  minute_microsecond: 'MINUTE',
  minute_second: 'MINUTE',
  hour_microsecond: 'HOUR',
  hour_second: 'HOUR',
  hour_minute: 'HOUR',
  day_microsecond: 'DAY',
  day_second: 'DAY',
  day_minute: 'DAY',
  day_hour: 'DAY',
  year_month: 'MONTH',
};

/** Same shape, same tables and arguments; the parser knows only the second. */
const STAND_INS: Record<string, string> = { '<=>': '=', straight_join: 'JOIN', variance: 'VAR_POP' };

const UNIT_FUNCTIONS = ['EXTRACT', 'TIMESTAMPDIFF', 'TIMESTAMPADD'];
const PARSER_UNITS = ['SECOND', 'MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];

export function parserText(statement: string, tokens: readonly Token[]): string {
  const edits: { token: Token; text: string }[] = [];
  // Depths at which an INTERVAL still waits for its unit.
  const intervalAt = new Map<number, number>();
  tokens.forEach((token, index) => {
    if (token.start >= statement.length) return;
    const lower = token.text.toLowerCase();
    const next = tokens[index + 1];
    const previous = tokens[index - 1];
    if (isWord(token, 'INTERVAL')) intervalAt.set(token.depth, index);
    // The unit closes the INTERVAL; so does the end of its list item.
    if (token.text === ',' || isWord(token, ...PARSER_UNITS)) intervalAt.delete(token.depth);
    const standInFor = token.kind !== 'string' && token.kind !== 'quoted-identifier' ? STAND_INS[lower] : undefined;
    if (standInFor) {
      edits.push({ token, text: standInFor });
      return;
    }
    if (token.kind !== 'word' || next?.text === '(' || previous?.text === '.') return;
    const standIn = UNIT_STAND_INS[lower];
    const interval = intervalAt.get(token.depth);
    const unitOfFunction = previous?.text === '(' && isWord(tokens[index - 2], ...UNIT_FUNCTIONS);
    if (standIn && ((interval !== undefined && index > interval + 1) || unitOfFunction)) {
      edits.push({ token, text: standIn });
      intervalAt.delete(token.depth);
    } else if (PARSER_ONLY_RESERVED.has(lower)) {
      edits.push({ token, text: `\`${token.text}\`` });
    }
  });
  let text = statement;
  for (const { token, text: replacement } of edits.reverse())
    text = text.slice(0, token.start) + replacement + text.slice(token.end);
  return text;
}
