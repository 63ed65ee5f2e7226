import { describe, expect, it } from 'vitest';
import { guardSql } from '../../../lib/sql/guard';
import { CORPUS_TABLES, KNOWN_PARSER_GAPS, VALID_CORPUS } from '../../support/sql-valid-corpus';

const guard = (sql: string, flavour: 'MariaDB' | 'MySQL') =>
  guardSql(sql, { allowedTables: CORPUS_TABLES, rowLimit: 100, flavour, database: 'fnq_corpus' });

// The integration test proves MariaDB runs each of these; here every grammar must let them through.
describe.each(['MariaDB', 'MySQL'] as const)('the guard accepts valid SQL beyond Spider (%s grammar)', (flavour) => {
  it('holds over a hundred statements', () => {
    expect(VALID_CORPUS.length).toBeGreaterThanOrEqual(100);
  });

  it.each(VALID_CORPUS.filter((sql) => !KNOWN_PARSER_GAPS[flavour].includes(sql)))('accepts %s', (sql) => {
    // Only the LIMIT may change: the server runs the statement as written.
    expect(guard(sql, flavour).startsWith(sql)).toBe(true);
  });

  it.each(KNOWN_PARSER_GAPS[flavour])('still refuses, as a parser gap, %s', (sql) => {
    expect(VALID_CORPUS).toContain(sql);
    expect(() => guard(sql, flavour)).toThrow(/could not be parsed/);
  });
});
