// The one Ajv setup the service uses: JSON Schema 2020-12, every error reported, formats on.
// Route schemas are compiled at build time instead (tools/generate/route-validators.ts).
import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats';
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

/** A JSON Schema (2020-12) as the service passes it around: the spec's schemas, tool parameters, response formats. */
export type JsonSchema = Record<string, unknown>;

/** A callable tool as AI platforms and MCP see it: one hosted function, described by its spec. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: JsonSchema;
}

/**
 * Whether `text` is a value of the string `format` (ajv-formats' full checks, the ones the service
 * validates with): true for a format it does not know. Times and date-times may leave out seconds.
 */
export function formatAccepts(format: string, text: string): boolean {
  const name = format === 'time' ? 'iso-time' : format === 'date-time' ? 'iso-date-time' : format;
  const check = (fullFormats as Record<string, unknown>)[name];
  const value =
    (name === 'iso-time' || name === 'iso-date-time') && /(?:^|[T ])\d{2}:\d{2}(?=$|[Zz+-])/.test(text)
      ? text.replace(/(\d{2}:\d{2})(?=$|[Zz+-])/, '$1:00')
      : text;
  if (check instanceof RegExp) return check.test(value);
  if (typeof check === 'function') return Boolean((check as (s: string) => boolean)(value));
  if (typeof check === 'object' && check !== null && 'validate' in check) {
    const validate = (check as { validate: RegExp | ((s: string) => boolean) }).validate;
    return validate instanceof RegExp ? validate.test(value) : Boolean(validate(value));
  }
  return true;
}
