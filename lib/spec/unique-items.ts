// `uniqueItems` in time linear in the array's size. Ajv compares items pairwise (quadratic) unless
// the schema pins them to scalars, so a 270 KB array of small objects took tens of seconds; here
// each item becomes one canonical key (object keys sorted) and a Set finds the first repeat.
import type { Ajv2020, ErrorObject } from 'ajv/dist/2020';

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

interface KeywordValidate {
  (schema: boolean, data: unknown[]): boolean;
  errors?: Partial<ErrorObject>[];
}

const validate: KeywordValidate = (unique, data) => {
  if (!unique) return true;
  const seen = new Map<string, number>();
  for (let j = 0; j < data.length; j++) {
    const key = canonical(data[j]);
    const i = seen.get(key);
    if (i !== undefined) {
      validate.errors = [
        {
          keyword: 'uniqueItems',
          params: { i, j },
          message: `must NOT have duplicate items (items ## ${i} and ${j} are identical)`,
        },
      ];
      return false;
    }
    seen.set(key, j);
  }
  return true;
};

/** Replaces Ajv's own `uniqueItems` on this instance. */
export function useLinearUniqueItems(ajv: Ajv2020): void {
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword({ keyword: 'uniqueItems', type: 'array', schemaType: 'boolean', errors: true, validate });
}
