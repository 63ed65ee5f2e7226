// The BFCL scoring of bench/tool-args.ts (in this package): the figures it reports are only as good as this checker.
import { describe, expect, it } from 'vitest';
import { checkCall, toTool, type BfclFunction } from '../bench/tool-args';

const fn: BfclFunction = {
  name: 'book',
  description: 'Book a room.',
  parameters: {
    type: 'dict',
    properties: {
      city: { type: 'string' },
      nights: { type: 'integer' },
      rate: { type: 'float' },
      extras: { type: 'array', items: { type: 'string' } },
      pet: { type: 'boolean' },
      area: { type: 'dict', properties: { width: { type: 'integer' } } },
      anything: { type: 'any' },
    },
    required: ['city', 'nights'],
  },
};
const accepted = {
  city: ['New York, NY'],
  nights: [3],
  rate: [0.5, ''],
  extras: [['Sea View', 'Late check-out'], ''],
  pet: ['', true],
  area: [{ width: [20] }, ''],
  anything: [''],
};
const verdict = (args: Record<string, unknown>) => checkCall(fn, { name: 'book', args }, accepted);

describe('BFCL AST checker (bench/tool-args)', () => {
  it('maps Python-flavoured types to JSON Schema', () => {
    const properties = (toTool(fn).parameters as { properties: Record<string, { type?: string }> }).properties;
    expect(toTool(fn).parameters.type).toBe('object');
    expect([properties.rate?.type, properties.area?.type, properties.anything?.type]).toEqual([
      'number',
      'object',
      undefined,
    ]);
  });

  it('accepts values equal after BFCL normalisation, numbers numerically, lists element-wise', () => {
    expect(verdict({ city: 'new york ny', nights: 3, rate: 0.5, extras: ['sea-view', 'late check out'] }).ok).toBe(
      true,
    );
    expect(verdict({ city: 'New York, NY', nights: 3.0, area: { width: 20 } }).ok).toBe(true);
  });

  it('fails a missing required value, a value not accepted, a wrong type and an unknown parameter', () => {
    expect(verdict({ city: 'New York, NY' }).reason).toBe('missing required integer');
    expect(verdict({ city: 'Boston', nights: 3 }).reason).toBe('wrong value for string');
    expect(verdict({ city: 'New York, NY', nights: '3' }).reason).toBe('wrong type for integer');
    expect(verdict({ city: 'New York, NY', nights: 3, extras: ['Sea View'] }).reason).toBe('wrong value for array');
    expect(verdict({ city: 'New York, NY', nights: 3, floor: 2 }).reason).toBe('unknown parameter');
  });

  it('lets a parameter be left out only when "" is accepted', () => {
    const strict = checkCall(
      fn,
      { name: 'book', args: { city: 'New York, NY', nights: 3 } },
      { ...accepted, pet: [true] },
    );
    expect(strict.reason).toBe('left out optional boolean that the question gives');
    expect(verdict({ city: 'New York, NY', nights: 3 }).parameters.every((p) => p.ok)).toBe(true);
  });
});
