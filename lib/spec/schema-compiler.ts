// Compiles the JSON Schemas of function definitions with Ajv (draft 2020-12 + formats).
// Compiling is the costly step of validation, so results are cached by schema content: the same
// definition validated twice, or validated and then used to check requests, compiles once.
import { createHash } from 'node:crypto';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import { createAjv as createServiceAjv } from '../json-schema';
import type { JsonSchemaObject } from './types';

/**
 * The one Ajv configuration for user schemas. Not strict: JSON Schema says unknown keywords are
 * annotations, and real schemas carry `example`, `x-…` and the like. Formats are asserted, because
 * SDK request validation is expected to reject a malformed email or date.
 */
export function createSpecAjv(): Ajv2020 {
  // The schema itself is checked separately, before compiling, to report each problem with its pointer.
  return createServiceAjv({ logger: false, validateSchema: false, allowUnionTypes: false });
}

const registeredKeys = (ajv: Ajv2020) => [...Object.keys(ajv.schemas), ...Object.keys(ajv.refs)];

/**
 * Compiles and then forgets the schema's `$id`s, so two definitions that reuse an `$id` never
 * clash and the instance does not grow. The compiled function keeps what it needs.
 */
export function compileIsolated(ajv: Ajv2020, schema: object): ValidateFunction {
  const before = new Set(registeredKeys(ajv));
  try {
    return ajv.compile(schema);
  } finally {
    for (const key of registeredKeys(ajv)) if (!before.has(key)) ajv.removeSchema(key);
  }
}

export interface SchemaProblem {
  /** Pointer inside the schema. */
  pointer: string;
  rule: 'schema.invalid' | 'schema.compile';
  message: string;
}

export interface SchemaAnalysis {
  problems: SchemaProblem[];
  /** Present when the schema compiled. */
  validate?: ValidateFunction;
}

/** Ajv reports one error per failed branch; one line per location reads better. */
function metaProblems(errors: ErrorObject[]): SchemaProblem[] {
  const byPointer = new Map<string, Set<string>>();
  for (const e of errors) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
    const allowed =
      e.keyword === 'enum' ? ` (${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')})` : '';
    const messages = byPointer.get(e.instancePath) ?? new Set();
    messages.add(`${e.message ?? 'is invalid'}${allowed}`);
    byPointer.set(e.instancePath, messages);
  }
  return [...byPointer].map(([pointer, messages]) => ({
    pointer,
    rule: 'schema.invalid',
    message: [...messages].join(', or '),
  }));
}

const CYCLE =
  'a $ref cycle never reaches a keyword that checks anything (e.g. a definition that only refers to itself)';

/**
 * Runs a compiled validator. Some `$ref` cycles compile but recurse without end on every value;
 * that must surface as a problem of the schema, not as a crash of the caller.
 */
export function errorsOf(validate: ValidateFunction, value: unknown): ErrorObject[] {
  try {
    return validate(value) ? [] : [...(validate.errors ?? [])];
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return [{ keyword: '$ref', instancePath: '', schemaPath: '#', params: {}, message: `cannot be checked: ${CYCLE}` }];
  }
}

export class SchemaCompiler {
  /** Schemas actually compiled by Ajv (cache misses), for tests and the benchmark. */
  compilations = 0;
  private readonly ajv = createSpecAjv();
  private readonly cache = new Map<string, SchemaAnalysis>();

  constructor(private readonly capacity = 4096) {}

  analyse(schema: JsonSchemaObject): SchemaAnalysis {
    const key = createHash('sha256').update(JSON.stringify(schema)).digest('base64');
    const hit = this.cache.get(key);
    if (hit) {
      // Re-insert so the Map's order stays least-recently-used first.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const analysis = this.compile(schema);
    this.cache.set(key, analysis);
    for (const oldest of this.cache.keys()) {
      if (this.cache.size <= this.capacity) break;
      this.cache.delete(oldest);
    }
    return analysis;
  }

  private compile(schema: JsonSchemaObject): SchemaAnalysis {
    if (!this.ajv.validateSchema(schema)) return { problems: metaProblems(this.ajv.errors ?? []) };
    this.compilations++;
    try {
      return { problems: [], validate: compileIsolated(this.ajv, schema) };
    } catch (e) {
      const message = e instanceof RangeError ? CYCLE : e instanceof Error ? e.message : String(e);
      return { problems: [{ pointer: '', rule: 'schema.compile', message }] };
    }
  }
}

/** Shared by validateSpec and compiledValidators unless a caller brings its own. */
export const defaultSchemaCompiler = new SchemaCompiler();
