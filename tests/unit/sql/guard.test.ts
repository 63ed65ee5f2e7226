import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { guardSql, MAX_SQL_LENGTH, type GuardOptions } from '../../../lib/sql/guard';
import { tokenize } from '@fnquery/text-tools/sql';
import { ALLOWED_TABLES, HOSTILE_QUERIES, LEGIT_QUERIES } from '../../support/mariadb-sql-fixtures';

const options = (flavour: GuardOptions['flavour']): GuardOptions => ({
  allowedTables: ALLOWED_TABLES,
  rowLimit: 100,
  flavour,
  database: 'fnq_test',
});

function refusal(sql: string, guardOptions: GuardOptions): ServiceError {
  try {
    guardSql(sql, guardOptions);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error(`expected the guard to refuse: ${sql}`);
}

describe.each(['MariaDB', 'MySQL'] as const)('guardSql (%s grammar)', (flavour) => {
  it.each(HOSTILE_QUERIES.map((sql) => [JSON.stringify(sql).slice(0, 90), sql]))('refuses %s', (_label, sql) => {
    const error = refusal(sql, options(flavour));
    expect(error.status).toBe(400);
    expect(error.code).toBe('query_refused');
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]?.query).toBe(sql.trim());
    expect(error.lines()[0]).toMatch(sql.trim() ? /^ISSUE: .+\. ADVICE: .+\. QUERY: /s : /^ISSUE: .+\. ADVICE: .+\.$/);
  });

  it.each(LEGIT_QUERIES)('accepts %s', (sql, runs) => {
    expect(guardSql(sql, options(flavour))).toBe(runs);
  });
});

describe('guardSql details', () => {
  const mariadb = options('MariaDB');

  it('says which table is not listed, and why a comment is refused', () => {
    expect(refusal('SELECT * FROM secrets', mariadb).problems[0]?.issue).toBe(
      "The generated query reads the table secrets, which is not in the request's tables",
    );
    expect(refusal('SELECT * FROM mysql.user', mariadb).problems[0]?.issue).toBe(
      'The generated query reads the system schema mysql',
    );
    expect(refusal('SELECT SLEEP(1)', mariadb).problems[0]?.issue).toBe(
      'The generated query calls SLEEP, which is not a built-in function the service allows',
    );
    expect(refusal('SELECT 1 -- hi', mariadb).problems[0]?.advice).toContain(
      'the server runs text inside some of them',
    );
    expect(refusal('DROP TABLE Faculty', mariadb).problems[0]?.issue).toBe(
      'The generated query is not a SELECT statement (it starts with DROP)',
    );
  });

  it('refuses queries longer than the limit before parsing them', () => {
    const long = `SELECT ${'1 + '.repeat(MAX_SQL_LENGTH / 4)}1 FROM Faculty`;
    expect(refusal(long, mariadb).problems[0]?.issue).toContain(`longer than ${MAX_SQL_LENGTH}`);
  });

  it('fails closed on nesting the parser cannot handle', () => {
    const deep = `SELECT ${'('.repeat(3000)}1${')'.repeat(3000)} FROM Faculty`;
    expect(refusal(deep, mariadb).status).toBe(400);
  });

  it('refuses a LIMIT that is not a plain number', () => {
    expect(refusal('SELECT * FROM Faculty LIMIT 1e3', mariadb).problems[0]?.issue).toContain(
      'LIMIT that is not a plain number',
    );
  });

  it('allows database-qualified names only for the connection database', () => {
    expect(guardSql('SELECT * FROM fnq_test.Faculty LIMIT 1', mariadb)).toBe('SELECT * FROM fnq_test.Faculty LIMIT 1');
    expect(refusal('SELECT * FROM fnq_test.Faculty', { ...mariadb, database: undefined }).status).toBe(400);
  });

  it('caps at exactly rowLimit + 1 so execution can tell a cut result', () => {
    expect(guardSql('SELECT * FROM Faculty LIMIT 8', { ...mariadb, rowLimit: 7 })).toBe(
      'SELECT * FROM Faculty LIMIT 8',
    );
    expect(guardSql('SELECT * FROM Faculty LIMIT 9', { ...mariadb, rowLimit: 7 })).toBe(
      'SELECT * FROM Faculty LIMIT 8',
    );
  });
});

describe('tokenize', () => {
  const kinds = (sql: string) => tokenize(sql).map((token) => `${token.kind}:${token.text}`);

  it('follows the server on quotes, escapes and comments', () => {
    expect(kinds("'it''s' 'a\\'b' \"x\" `a``b`")).toEqual([
      "string:'it''s'",
      "string:'a\\'b'",
      'string:"x"',
      'quoted-identifier:`a``b`',
    ]);
    expect(kinds('1--1')).toEqual(['number:1', 'symbol:-', 'symbol:-', 'number:1']);
    expect(kinds('1-- x\n2')).toEqual(['number:1', 'comment:-- x', 'number:2']);
    expect(kinds('a /*! b */ # c')).toEqual(['word:a', 'comment:/*! b */', 'comment:# c']);
    expect(kinds('@a:=1')).toEqual(['symbol:@', 'word:a', 'symbol::=', 'number:1']);
  });

  it('tracks parenthesis depth', () => {
    expect(tokenize('a (b (c)) d').map((token) => token.depth)).toEqual([0, 0, 1, 1, 2, 1, 0, 0]);
  });

  it('rejects unterminated quotes and comments and control characters', () => {
    for (const sql of ["'abc", '`abc', '/* abc', 'a\u0001b']) expect(() => tokenize(sql)).toThrow();
  });
});
