// The one Ajv setup the service uses: JSON Schema 2020-12, every error reported, formats on.
// Callers compile at module load (cold start) and keep the compiled function.
import { Ajv2020, type ErrorObject, type Options, type ValidateFunction } from 'ajv/dist/2020';
import addFormatsModule from 'ajv-formats';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { linearRegExp } from './spec/linear-regexp';
import { useLinearUniqueItems } from './spec/unique-items';

// ajv-formats is CommonJS; under ESM its default export may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/**
 * `overrides` adapt it to a use, e.g. user schemas checked separately before compiling. Schemas can
 * come from function authors and callers, so `pattern` and `uniqueItems` cost linear time here.
 */
export function createAjv(overrides: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    allowUnionTypes: true,
    code: { regExp: linearRegExp },
    ...overrides,
  });
  addFormats(ajv);
  useLinearUniqueItems(ajv);
  return ajv;
}

let shared: Ajv2020 | undefined;

/**
 * The service's one Ajv instance for the schemas it checks requests and answers against (HTTP bodies,
 * MCP tool arguments, structured output), made on first use. User function schemas have their own
 * (lib/spec/schema-compiler.ts), configured for them.
 */
export const serviceAjv = (): Ajv2020 => (shared ??= createAjv());

export interface SchemaMismatch {
  /** JSON pointer of the offending value, under `prefix` (e.g. /body/query). */
  path: string;
  message: string;
}

/** Where an instance fails its schema (Ajv's errors as pointer + plain message); a missing property points at the property itself. */
export function violations(errors: ErrorObject[] | null | undefined, prefix = ''): SchemaMismatch[] {
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

export type { ValidateFunction };

// Their home is the neutral contracts package, which the heuristic engine shares; re-exported for lib's users.
export type { JsonSchema, ToolDefinition } from '@fnquery/contracts';

/**
 * The TypeScript type of the values a schema accepts, derived from the schema itself when it is a literal
 * (`{…} as const satisfies JsonSchema`), so the type a handler or tool reads cannot drift from what Ajv
 * checked; `unknown` for a schema known only as `JsonSchema`. Defaulted properties stay optional: the
 * service's Ajv validates, it does not fill in defaults.
 */
export type SchemaValue<S> = S extends JSONSchema ? FromSchema<S, { keepDefaultedPropertiesOptional: true }> : unknown;
