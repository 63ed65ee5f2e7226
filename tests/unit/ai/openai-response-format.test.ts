import { describe, expect, it } from 'vitest';
import { isStrictCompatible, toResponseFormat } from '../../../lib/ai/openai-response-format';

const closed = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...extra,
});

describe('isStrictCompatible', () => {
  it.each([
    ['a closed flat object', closed({ a: { type: 'string' }, b: { type: ['integer', 'null'] } })],
    [
      'nested closed objects in arrays',
      closed({ rows: { type: 'array', items: closed({ x: { type: 'number', minimum: 0 } }), maxItems: 5 } }),
    ],
    [
      'anyOf and $defs with $ref',
      closed(
        { v: { anyOf: [{ $ref: '#/$defs/p' }, { type: 'null' }] } },
        { $defs: { p: closed({ n: { enum: [1, 2] } }) } },
      ),
    ],
    ['a supported format', closed({ when: { type: 'string', format: 'date-time' } })],
  ])('accepts %s', (_case, schema) => {
    expect(isStrictCompatible(schema)).toBe(true);
  });

  it.each([
    ['an open object', { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }],
    ['an optional property', { ...closed({ a: { type: 'string' }, b: { type: 'string' } }), required: ['a'] }],
    ['an open nested object', closed({ inner: { type: 'object', properties: {} } })],
    ['an unsupported keyword', closed({ a: { type: 'string', minLength: 1 } })],
    ['an unsupported format', closed({ site: { type: 'string', format: 'uri' } })],
    ['tuple items', closed({ pair: { type: 'array', items: [{ type: 'string' }] } })],
  ])('refuses %s', (_case, schema) => {
    expect(isStrictCompatible(schema)).toBe(false);
  });
});

describe('toResponseFormat', () => {
  it('drops $schema and $id, which address our validator, and keeps the rest', () => {
    const schema = closed(
      { a: { type: 'string' } },
      { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'urn:x', title: 'T' },
    );

    expect(toResponseFormat({ name: 'answer', schema })).toEqual({
      type: 'json_schema',
      json_schema: { name: 'answer', schema: closed({ a: { type: 'string' } }, { title: 'T' }), strict: true },
    });
  });

  it('is not strict with a root anyOf, which strict mode refuses', () => {
    const schema = { anyOf: [closed({ a: { type: 'string' } })] };

    expect(toResponseFormat({ name: 'answer', schema }).json_schema.strict).toBe(false);
  });
});
