// Row values in a form JSON carries without surprises. The connection already returns
// dates as the server writes them (dateStrings) and big integers as strings when they do
// not fit a double (supportBigNumbers); only binary data needs a textual form.

import type { PlainValue } from '@fnquery/contracts';

export type { PlainValue };

export function toPlainValue(value: unknown): PlainValue {
  if (Buffer.isBuffer(value)) return `0x${value.toString('hex')}`;
  if (value === undefined) return null;
  return value as PlainValue;
}
