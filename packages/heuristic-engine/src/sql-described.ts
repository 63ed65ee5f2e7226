// What a SELECT computed, in words, read from the SQL that ran rather than from the question: the
// table it counts or reads and the conditions it applied. The answer is built from this, so it can
// never claim a condition the SQL did not apply. And the question's stated numbers and quoted values
// that the SQL does not use are named as conditions that were not applied.
import { equivalentValues } from './sql-units';
import { tokenize, type Token } from '@fnquery/text-tools/sql';
import { nameWords } from '@fnquery/text-tools';

export interface SqlDescription {
  /** The outermost FROM table, in words ("ferries", "harbour"). */
  table: string;
  /** The outermost WHERE and HAVING in words (of both SELECTs of a set operation), or '' when none. */
  conditions: string;
}

const CLAUSE_ENDS = new Set(['GROUP', 'HAVING', 'ORDER', 'LIMIT', 'UNION', 'EXCEPT', 'INTERSECT', 'WINDOW']);

const OPERATOR_WORDS: Record<string, string> = {
  '=': 'is',
  '<>': 'is not',
  '!=': 'is not',
  '>': 'is greater than',
  '>=': 'is at least',
  '<': 'is less than',
  '<=': 'is at most',
  LIKE: 'matches',
  AND: 'and',
  OR: 'or',
  NOT: 'not',
  BETWEEN: 'is between',
  IN: 'is one of',
  IS: 'is',
  NULL: 'empty',
  AVG: 'the average',
  SUM: 'the total',
  MIN: 'the minimum',
  MAX: 'the maximum',
  COUNT: 'the number of',
};

const safeTokens = (sql: string): Token[] => {
  try {
    return tokenize(sql);
  } catch {
    return [];
  }
};

const identifier = (token: Token) =>
  token.kind === 'quoted-identifier' ? token.text.slice(1, -1).replace(/``/g, '`') : token.text;

/** How the rows of a set operation's second SELECT combine with the first's, in words. */
const SET_WORDS: Record<string, string> = { UNION: 'or', INTERSECT: 'and also', EXCEPT: 'but not' };

export function describeSql(sql: string): SqlDescription {
  const tokens = safeTokens(sql);
  // "SELECT … WHERE a EXCEPT SELECT … WHERE b": each SELECT is described, joined by what the operation does.
  const split = tokens.findIndex(
    (t) => t.depth === 0 && t.kind === 'word' && Object.hasOwn(SET_WORDS, t.text.toUpperCase()),
  );
  const first = describeSelect(split < 0 ? tokens : tokens.slice(0, split));
  if (split < 0) return first;
  const second = describeSelect(tokens.slice(split + 1).filter((t, i) => i > 0 || t.text.toUpperCase() !== 'ALL'));
  const joining = SET_WORDS[tokens[split]!.text.toUpperCase()]!;
  const otherTable = second.table && second.table !== first.table ? `${second.table} ` : '';
  const secondWhere = second.conditions ? `${otherTable}where ${second.conditions}` : otherTable || 'any row';
  // Without conditions of its own, the first SELECT is every row: the second's conditions say it all.
  const alone: Record<string, string> = {
    or: `any row, or ${secondWhere}`,
    'and also': otherTable ? `also in ${secondWhere}` : second.conditions,
    'but not': otherTable ? `not in ${secondWhere}` : `not (${second.conditions})`,
  };
  const conditions = first.conditions ? `${first.conditions}, ${joining} ${secondWhere}` : alone[joining]!;
  return { table: first.table, conditions };
}

function describeSelect(tokens: Token[]): SqlDescription {
  const outer = (index: number) => tokens[index]!.depth === 0;
  const from = tokens.findIndex((t, i) => outer(i) && t.kind === 'word' && t.text.toUpperCase() === 'FROM');
  const table = from >= 0 && tokens[from + 1] ? nameWords(identifier(tokens[from + 1]!)).join(' ') : '';
  const parts = ['WHERE', 'HAVING'].map((clause) => clauseWords(tokens, clause)).filter(Boolean);
  return { table, conditions: parts.join(', and groups where ') };
}

