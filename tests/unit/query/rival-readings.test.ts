import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { settleDraft } from '../../../lib/query/rival-readings';
import type { QueryResult } from '../../../lib/sql/ports';

// Three statements and their rows, standing in for a database session (the integration test runs MariaDB).
const result = (rows: (string | number)[][]): QueryResult => ({
  columns: rows[0]?.map((_, i) => `c${i}`) ?? [],
  rows,
  rowCount: rows.length,
  truncated: false,
});
const ROWS: Record<string, QueryResult> = {
  'SELECT a FROM t': result([['x'], ['y']]),
  'SELECT b FROM t': result([['y'], ['x']]),
  'SELECT c FROM t': result([['x']]),
  'SELECT a FROM t ORDER BY a': result([['x'], ['y']]),
  'SELECT b FROM t ORDER BY b': result([['y'], ['x']]),
  // A query that found nothing, a count of nothing, and probes of the values they test.
  "SELECT a FROM t WHERE p = 'Zed'": result([]),
  "SELECT COUNT(*) FROM t WHERE p = 'Zed'": result([[0]]),
  "SELECT COUNT(*) FROM t WHERE p = 'Kells'": result([[2]]),
  "SELECT p FROM t WHERE p = 'Zed' LIMIT 1": result([]),
  "SELECT p FROM t WHERE p = 'Kells' LIMIT 1": result([['Kells']]),
};
const ran: string[] = [];
const run = async (sql: string) => {
  ran.push(sql);
  const rows = ROWS[sql];
  if (!rows) throw new ServiceError(400, 'query_failed', { issue: 'unknown column', advice: 'name another' });
  return rows;
};
const rival = (sql: string) => ({ kind: 'column', sql, reading: `the column "t.a" or "${sql}"` });

describe('settleDraft', () => {
  it('answers with the rows when every rival returns the same rows (in any order when none is asked)', async () => {
    const settled = await settleDraft({ sql: 'SELECT a FROM t', rivals: [rival('SELECT b FROM t')] }, run);
    expect(settled).toEqual({ result: ROWS['SELECT a FROM t'] });
  });

  it('declines with the two readings when a rival returns other rows', async () => {
    const differing = rival('SELECT c FROM t');
    const settled = await settleDraft({ sql: 'SELECT a FROM t', rivals: [rival('SELECT b FROM t'), differing] }, run);
    expect(settled.ambiguous).toBe('the column "t.a" or "SELECT c FROM t"');
    expect(settled.differing).toEqual(differing);
  });

  it('compares in order when the query orders its rows', async () => {
    const settled = await settleDraft(
      { sql: 'SELECT a FROM t ORDER BY a', rivals: [rival('SELECT b FROM t ORDER BY b')] },
      run,
    );
    expect(settled.ambiguous).toBeDefined();
  });

  it('passes over a rival the database refuses, and lets the query’s own error through', async () => {
    const settled = await settleDraft({ sql: 'SELECT a FROM t', rivals: [rival('SELECT nope FROM t')] }, run);
    expect(settled).toEqual({ result: ROWS['SELECT a FROM t'] });
    await expect(settleDraft({ sql: 'SELECT nope FROM t' }, run)).rejects.toThrow(ServiceError);
  });

  it('runs only the query when there is no rival', async () => {
    ran.length = 0;
    await settleDraft({ sql: 'SELECT a FROM t' }, run);
    expect(ran).toEqual(['SELECT a FROM t']);
  });

  const probe = (value: string) => ({
    sql: `SELECT p FROM t WHERE p = '${value}' LIMIT 1`,
    said: `"${value}" in "t.p"`,
  });

  it('declines an empty answer when a tested column holds its value in no row', async () => {
    const empty = await settleDraft(
      { sql: "SELECT a FROM t WHERE p = 'Zed'", probes: [probe('Kells'), probe('Zed')] },
      run,
    );
    expect(empty.unmatched).toBe('"Zed" in "t.p"');
    const none = await settleDraft({ sql: "SELECT COUNT(*) FROM t WHERE p = 'Zed'", probes: [probe('Zed')] }, run);
    expect(none.unmatched).toBe('"Zed" in "t.p"');
  });

  it('keeps an empty answer whose values are all stored (nothing else matched), and runs no probe for rows found', async () => {
    const stored = await settleDraft({ sql: "SELECT a FROM t WHERE p = 'Zed'", probes: [probe('Kells')] }, run);
    expect(stored).toEqual({ result: ROWS["SELECT a FROM t WHERE p = 'Zed'"] });
    ran.length = 0;
    const found = await settleDraft({ sql: "SELECT COUNT(*) FROM t WHERE p = 'Kells'", probes: [probe('Zed')] }, run);
    expect(found.unmatched).toBeUndefined();
    expect(ran).toEqual(["SELECT COUNT(*) FROM t WHERE p = 'Kells'"]);
  });
});
