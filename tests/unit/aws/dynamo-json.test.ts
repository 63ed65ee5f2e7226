// The signed caller's conversion between plain values and DynamoDB's typed JSON, against the SDK's own
// (@aws-sdk/util-dynamodb's marshall and unmarshall, with the document client's removeUndefinedValues) on the
// same values: what the adapters store and read must not change with the caller underneath.
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { fromAttributes, toAttributes } from '../../../lib/aws/dynamo-json';

/** The SDK's typed values with binary as DynamoDB's JSON carries it (base64), for comparison with ours. */
const asWire = (v: unknown): unknown =>
  v instanceof Uint8Array
    ? Buffer.from(v).toString('base64')
    : Array.isArray(v)
      ? v.map(asWire)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asWire(x)]))
        : v;

const item = {
  text: 'Grüße, 世界 🌍',
  empty: '',
  zero: 0,
  negativeZero: -0,
  float: -12.375,
  tiny: 5e-324,
  safe: Number.MAX_SAFE_INTEGER,
  big: 2n ** 63n,
  yes: true,
  nothing: null,
  skipped: undefined,
  method: () => 'left out, as the SDK leaves functions out',
  list: [1, 'two', undefined, [], {}, [null], { deep: { deeper: [false] } }],
  map: { a: { b: { c: 'd' } }, gone: undefined },
  strings: new Set(['a', 'b']),
  numbers: new Set([1, 2.5, 3n]),
  bytes: new Uint8Array([0, 127, 128, 255]),
  byteSet: new Set([new Uint8Array([1]), new Uint8Array([])]),
};

describe('DynamoDB JSON conversion', () => {
  it('writes what the SDK’s marshall writes', () => {
    expect(toAttributes(item)).toEqual(asWire(marshall(item, { removeUndefinedValues: true })));
  });

  it('reads back what the SDK’s unmarshall reads, integers beyond 2^53 as BigInt', () => {
    const wire = toAttributes(item) as Record<string, never>;
    const sdk = unmarshall(marshall(item, { removeUndefinedValues: true }));
    expect(fromAttributes(wire)).toEqual(sdk);
    expect(fromAttributes({ n: { N: '9007199254740993' } })).toEqual({ n: 9007199254740993n });
  });

  it('refuses what DynamoDB cannot store, as the SDK does, rather than send something else', () => {
    for (const bad of [NaN, Infinity, 2 ** 53 + 2, new Set(), new Date(0)]) {
      expect(() => marshall({ bad }), String(bad)).toThrow();
      expect(() => toAttributes({ bad }), String(bad)).toThrow();
    }
  });

  it('fails on an attribute of a type DynamoDB does not have', () => {
    expect(() => fromAttributes({ a: { X: 'y' } } as never)).toThrow(
      'DynamoDB answered an attribute of unknown type "X"',
    );
    expect(() => fromAttributes({ a: {} } as never)).toThrow('unknown type null');
  });
});
