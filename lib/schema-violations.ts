// Ajv's errors as the service reports them, apart from Ajv itself: a check with a validator compiled at
// build time (lib/http/validators) reports its failures without loading Ajv.
import type { ErrorObject } from 'ajv/dist/2020';

export type SchemaError = ErrorObject;

/** A compiled validator, as Ajv's standalone code and Ajv's `compile` both make them. */
export type RouteValidator = ((value: unknown) => boolean) & { errors?: SchemaError[] | null };

export interface SchemaMismatch {
  /** JSON pointer of the offending value, under `prefix` (e.g. /body/query). */
  path: string;
  message: string;
}

/** Where an instance fails its schema (Ajv's errors as pointer + plain message); a missing property points at the property itself. */
export function violations(errors: SchemaError[] | null | undefined, prefix = ''): SchemaMismatch[] {
  return (errors ?? []).map((e) => {
    const missing = e.keyword === 'required' ? `/${(e.params as { missingProperty: string }).missingProperty}` : '';
    const extra =
      e.keyword === 'additionalProperties' ? `/${(e.params as { additionalProperty: string }).additionalProperty}` : '';
    const path = `${prefix}${e.instancePath}${missing}${extra}` || '/';
    const message =
      e.keyword === 'required'
        ? 'is required'
        : e.keyword === 'additionalProperties'
          ? 'is not an accepted field'
          : (e.message ?? 'is invalid');
    return { path, message };
  });
}
