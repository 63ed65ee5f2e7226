// A lexer with the server's rules (MySQL/MariaDB with the default sql_mode; the session
// drops ANSI_QUOTES and NO_BACKSLASH_ESCAPES so these rules hold). The guard uses it where
// node-sql-parser reads text differently from the server, and to find the LIMIT clause
// without regenerating the SQL. It recognises, it does not validate: the parser does that.

export type TokenKind = 'word' | 'number' | 'quoted-identifier' | 'string' | 'comment' | 'symbol';

export interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
  /** Parenthesis depth at the token (0 = the outermost statement). */
  depth: number;
}

export class LexError extends Error {}

const WHITESPACE = /[ \t\n\r\f\v]/;
// Identifiers may start with a digit and hold any character from U+0080 on.
const WORD = /[A-Za-z0-9_$\u0080-\uffff]/;
const TWO_CHAR_SYMBOLS = new Set([':=', '<=', '>=', '<>', '!=', '<<', '>>', '&&', '||', '->']);

export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  let i = 0;
  const push = (kind: TokenKind, end: number) => {
    const text = sql.slice(i, end);
    if (kind === 'symbol' && text === ')') depth = Math.max(0, depth - 1);
    tokens.push({ kind, text, start: i, end, depth });
    if (kind === 'symbol' && text === '(') depth += 1;
    i = end;
  };
  while (i < sql.length) {
    const char = sql[i] ?? '';
    const next = sql[i + 1] ?? '';
    if (WHITESPACE.test(char)) i += 1;
    else if (char < ' ' || char === '\u007f') throw new LexError('control character');
    else if (char === '/' && next === '*') push('comment', closeBlockComment(sql, i));
    else if (char === '#' || (char === '-' && next === '-' && (sql[i + 2] ?? ' ') <= ' ')) {
      // `-- ` starts a comment only when a space or control character follows (or the text ends).
      push('comment', endOfLine(sql, i));
    } else if (char === "'" || char === '"') push('string', closeQuoted(sql, i, char, true));
    else if (char === '`') push('quoted-identifier', closeQuoted(sql, i, '`', false));
    else if (WORD.test(char)) {
      let end = i + 1;
      while (end < sql.length && WORD.test(sql[end] ?? '')) end += 1;
      push(/^\d+$/.test(sql.slice(i, end)) ? 'number' : 'word', end);
    } else if (sql.startsWith('<=>', i)) push('symbol', i + 3);
    else push('symbol', TWO_CHAR_SYMBOLS.has(char + next) ? i + 2 : i + 1);
  }
  return tokens;
}

function closeBlockComment(sql: string, start: number): number {
  const end = sql.indexOf('*/', start + 2);
  if (end < 0) throw new LexError('unterminated comment');
  return end + 2;
}

function endOfLine(sql: string, start: number): number {
  const end = sql.indexOf('\n', start);
  return end < 0 ? sql.length : end;
}

/** Quotes end at an undoubled closing quote; in strings a backslash escapes the next character. */
function closeQuoted(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const char = sql[i];
    if (backslashEscapes && char === '\\') i += 2;
    else if (char === quote && sql[i + 1] === quote) i += 2;
    else if (char === quote) return i + 1;
    else i += 1;
  }
  throw new LexError('unterminated quote');
}

export const isWord = (token: Token | undefined, ...words: string[]) =>
  token?.kind === 'word' && words.includes(token.text.toUpperCase());
