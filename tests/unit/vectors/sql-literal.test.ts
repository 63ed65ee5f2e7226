import { describe, expect, it } from 'vitest';
import { sqlString } from '../../../lib/vectors/sql-literal';

describe('sqlString', () => {
  it('quotes a value and doubles the quotes inside it', () => {
    expect(sqlString('abc')).toBe("'abc'");
    expect(sqlString("x' OR '1'='1")).toBe("'x'' OR ''1''=''1'");
    expect(sqlString('back\\slash')).toBe("'back\\slash'");
  });

  it('refuses NUL', () => {
    expect(() => sqlString('a\0b')).toThrow(/NUL/);
  });
});
