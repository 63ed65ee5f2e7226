// The generated route and MCP validators match their patterns with JavaScript's own engine, which is
// safe only while every pattern in those schemas is one that cannot backtrack without bound: the
// generator refuses any other (tools/generate/own-patterns.ts).
import { describe, expect, it } from 'vitest';
import { assertOwnPatternsLinear, patternsOf, unboundedBacktracking } from '../../../tools/generate/own-patterns';
import { validatedSchemas } from '../../../tools/generate/route-validators';

describe('the patterns of the service’s own schemas', () => {
  it('refuses nested quantifiers with no delimiter, alternation repeats, backreferences and lookaround', () => {
    for (const pattern of ['^(a+)+$', '^([a-z]*,?)*$', '^(x|xy)*$', '^(.a*)+$', '^(a[a-z]*)+$', '^(a)\\1$', '^(?=a)a$'])
      expect(unboundedBacktracking(pattern), pattern).toBeDefined();
  });

  it('accepts plain classes and groups that each repetition starts with a delimiter of their own', () => {
    for (const pattern of [
      '^[A-Za-z0-9_-]+$',
      '^[1-9][0-9]{0,15}$',
      '^[a-z0-9]+(,[a-z0-9]+)*$',
      '^whsec_',
      '^([1-9]|100)$',
    ])
      expect(unboundedBacktracking(pattern), pattern).toBeUndefined();
  });

  it('holds for every pattern a route schema has, and finds them at any depth', () => {
    const schemas = validatedSchemas();
    const all = Object.values(schemas).flatMap((s) => patternsOf(s));
    expect(all.length).toBeGreaterThan(5);
    for (const [name, schema] of Object.entries(schemas))
      expect(() => assertOwnPatternsLinear(name, schema)).not.toThrow();
    expect(() => assertOwnPatternsLinear('nested', { items: [{ properties: { a: { pattern: '^(b+)+$' } } }] })).toThrow(
      /could backtrack/,
    );
  });
});
