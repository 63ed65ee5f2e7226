// The check behind `uniqueItems` (unique-items.ts), in time linear in the array's size. Apart from the Ajv
// keyword that emits calls to it, so the validators generated at build time import this and not Ajv.
/** JSON text with object keys sorted, so two equal values (JSON Schema's equality) give one key. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The indexes `[i, j]` of the first item `j` that repeats an earlier item `i`, or undefined. Its `code` is
 * the name generated validators import it by.
 */
export const firstRepeat = Object.assign(
  (data: unknown[]): [number, number] | undefined => {
    const seen = new Map<string, number>();
    for (let j = 0; j < data.length; j++) {
      const key = canonical(data[j]);
      const i = seen.get(key);
      if (i !== undefined) return [i, j];
      seen.set(key, j);
    }
    return undefined;
  },
  { code: 'firstRepeat' },
);
