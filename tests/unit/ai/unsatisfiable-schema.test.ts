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

// The same checks on whole schemas, in the forms a caller sends: each refused with 400 and an
// `ISSUE: … ADVICE: …` message before any work, or accepted when some answer can satisfy it.
const answer = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  ...extra,
});
const refusal = (schema: unknown) => {
  try {
    parseStructuredOutput(encode(schema));
  } catch (e) {
    return e as { status: number; message: string };
  }
  return undefined;
};

describe('structured_output schemas as callers send them', () => {
  it.each<[string, unknown, RegExp]>([
    ['a const outside its enum', answer({ mode: { enum: ['ferry', 'bus'], const: 'tram' } }), /const .*enum/],
    ['enum values all of the wrong type', answer({ seats: { type: 'integer', enum: ['ten', 'twelve'] } }), /type/],
    ['minimum above maximum', answer({ seats: { type: 'integer', minimum: 50, maximum: 10 } }), /minimum/],
    [
      'exclusive bounds that meet',
      answer({ km: { type: 'number', exclusiveMinimum: 5, exclusiveMaximum: 5 } }),
      /between/,
    ],
    ['minLength above maxLength', answer({ code: { type: 'string', minLength: 4, maxLength: 2 } }), /minLength/],
    ['minItems above maxItems', answer({ tags: { type: 'array', minItems: 3, maxItems: 1 } }), /minItems/],
    [
      'a required property additionalProperties false forbids',
      { type: 'object', required: ['name'], additionalProperties: false },
      /not allowed/,
    ],
    ['a required property whose schema is false', answer({ name: false }), /false/],
    ['allOf with conflicting types', answer({ id: { allOf: [{ type: 'string' }, { type: 'integer' }] } }), /no type/],
    ['allOf with conflicting consts', answer({ mode: { allOf: [{ const: 'bus' }, { const: 'tram' }] } }), /share/],
    ['allOf with disjoint enums', answer({ size: { allOf: [{ enum: ['s', 'm'] }, { enum: ['l', 'xl'] }] } }), /share/],
    [
      'bounds split over allOf branches',
      answer({ n: { type: 'integer', allOf: [{ minimum: 10 }, { maximum: 5 }] } }),
      /allOf/,
    ],
    [
      'a const that fails its pattern',
      answer({ code: { type: 'string', const: 'AB-1', pattern: '^[0-9]+$' } }),
      /refuse/,
    ],
    ['a const that is no date', answer({ day: { type: 'string', format: 'date', const: 'next Tuesday' } }), /refuse/],
    ['an enum all outside the bounds', answer({ n: { type: 'integer', enum: [1, 2, 3], minimum: 10 } }), /refuse/],
    ['not of everything', answer({ note: { not: {} } }), /not/],
    ['not of its own type', answer({ note: { type: 'string', not: { type: 'string' } } }), /not/],
    [
      'deep inside required properties',
      answer({ a: answer({ b: answer({ c: { type: 'number', minimum: 2, maximum: 1 } }) }) }),
      /#\/a\/b\/c/,
    ],
    [
      'in the items of an array that needs one',
      answer({ list: { type: 'array', minItems: 1, items: { type: 'integer', minimum: 3, maximum: 1 } } }),
      /items/,
    ],
    [
      'anyOf arms that all fail',
      answer({ v: { anyOf: [{ type: 'string', maxLength: 0, minLength: 1 }, false] } }),
      /anyOf/,
    ],
    [
      'a property dependentRequired brings in, forbidden',
      {
        ...answer({ a: { type: 'string' } }),
        properties: { a: { type: 'string' }, b: false },
        dependentRequired: { a: ['b'] },
      },
      /#\/b/,
    ],
    [
      'a $ref cycle through required properties',
      { type: 'object', properties: { next: { $ref: '#' } }, required: ['next'] },
      /cycle/,
    ],
    [
      'an if that always holds with a then of no value',
      answer({ v: { type: 'string', if: true, then: false } }),
      /then/,
    ],
    [
      'a required property one allOf branch forbids',
      { type: 'object', required: ['a'], allOf: [{ additionalProperties: false }] },
      /not allowed/,
    ],
  ])('refuses %s with 400 ISSUE/ADVICE', (_, schema, reason) => {
    const error = refusal(schema);
    expect(error?.status).toBe(400);
    expect(error?.message).toMatch(/^ISSUE: .+\. ADVICE: .+/s);
    expect(error?.message).toMatch(reason);
  });

  it.each<[string, unknown]>([
    ['a const inside its enum', answer({ mode: { enum: ['ferry', 'bus'], const: 'bus' } })],
    ['an enum with one option of its type', answer({ seats: { type: 'integer', enum: ['ten', 12] } })],
    ['equal bounds', answer({ n: { type: 'integer', minimum: 3, maximum: 3 } })],
    [
      'exclusive bounds with room between',
      answer({ km: { type: 'number', exclusiveMinimum: 5, exclusiveMaximum: 6 } }),
    ],
    [
      'an optional property no value satisfies',
      { type: 'object', properties: { n: { type: 'integer', minimum: 2, maximum: 1 } } },
    ],
    ['an array that may stay empty', answer({ list: { type: 'array', items: false } })],
    ['allOf consts that agree', answer({ mode: { allOf: [{ const: 'bus' }, { enum: ['bus', 'tram'] }] } })],
    [
      'bounds over allOf that meet at one value',
      answer({ n: { type: 'integer', allOf: [{ minimum: 5 }, { maximum: 5 }] } }),
    ],
    ['not of another type', answer({ note: { type: ['string', 'null'], not: { type: 'null' } } })],
    ['a recursive $ref through an optional property', { type: 'object', properties: { next: { $ref: '#' } } }],
    [
      'additionalProperties false with the required property listed',
      { ...answer({ name: { type: 'string' } }), additionalProperties: false },
    ],
    ['an if that never holds, without else', answer({ v: { type: 'string', if: false, then: false } })],
    [
      'dependentRequired naming an allowed property',
      { ...answer({ a: { type: 'string' } }), dependentRequired: { a: ['b'] } },
    ],
  ])('accepts %s', (_, schema) => {
    expect(refusal(schema)).toBeUndefined();
  });

  it('cannot be stalled: a backtracking pattern, a lookahead, a fan of references, a huge enum, deep nesting', () => {
    // `^(a+)+$` against a long name backtracks for minutes on a native engine; here it is RE2's.
    const name = `${'a'.repeat(40)}!`;
    const nested = { type: 'object', patternProperties: { '^(a+)+$': false }, required: [name] };
    expect(refusal(nested)).toBeUndefined();
    const lookahead = answer({ id: { type: 'string', pattern: '^(?=(a+)+$)' } });
    expect(refusal(lookahead)?.message).toMatch(/ISSUE: .*lookaround.* ADVICE: /s);
    const defs: Record<string, unknown> = { d12: { type: 'integer', minimum: 2, maximum: 1 } };
    for (let i = 0; i < 12; i++)
      defs[`d${i}`] = { anyOf: Array.from({ length: 10 }, () => ({ $ref: `#/$defs/d${i + 1}` })) };
    const fan = { ...answer({ x: { $ref: '#/$defs/d0' } }), $defs: defs };
    expect(refusal(fan)?.message).toMatch(/ISSUE: .*expands to more than .* ADVICE: /s);
    const huge = answer({ n: { enum: Array.from({ length: 10_000 }, (_, i) => i), const: -1 } });
    expect(refusal(huge)?.status).toBe(400);
    // Nesting that would overflow the compiler's stack is refused for what it is, before compiling.
    let deep: unknown = { type: 'string' };
    for (let i = 0; i < 1000; i++) deep = { type: 'array', items: deep };
    expect(refusal(answer({ x: deep }))?.message).toMatch(/ISSUE: .*more than 64 levels deep.* ADVICE: /s);
    let fine: unknown = { type: 'string' };
    for (let i = 0; i < 20; i++) fine = answer({ inner: fine });
    expect(refusal(fine)).toBeUndefined();
  });
});
