// Each own text-to-SQL set's JSON is whole: each question either has gold SQL and the shape bench/sql.ts
// would read from it, or says why it should be declined; every table a gold query names exists.
import { describe, expect, it } from 'vitest';
import { OWN_SETS, ownSetPath, readOwnSet } from '../../../bench/sql-own-set-data';
import { setNumberOf } from '../../../bench/sql-own-set';
import { shapeOf } from '../../../bench/sql';

describe('the own set runner', () => {
  it('reads the set number from --set= and runs set 1 when none is given', () => {
    expect(setNumberOf(['node', 'bench/sql-own-set.ts'])).toBe(1);
    expect(setNumberOf(['node', 'bench/sql-own-set.ts', '--set=2', '--show-failures'])).toBe(2);
    expect(() => setNumberOf(['--set=two'])).toThrow(/set number/);
  });
});

const sets = await Promise.all(OWN_SETS.map(async (n) => ({ n, set: await readOwnSet(ownSetPath(n)) })));

describe('the own sets', () => {
  it('each use a database of their own', () => {
    expect(new Set(sets.map(({ set }) => set.database)).size).toBe(sets.length);
  });
});

describe.each(sets)('own SQL set $n', ({ set }) => {
  const tables = Object.keys(set.tables);

  it('labels each answerable question with the shape of its gold SQL', () => {
    for (const q of set.questions) if ('gold' in q) expect(q.shape, q.id).toBe(shapeOf(q.gold));
  });

  it('has a reason for each question that should be declined, and unique ids and questions', () => {
    const declined = set.questions.filter((q) => 'decline' in q);
    expect(declined.length).toBeGreaterThanOrEqual(5);
    for (const q of declined) expect('decline' in q && q.decline.length > 10, q.id).toBe(true);
    expect(new Set(set.questions.map((q) => q.id)).size).toBe(set.questions.length);
    expect(new Set(set.questions.map((q) => q.question)).size).toBe(set.questions.length);
  });

  it('names only tables the set defines, each created by its DDL with rows of its width', () => {
    for (const table of tables) {
      expect(
        set.ddl.some((statement) => statement.startsWith(`CREATE TABLE ${table} (`)),
        table,
      ).toBe(true);
      for (const row of set.tables[table]!.rows) expect(row.length, table).toBe(set.tables[table]!.columns.length);
    }
    for (const q of set.questions) {
      if (!('gold' in q)) continue;
      const named = [...q.gold.matchAll(/\b(?:FROM|JOIN)\s+([a-z_]+)/gi)].map((m) => m[1]!);
      expect(named.length, q.id).toBeGreaterThan(0);
      for (const table of named) expect(tables, `${q.id} names ${table}`).toContain(table);
    }
  });
});
