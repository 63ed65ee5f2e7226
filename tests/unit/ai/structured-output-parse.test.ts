// parseStructuredOutput: strict base64, JSON, an object schema that compiles; cached per schema.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import {
  MAX_STRUCTURED_OUTPUT_LENGTH,
  parseStructuredOutput,
  STRUCTURED_OUTPUT_CACHE_SIZE,
} from '../../../lib/ai/structured-output';

const encode = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64');
const person = {
  type: 'object',
  properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } },
  required: ['name'],
};

function rejection(encoded: string): ServiceError {
  try {
    parseStructuredOutput(encoded);
  } catch (e) {
    expect(e).toBeInstanceOf(ServiceError);
    expect(e).toMatchObject({ status: 400, code: 'invalid_structured_output' });
    return e as ServiceError;
  }
  throw new Error('expected a ServiceError');
}

describe('parseStructuredOutput', () => {
  it.each([undefined, '', ' \n '])('treats %j as no structured output', (value) => {
    expect(parseStructuredOutput(value)).toBeUndefined();
  });

  it('decodes and compiles an object schema, formats included', () => {
    const structured = parseStructuredOutput(encode(person))!;

    expect(structured.schema).toEqual(person);
    expect(structured.validate({ name: 'Ada', email: 'ada@example.org' })).toBe(true);
    expect(structured.validate({ name: 'Ada', email: 'not an email' })).toBe(false);
    expect(structured.validate({})).toBe(false);
  });

  it('compiles a schema once: the same text gives the same compiled validator', () => {
    const encoded = encode({ ...person, title: 'cached' });

    expect(parseStructuredOutput(encoded)).toBe(parseStructuredOutput(encoded));
  });

  it('evicts the least recently used schema, not the oldest', () => {
    const encodedSchema = (i: number) => encode({ ...person, title: `lru ${i}` });
    const oldest = parseStructuredOutput(encodedSchema(0));
    const second = parseStructuredOutput(encodedSchema(1));
    for (let i = 2; i < STRUCTURED_OUTPUT_CACHE_SIZE; i++) parseStructuredOutput(encodedSchema(i));
    parseStructuredOutput(encodedSchema(0)); // a hit: the oldest becomes the most recent

    parseStructuredOutput(encodedSchema(STRUCTURED_OUTPUT_CACHE_SIZE)); // one too many: schema 1 goes

    expect(parseStructuredOutput(encodedSchema(0))).toBe(oldest);
    expect(parseStructuredOutput(encodedSchema(1))).not.toBe(second);
  });

  it('accepts base64 wrapped over lines, as the base64 tool writes it', () => {
    const encoded = encode({ ...person, description: 'x'.repeat(200) });
    const wrapped = encoded.match(/.{1,76}/g)!.join('\n');

    expect(parseStructuredOutput(wrapped)!.schema.description).toBe('x'.repeat(200));
  });

  it('keeps schemas that share an $id apart', () => {
    const a = parseStructuredOutput(encode({ $id: 'https://example.org/answer', type: 'object', required: ['a'] }))!;
    const b = parseStructuredOutput(encode({ $id: 'https://example.org/answer', type: 'object', required: ['b'] }))!;

    expect([a.validate({ a: 1 }), b.validate({ a: 1 }), b.validate({ b: 1 })]).toEqual([true, false, true]);
  });

  it('names a character outside the base64 alphabet', () => {
    const error = rejection(`${encode(person).slice(0, 8)}%${encode(person).slice(9)}`);

    expect(error.lines()[0]).toMatch(
      /^ISSUE: structured_output is not valid base64: character "%" at position 8.*ADVICE: .*base64/,
    );
  });

  it.each([
    ['missing padding', encode('{"type":"object"}').replace(/=+$/, '')],
    ['padding in the middle', `${encode('{"a":1}').slice(0, 4)}=${encode('{"a":1}').slice(4)}`],
    ['a truncated quad', `${encode(person)}A`],
  ])('refuses %s', (_case, encoded) => {
    expect(rejection(encoded).lines()[0]).toContain('not valid base64');
  });

  it('any canonical base64 passes the decoding stage', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const encoded = Buffer.from(bytes).toString('base64');
        try {
          parseStructuredOutput(encoded);
        } catch (e) {
          expect((e as ServiceError).lines()[0]).not.toContain('not valid base64');
        }
      }),
    );
  });

  it('refuses text that is not UTF-8', () => {
    expect(rejection(Buffer.from([0x7b, 0xff, 0x7d]).toString('base64')).lines()[0]).toContain('UTF-8');
  });

  it('refuses text that is not JSON', () => {
    expect(rejection(encode('type: object')).lines()[0]).toMatch(
      /ISSUE: structured_output decodes to text that is not JSON/,
    );
  });

  it.each([[['a']], ['"object"'], [{ type: 'string' }], [{ properties: {} }]])(
    'refuses %j: not an object schema',
    (schema) => {
      expect(rejection(encode(schema)).lines()[0]).toContain('must describe a JSON object');
    },
  );

  it('refuses a schema that does not compile, quoting the reason', () => {
    const error = rejection(encode({ type: 'object', properties: { a: { type: 'strin' } } }));

    expect(error.lines()[0]).toMatch(
      /does not compile as JSON Schema draft 2020-12 \(schema is invalid: data\/properties\/a\/type/,
    );
  });

  it('explains which draft is used when the schema names another', () => {
    const error = rejection(encode({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' }));

    expect(error.lines()[0]).toContain(
      'ADVICE: Fix the schema; omit "$schema" or set it to https://json-schema.org/draft/2020-12/schema',
    );
  });

  it('refuses an oversized value before decoding it', () => {
    expect(rejection('A'.repeat(MAX_STRUCTURED_OUTPUT_LENGTH + 4)).lines()[0]).toContain('longer than');
  });
});
