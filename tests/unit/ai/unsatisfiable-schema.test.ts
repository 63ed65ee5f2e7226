// Schemas no answer can satisfy are the caller's mistake: refused with 400 before any work. Only
// what every answer must hold counts; an optional property nothing satisfies can be left out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStructuredOutput } from '../../../lib/ai/structured-output';
import { unsatisfiableBecause } from '../../../lib/ai/unsatisfiable-schema';
import { createAjv } from '../../../lib/json-schema';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const withRequired = (property: unknown) => ({ type: 'object', properties: { x: property }, required: ['x'] });

describe('unsatisfiable structured_output schemas', () => {
  it.each<[string, unknown]>([
    ['minimum above maximum', { type: 'number', minimum: 5, maximum: 1 }],
    ['an empty open interval', { type: 'number', exclusiveMinimum: 2, maximum: 2 }],
    ['no integer in the range', { type: 'integer', minimum: 1.2, maximum: 1.8 }],
    ['no integer between exclusive bounds', { type: 'integer', exclusiveMinimum: 1, exclusiveMaximum: 2 }],
    ['minLength above maxLength', { type: 'string', minLength: 4, maxLength: 2 }],
    ['minItems above maxItems', { type: 'array', minItems: 3, maxItems: 1 }],
    ['an empty enum', { type: 'string', enum: [] }],
    ['enum options of another type', { type: 'integer', enum: ['a', 'b'] }],
    ['a const of another type', { type: 'boolean', const: 'yes' }],
    ['a const outside its enum', { type: 'string', enum: ['ferry', 'barge'], const: 'yacht' }],
    ['enum options that all break the pattern', { type: 'string', enum: ['ab', 'ac'], pattern: '^z' }],
    ['a const below the minimum', { type: 'integer', const: 3, minimum: 10 }],
    ['the schema false', false],
    ['a "not" that refuses everything', { type: 'string', not: {} }],
    ['allOf branches of different types', { allOf: [{ type: 'string' }, { type: 'number' }] }],
    ['a type its allOf branch excludes', { type: 'integer', allOf: [{ type: 'string' }] }],
    ['an allOf branch with no value', { allOf: [{ type: 'integer', minimum: 5, maximum: 1 }] }],
    ['anyOf branches that all have no value', { anyOf: [false, { type: 'string', enum: ['a'], const: 'b' }] }],
    ['oneOf branches that all have no value', { oneOf: [{ type: 'boolean', const: 1 }, { not: true }] }],
    [
      'a required array whose items cannot exist',
      { type: 'array', minItems: 1, items: { type: 'number', minimum: 3, maximum: 0 } },
    ],
    ['minimum above maximum in a one-type list', { type: ['number'], minimum: 5, maximum: 1 }],
    ['minLength above maxLength in a one-type list', { type: ['string'], minLength: 3, maxLength: 1 }],
    ['no multiple of the step between the bounds', { type: 'number', minimum: 1, maximum: 9, multipleOf: 10 }],
    [
      'no integer that is a multiple of a fractional step',
      { type: 'integer', minimum: 1, maximum: 2, multipleOf: 1.5 },
    ],
    ['more unique items than booleans', { type: 'array', minItems: 3, uniqueItems: true, items: { type: 'boolean' } }],
    ['more unique items than options', { type: 'array', minItems: 3, uniqueItems: true, items: { enum: ['a', 'b'] } }],
    ['minContains above maxContains', { type: 'array', contains: { type: 'string' }, minContains: 3, maxContains: 1 }],
    ['a contains with no room for it', { type: 'array', contains: { type: 'string' }, maxItems: 0 }],
    ['a contains that nothing matches', { type: 'array', contains: false }],
    ['a required first item of no value', { type: 'array', minItems: 1, prefixItems: [false] }],
    [
      'more required items than prefixItems, with items false',
      { type: 'array', minItems: 2, prefixItems: [{ type: 'string' }], items: false },
    ],
    ['a const object without its required property', { type: 'object', const: { a: 1 }, required: ['b'] }],
    [
      'a required property a false pattern covers',
      { type: 'object', patternProperties: { '^x': false }, required: ['xy'] },
    ],
    ['a required name propertyNames refuses', { type: 'object', propertyNames: { maxLength: 2 }, required: ['long'] }],
    [
      'a required extra property whose additionalProperties has no value',
      { type: 'object', additionalProperties: { type: 'integer', minimum: 3, maximum: 1 }, required: ['z'] },
    ],
    [
      'a nested required property',
      { type: 'object', properties: { y: { type: 'integer', minimum: 9, maximum: 8 } }, required: ['y'] },
    ],
  ])('refuses %s with 400 naming the reason', (_, property) => {
    expect(unsatisfiableBecause(withRequired(property))).toMatch(/^#\/x/);
    expect(() => parseStructuredOutput(encode(withRequired(property)))).toThrow(
      /No answer can satisfy the structured_output schema|does not compile/,
    );
    try {
      parseStructuredOutput(encode(withRequired(property)));
    } catch (e) {
      expect(e).toMatchObject({ status: 400, code: 'invalid_structured_output' });
    }
  });

  it('refuses a required property that additionalProperties false forbids, and more required than maxProperties', () => {
    expect(
      unsatisfiableBecause({ type: 'object', required: ['a'], properties: {}, additionalProperties: false }),
    ).toMatch(/not allowed/);
    expect(unsatisfiableBecause({ type: 'object', required: ['a', 'b'], maxProperties: 1 })).toMatch(/maxProperties/);
  });

  it.each<[string, unknown]>([
    [
      'an optional property nothing satisfies',
      { type: 'object', properties: { x: { type: 'number', minimum: 5, maximum: 1 } } },
    ],
    ['equal bounds', withRequired({ type: 'integer', minimum: 3, maximum: 3 })],
    ['an array that may be empty', withRequired({ type: 'array', items: { type: 'number', minimum: 3, maximum: 0 } })],
    ['bounds on another type', withRequired({ type: ['string', 'number'], minimum: 5, maximum: 1 })],
    ['allOf of number and integer', withRequired({ allOf: [{ type: 'number' }, { type: 'integer' }] })],
    ['anyOf with one branch that has values', withRequired({ anyOf: [false, { type: 'null' }] })],
    ['a "not" of one value', withRequired({ type: 'string', not: { const: 'x' } })],
    [
      'a required property a pattern allows past additionalProperties false',
      withRequired({
        type: 'object',
        properties: {},
        patternProperties: { '^a': { type: 'string' } },
        additionalProperties: false,
        required: ['ab'],
      }),
    ],
    [
      'as many unique items as options',
      withRequired({ type: 'array', minItems: 2, uniqueItems: true, items: { enum: ['a', 'b'] } }),
    ],
    ['a contains that may match nothing', withRequired({ type: 'array', contains: false, minContains: 0 })],
    [
      'items false after the prefix items an array needs',
      withRequired({ type: 'array', minItems: 1, prefixItems: [{ type: 'string' }], items: false }),
    ],
    [
      'an integer multiple of a fractional step',
      withRequired({ type: 'integer', minimum: 1, maximum: 3, multipleOf: 1.5 }),
    ],
    [
      'reversed lengths on a type list with null',
      withRequired({ type: ['string', 'null'], minLength: 3, maxLength: 1 }),
    ],
  ])('accepts %s', (_, schema) => {
    expect(unsatisfiableBecause(schema as Record<string, unknown>)).toBeUndefined();
    expect(parseStructuredOutput(encode(schema))).toBeDefined();
  });

  it('agrees with a search over eighths for any numeric bounds and step', () => {
    const ajv = createAjv();
    const bound = fc.option(
      fc.integer({ min: -6, max: 6 }).map((n) => n / 2),
      { nil: undefined },
    );
    fc.assert(
      fc.property(
        fc.constantFrom('integer', 'number'),
        bound,
        bound,
        bound,
        bound,
        fc.constantFrom(undefined, 0.5, 1, 1.5, 2, 5),
        (type, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf) => {
          const property: Record<string, unknown> = {
            type,
            minimum,
            maximum,
            exclusiveMinimum,
            exclusiveMaximum,
            multipleOf,
          };
          for (const k of Object.keys(property)) if (property[k] === undefined) delete property[k];
          const schema = withRequired(property);
          const validate = ajv.compile(schema);
          const exists = Array.from({ length: 401 }, (_, i) => (i - 200) / 8).some((x) => validate({ x }));
          expect(unsatisfiableBecause(schema) === undefined).toBe(exists);
        },
      ),
      { numRuns: 400 },
    );
  });
});
