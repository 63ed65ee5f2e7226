// The one Ajv setup the service uses: JSON Schema 2020-12, every error reported, formats on.
// Route schemas are compiled at build time instead (tools/generate/route-validators.ts).
import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020';
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

export { violations, type SchemaMismatch } from './schema-violations';

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
