// Our ResponseFormat as OpenAI's json_schema response_format. `strict: true` makes the platform
// enforce the schema while generating, but it rejects any schema outside its subset (every object
// closed with additionalProperties:false and listing all its properties in `required`, and only
// the keywords below). So strict is set only when the schema already fits; otherwise the schema
// still guides the model and our own validation (structured-output.ts) enforces it.
import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import type { JsonSchema, ResponseFormat } from './ports';

const STRICT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'definitions',
  'description',
  'title',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);
const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function isStrictCompatible(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (Object.keys(schema).some((k) => !STRICT_KEYWORDS.has(k))) return false;
  if (schema.format !== undefined && !STRICT_FORMATS.has(String(schema.format))) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('object') || schema.properties !== undefined) {
    const names = Object.keys(isObject(schema.properties) ? schema.properties : {});
    const required = Array.isArray(schema.required) ? schema.required : [];
    if (schema.additionalProperties !== false || !names.every((n) => required.includes(n))) return false;
  }
  const children = [
    ...Object.values(isObject(schema.properties) ? schema.properties : {}),
    ...Object.values(isObject(schema.$defs) ? schema.$defs : {}),
    ...Object.values(isObject(schema.definitions) ? schema.definitions : {}),
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
    ...(schema.items === undefined ? [] : [schema.items]),
  ];
  return children.every(isStrictCompatible);
}

/** `$schema` and `$id` address our validator, not the model; strict mode does not list them. */
function withoutMeta(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

export function toResponseFormat(format: ResponseFormat): ResponseFormatJSONSchema {
  const schema = withoutMeta(format.schema);
  // The root must be a plain object schema: strict mode refuses a root anyOf.
  const strict = schema.anyOf === undefined && isStrictCompatible(schema);
  return { type: 'json_schema', json_schema: { name: format.name, schema, strict } };
}
