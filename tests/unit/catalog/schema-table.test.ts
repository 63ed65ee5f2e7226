// Schemas as documentation tables: every field once, nested names, constraints in words, examples.
import { describe, expect, it } from 'vitest';
import { schemaRows } from '../../../lib/catalog/web/schema-table';

describe('schemaRows', () => {
  it('lists nested fields under dotted names with required, constraints and the example value at that place', () => {
    const schema = {
      type: 'object',
      required: ['city'],
      properties: {
        city: { type: 'string', description: 'City name', minLength: 1, maxLength: 80 },
        units: { enum: ['metric', 'imperial'], default: 'metric' },
        when: { type: 'string', format: 'date' },
        place: {
          type: 'object',
          required: ['lat'],
          properties: { lat: { type: 'number', minimum: -90, maximum: 90 }, lon: { type: 'number' } },
        },
        days: { type: 'array', items: { type: 'integer', exclusiveMinimum: 0 }, maxItems: 7, uniqueItems: true },
      },
    };
    const rows = schemaRows(schema, { city: 'Oslo', place: { lat: 59.9 }, days: [1, 2] });
    expect(rows.map((r) => [r.name, r.type, r.required, r.example])).toEqual([
      ['city', 'string', true, '"Oslo"'],
      ['units', 'enum', false, undefined],
      ['when', 'string (date)', false, undefined],
      ['place', 'object', false, undefined],
      ['place.lat', 'number', true, '59.9'],
      ['place.lon', 'number', false, undefined],
      ['days', 'array of integer', false, '[1,2]'],
    ]);
    expect(rows[0]!.constraints).toEqual(['at least 1 characters', 'at most 80 characters']);
    expect(rows[1]!.constraints).toEqual(['one of "metric", "imperial"', 'default "metric"']);
    expect(rows[4]!.constraints).toEqual(['≥ -90', '≤ 90']);
    expect(rows[6]!.constraints).toEqual(['at most 7 items', 'items unique']);
    expect(rows[0]!.description).toBe('City name');
  });

  it('opens array items that are objects and follows $defs references, stopping at a cycle', () => {
    const schema = {
      type: 'object',
      properties: {
        people: { type: 'array', items: { $ref: '#/$defs/person' } },
      },
      $defs: {
        person: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', examples: ['Ada'] }, manager: { $ref: '#/$defs/person' } },
        },
      },
    };
    const rows = schemaRows(schema);
    expect(rows.map((r) => [r.name, r.type, r.required, r.example])).toEqual([
      ['people', 'array of person', false, undefined],
      ['people[]', 'object', false, undefined],
      ['people[].name', 'string', true, '"Ada"'],
      ['people[].manager', 'person (recursive)', false, undefined],
    ]);
  });

  it('describes a body that is not an object as one row', () => {
    expect(schemaRows({ type: 'array', items: { type: 'string' } }, ['a'])).toEqual([
      { name: '', type: 'array of string', required: true, description: '', constraints: [], example: '["a"]' },
    ]);
    expect(schemaRows({ oneOf: [{ type: 'string' }, { type: 'number' }] })[0]!.type).toBe('one of: string | number');
  });
});