/** The outermost clause in words: identifiers as names (aliases dropped), operators as words, literals as written. */
function clauseWords(tokens: Token[], clause: string): string {
  const start = tokens.findIndex((t) => t.depth === 0 && t.kind === 'word' && t.text.toUpperCase() === clause);
  if (start < 0) return '';
  const words: string[] = [];
  for (let i = start + 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    const upper = token.text.toUpperCase();
    if (token.depth === 0 && token.kind === 'word' && CLAUSE_ENDS.has(upper)) break;
    if (tokens[i + 1]?.text === '.' || token.text === '.' || token.text === ';') continue;
    if (token.text === '(' || token.text === ')' || token.text === ',' || token.text === '*') continue;
    if (token.kind === 'string') words.push(`"${token.text.slice(1, -1).replace(/''/g, "'").replace(/\\(.)/g, '$1')}"`);
    else if (token.kind === 'quoted-identifier') words.push(nameWords(identifier(token)).join(' '));
    else if (upper === 'COUNT' && tokens[i + 2]?.text === '*') words.push('the number of rows');
    else if (OPERATOR_WORDS[upper] !== undefined) words.push(OPERATOR_WORDS[upper]!);
    else if (upper === 'SELECT' || upper === 'FROM') words.push(upper === 'FROM' ? 'of' : '');
    else if (token.kind === 'word') words.push(nameWords(token.text).join(' '));
    else words.push(token.text);
  }
  return words
    .filter(Boolean)
    .join(' ')
    .replace(/\bis not empty\b/g, 'is not empty')
    .replace(/\bis is\b/g, 'is');
}

/** A comparison word before a stated number: the stretch from it to the number's unit is the condition. */
const CUES =
  /^(?:than|over|under|above|below|least|most|between|after|before|since|from|to|exceeding|exceeds|within|of|in|at|with|by|is|are|was|were|equal|equals)$/i;

/**
 * The question's numbers and quoted values that the SQL does not use, each with the words that
 * state it ("longer than 5 minutes"): conditions the query did not apply.
 */
export function unappliedConditions(question: string, sql: string): string[] {
  const tokens = safeTokens(sql);
  const used = new Set(
    tokens
      .filter((t) => t.kind === 'number' || t.kind === 'string')
      .map((t) => (t.kind === 'string' ? t.text.slice(1, -1) : t.text).toLowerCase()),
  );
  const sqlNumbers = tokens
    .filter((t) => t.kind === 'number')
    .map((t, i, all) => (all[i + 1]?.text === '.' ? `${t.text}.${all[i + 2]?.text}` : t.text));
  for (const n of sqlNumbers) used.add(String(Number(n)));
  const words = question.replace(/[?!]+$/, '').split(/\s+/);
  const missing: string[] = [];
  words.forEach((word, i) => {
    const quoted = /^["'“‘](.+?)["'”’][.,;:]?$/.exec(word)?.[1];
    const number = /^(\d+(?:[.,]\d+)*)[.,;:]?$/.exec(word)?.[1]?.replace(/,/g, '');
    const value = quoted ?? (number === undefined ? undefined : String(Number(number)));
    if (value === undefined || used.has(value.toLowerCase())) return;
    // "5 minutes" applied as 300000 milliseconds.
    const converted =
      number === undefined ? [] : equivalentValues(Number(number), words[i + 1]?.replace(/[.,;:]$/, ''));
    if (converted.some((v) => used.has(String(v)))) return;
    let first = i;
    while (first > 0 && i - first < 3 && !CUES.test(words[first]!)) first -= 1;
    if (!CUES.test(words[first]!)) first = i;
    // "longer than 5 minutes": the cue's adjective comes along, and the unit after the number.
    if (first > 0 && first < i && /^than$/i.test(words[first]!)) first -= 1;
    const unit =
      quoted === undefined &&
      words[i + 1] &&
      /^[a-z%$€£]+[.,;:]?$/i.test(words[i + 1]!) &&
      !/^(?:and|or|but|in|of|for|the|a|an)$/i.test(words[i + 1]!)
        ? 1
        : 0;
    missing.push(
      words
        .slice(first, i + 1 + unit)
        .join(' ')
        .replace(/[.,;:]$/, ''),
    );
  });
  return missing;
}
