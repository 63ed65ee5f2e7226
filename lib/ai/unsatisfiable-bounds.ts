// The bounds of a single value that exclude each other (minimum above maximum, no multiple of the
// step between them, minLength above maxLength…), judged only where the schema's declared types are
// all the bounded kind: a value of another allowed type would satisfy it (unsatisfiable-schema.ts).
import type { JsonSchema } from './ports';

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** Why the schema's own bounds leave no value, or undefined. */
export function boundConflict(schema: JsonSchema, at: string): string | undefined {
  const [min, max, xmin, xmax] = [
    num(schema.minimum),
    num(schema.maximum),
    num(schema.exclusiveMinimum),
    num(schema.exclusiveMaximum),
  ];
  const low = Math.max(min ?? -Infinity, xmin ?? -Infinity);
  const high = Math.min(max ?? Infinity, xmax ?? Infinity);
  const lowExcluded = xmin !== undefined && xmin === low;
  const highExcluded = xmax !== undefined && xmax === high;
  const onlyNumbers = only(schema, 'number', 'integer');
  if (onlyNumbers && (low > high || (low === high && (lowExcluded || highExcluded))))
    return `${at} has no number between its minimum and maximum`;
  // Integers are the multiples of 1; with a multipleOf, of the least step both divide.
  const step = only(schema, 'integer') ? integerStep(num(schema.multipleOf) ?? 1) : num(schema.multipleOf);
  if (onlyNumbers && step !== undefined && step > 0 && Number.isFinite(low) && Number.isFinite(high)) {
    let k = Math.ceil(low / step - 1e-9);
    if (lowExcluded && k * step <= low + 1e-9) k++;
    const first = k * step;
    if (first > high + 1e-9 || (highExcluded && first >= high - 1e-9))
      return `${at} has no ${step === 1 ? 'integer' : `multiple of ${step}`} between its minimum and maximum`;
  }
  const pairs: [string, string, string][] = [
    ['minLength', 'maxLength', 'string'],
    ['minItems', 'maxItems', 'array'],
    ['minProperties', 'maxProperties', 'object'],
    ['minContains', 'maxContains', 'array'],
  ];
  for (const [lower, upper, type] of pairs) {
    if (only(schema, type) && (num(schema[lower]) ?? 0) > (num(schema[upper]) ?? Infinity))
      return `${at} has ${lower} above ${upper}`;
  }
  return undefined;
}

/** True when the schema declares its types and every one is among `types` (a one-type list too). */
export function only(schema: JsonSchema, ...types: string[]): boolean {
  const declared = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return declared.length > 0 && declared.every((t) => types.includes(String(t)));
}

/**
 * The least positive number that is both an integer and a multiple of `m` (for m = p/q in lowest
 * terms, p); undefined when m is no fraction of small terms, and then unchecked.
 */
function integerStep(m: number): number | undefined {
  for (let q = 1; q <= 1000; q++) {
    const p = m * q;
    if (Math.abs(p - Math.round(p)) < 1e-9) return Math.round(p);
  }
  return undefined;
}
