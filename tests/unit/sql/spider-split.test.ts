// The Spider bench's split and its freeze: the reporting half is never listed item by item.
import { describe, expect, it } from 'vitest';
import { halfOf, previousHalfOf, readOptions, shapeOf } from '../../../bench/sql';

describe('the Spider split', () => {
  it('puts each database in one half, by a salted hash that differs from the earlier split', () => {
    const names = Array.from({ length: 200 }, (_, i) => `db_${i}`);
    const halves = names.map(halfOf);
    expect(halves.filter((h) => h === 'reporting').length).toBeGreaterThan(70);
    expect(halves.filter((h) => h === 'tuning').length).toBeGreaterThan(70);
    expect(names.map(halfOf)).toEqual(halves);
    const moved = names.filter((n) => halfOf(n) !== previousHalfOf(n)).length;
    expect(moved).toBeGreaterThan(50);
    expect(moved).toBeLessThan(150);
  });

  it('refuses to list misses unless only the tuning half runs', () => {
    expect(() => readOptions(['--show-failures'])).toThrow(/frozen/);
    expect(() => readOptions(['--half=reporting', '--show-failures'])).toThrow(/frozen/);
    expect(readOptions(['--half=tuning', '--show-failures=join'])).toEqual({
      accuracyOnly: false,
      half: 'tuning',
      showFailures: 'join',
    });
    expect(readOptions(['--accuracy-only'])).toEqual({ accuracyOnly: true });
    // Each tuning question's SQL, written to diff two runs; never the reporting half's.
    expect(() => readOptions(['--half=reporting', '--sql-out=/tmp/written.jsonl'])).toThrow(/frozen/);
    expect(readOptions(['--half=tuning', '--sql-out=/tmp/written.jsonl']).sqlOut).toBe('/tmp/written.jsonl');
  });

  it('reads the shape from the gold SQL', () => {
    expect(shapeOf('SELECT a FROM t WHERE b NOT IN (SELECT b FROM u)')).toBe('nested/set');
    expect(shapeOf('SELECT a FROM t INTERSECT SELECT a FROM u')).toBe('nested/set');
    expect(shapeOf('SELECT a FROM t JOIN u ON t.x = u.x')).toBe('join');
    expect(shapeOf('SELECT COUNT(*) FROM t GROUP BY a')).toBe('simple');
  });
});
