// Plain values to DynamoDB's typed JSON and back, as the SDK's document client converts them (with
// `removeUndefinedValues`, as dynamo-client.ts builds it), for the signed caller (signed-dynamo.ts), which
// sends DynamoDB's JSON protocol without the SDK. Same types both ways: strings, finite numbers (an integer
// beyond 2^53 read back as a BigInt), bigints, booleans, null, binary (Uint8Array, base64 on the wire),
// lists, maps, and sets of strings, numbers or binary. Imports nothing, so the signed caller's chunk stays small.

/** One attribute as DynamoDB's JSON protocol writes it: `{ "S": "…" }`, `{ "N": "12" }`, `{ "M": { … } }`, … */
export type AttributeValue = Record<string, unknown>;
export type Item = Record<string, unknown>;

const isBinary = (v: unknown): v is Uint8Array => v instanceof Uint8Array;
/** What a map or list keeps: the document client leaves out undefined entries and functions. */
const stored = (v: unknown) => v !== undefined && typeof v !== 'function';
const base64 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64');

function numberText(n: number | bigint): string {
  if (typeof n === 'bigint') return n.toString();
  if (!Number.isFinite(n)) throw new Error(`DynamoDB cannot store the number ${n}`);
  if (Number.isInteger(n) && !Number.isSafeInteger(n))
    throw new Error(`The number ${n} is beyond 2^53 and would lose digits: store it as a BigInt`);
  return String(n);
}

export function toAttribute(value: unknown): AttributeValue {
  if (value === null) return { NULL: true };
  if (typeof value === 'string') return { S: value };
  if (typeof value === 'number' || typeof value === 'bigint') return { N: numberText(value) };
  if (typeof value === 'boolean') return { BOOL: value };
  if (isBinary(value)) return { B: base64(value) };
  if (Array.isArray(value)) return { L: value.filter(stored).map(toAttribute) };
  if (value instanceof Set) return setAttribute(value);
  if (typeof value === 'object' && (value.constructor === Object || !value.constructor))
    return { M: toAttributes(value as Item) };
  throw new Error(`DynamoDB cannot store a value of type ${typeof value} (${value?.constructor?.name ?? '?'})`);
}

function setAttribute(set: Set<unknown>): AttributeValue {
  const values = [...set].filter((v) => v !== undefined);
  const first = values[0];
  if (first === undefined) throw new Error('DynamoDB cannot store an empty set');
  if (typeof first === 'string') return { SS: values };
  if (typeof first === 'number' || typeof first === 'bigint')
    return { NS: values.map((n) => numberText(n as number | bigint)) };
  if (isBinary(first)) return { BS: values.map((b) => base64(b as Uint8Array)) };
  throw new Error(`DynamoDB cannot store a set of ${typeof first}`);
}

/** A map of plain values (an item, a key, the expression values), its undefined entries left out. */
export function toAttributes(values: Item): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const [k, v] of Object.entries(values)) if (stored(v)) out[k] = toAttribute(v);
  return out;
}

function fromNumber(text: string): number | bigint {
  const n = Number(text);
  if (Number.isFinite(n) && (n > Number.MAX_SAFE_INTEGER || n < Number.MIN_SAFE_INTEGER)) return BigInt(text);
  return n;
}

const fromBinary = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

export function fromAttribute(attribute: AttributeValue): unknown {
  const [type, value] = Object.entries(attribute ?? {})[0] ?? [];
  switch (type) {
    case 'S':
      return String(value);
    case 'N':
      return fromNumber(String(value));
    case 'BOOL':
      return Boolean(value);
    case 'NULL':
      return null;
    case 'B':
      return fromBinary(String(value));
    case 'L':
      return (value as AttributeValue[]).map(fromAttribute);
    case 'M':
      return fromAttributes(value as Record<string, AttributeValue>);
    case 'SS':
      return new Set((value as string[]).map(String));
    case 'NS':
      return new Set((value as string[]).map(fromNumber));
    case 'BS':
      return new Set((value as string[]).map(fromBinary));
    default:
      throw new Error(`DynamoDB answered an attribute of unknown type ${JSON.stringify(type ?? null)}`);
  }
}

export function fromAttributes(attributes: Record<string, AttributeValue>): Item {
  const out: Item = {};
  for (const [k, v] of Object.entries(attributes)) out[k] = fromAttribute(v);
  return out;
}
