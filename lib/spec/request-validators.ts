// Checks one request against a valid definition before the function runs (REST invocation, SDKs,
// the function-calling pipeline). Built once per definition; the schemas come from the compile cache.
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import { defaultSchemaCompiler, errorsOf, type SchemaCompiler } from './schema-compiler';
import { extensionList, inputBody, type InputFileSchema, type NormalizedSpec, type Violation } from './types';
import { describeValue, escapeToken, pointerOf } from './violations';

export interface FileFacts {
  filename: string;
  /** Bytes. */
  size: number;
}

export interface RequestValidators {
  /** Missing required and undeclared parameters; an empty value counts as missing. */
  validateQuery(query: Record<string, string | undefined>): Violation[];
  /** JSON body against inputSchema; for FILE, the `{filename, contentType, data}` object of the runtime contract. */
  validateBody(body: unknown): Violation[];
  /** A multipart file part (undefined when none was sent) against the input file schema. */
  validateFile(file: FileFacts | undefined): Violation[];
}

const violation = (pointer: string, rule: string, message: string, fix: string): Violation => ({
  pointer,
  rule,
  message,
  fix,
});

/** Point at the property itself for `required` and `additionalProperties`, e.g. `/body/city`. */
function errorPointer(e: ErrorObject): string {
  const params = e.params as { missingProperty?: string; additionalProperty?: string };
  const property = params.missingProperty ?? params.additionalProperty;
  return property === undefined ? e.instancePath : `${e.instancePath}/${escapeToken(property)}`;
}

/**
 * What is wrong, without the path: the pointer already names the field, and every reader prints
 * the two side by side (`/body/name: must be string`), so repeating it would say it twice.
 */
function errorMessage(e: ErrorObject): string {
  if (e.keyword === 'required') return 'is required';
  if (e.keyword === 'additionalProperties') return 'is not an accepted field';
  return e.message ?? 'is invalid';
}

function schemaViolations(validate: ValidateFunction, value: unknown, base: string): Violation[] {
  return bodyViolations(errorsOf(validate, value), base);
}

/** Ajv's errors of a body under `base` (e.g. /body), as violations. */
export function bodyViolations(errors: ErrorObject[], base: string): Violation[] {
  return errors.map((e) =>
    violation(
      `${base}${errorPointer(e)}`,
      `body.${e.keyword}`,
      errorMessage(e),
      'Change the value so it matches the input schema in spec.json.',
    ),
  );
}

function fileViolations(schema: InputFileSchema, file: FileFacts | undefined, base: string): Violation[] {
  if (!file) {
    if (!schema.required) return [];
    return [
      violation(
        base,
        'file.required',
        'The function requires a file and none was sent',
        'Send the file as the multipart part "file".',
      ),
    ];
  }
  const found: Violation[] = [];
  const name = file.filename.toLowerCase();
  if (schema.extensions.length > 0 && !schema.extensions.some((ext) => name.endsWith(`.${ext}`))) {
    found.push(
      violation(
        `${base}/filename`,
        'file.extension',
        `File "${file.filename}" does not have an accepted extension`,
        `Send a file ending in ${extensionList(schema)}.`,
      ),
    );
  }
  if (file.size === 0)
    found.push(
      violation(`${base}/size`, 'file.empty', `File "${file.filename}" is empty`, 'Send a file with content.'),
    );
  return found;
}

/** FILE bodies outside multipart (tool calls, SDK objects) carry the file as base64 text. */
function fileBodyViolations(schema: InputFileSchema, body: unknown): Violation[] {
  if (body === undefined || body === null) return fileViolations(schema, undefined, '/body');
  const b = body as Record<string, unknown>;
  const isObject = typeof body === 'object' && !Array.isArray(body);
  const contentTypeOk = b.contentType === undefined || typeof b.contentType === 'string';
  if (!isObject || typeof b.filename !== 'string' || typeof b.data !== 'string' || !contentTypeOk) {
    return [
      violation(
        '/body',
        'body.type',
        `The file body is ${describeValue(body)} without string "filename" and "data"`,
        'Send { "filename": "name.ext", "contentType": "…", "data": "<base64>" }.',
      ),
    ];
  }
  return fileViolations(schema, { filename: b.filename, size: Buffer.byteLength(b.data, 'base64') }, '/body');
}

function build(spec: NormalizedSpec, compiler: SchemaCompiler): RequestValidators {
  const input = inputBody(spec);
  const declared = new Map(spec.requirements.queryParams.map((p) => [p.name, p]));
  const jsonValidate = input.type === 'JSON' ? compiler.analyse(input.schema).validate : undefined;
  if (input.type === 'JSON' && !jsonValidate)
    throw new Error(`inputSchema of ${spec.shortname} does not compile; validate the spec first`);
  const noFile = (file: FileFacts | undefined) => {
    if (!file) return [];
    const fix = `Remove the file${input.type === 'JSON' ? ' and send a JSON body' : ''}.`;
    return [violation('/file', 'file.unexpected', 'A file was sent but the function takes none', fix)];
  };

  return {
    validateQuery(query) {
      const found: Violation[] = [];
      for (const p of declared.values()) {
        if (p.required && !query[p.name]) {
          found.push(
            violation(
              pointerOf('query', p.name),
              'query.required',
              `Query parameter "${p.name}" is required`,
              p.exampleData ? `Add it, e.g. ${p.exampleData}.` : `Add ?${p.name}=… to the request.`,
            ),
          );
        }
      }
      for (const name of Object.keys(query)) {
        if (!declared.has(name)) {
          const known = [...declared.keys()];
          found.push(
            violation(
              pointerOf('query', name),
              'query.unknown',
              `Query parameter "${name}" is not declared by ${spec.shortname}`,
              known.length
                ? `Remove it; the declared parameters are ${known.join(', ')}.`
                : 'Remove it; the function takes no query parameters.',
            ),
          );
        }
      }
      return found;
    },
    validateBody(body) {
      if (input.type === 'FILE') return fileBodyViolations(input.schema, body);
      if (jsonValidate) {
        return body === undefined
          ? [
              violation(
                '/body',
                'body.missing',
                'The request has no JSON body',
                'Send a JSON body that matches the input schema.',
              ),
            ]
          : schemaViolations(jsonValidate, body, '/body');
      }
      if (body === undefined || body === null) return [];
      return [
        violation('/body', 'body.unexpected', 'The function takes no request body', 'Send the request without a body.'),
      ];
    },
    validateFile(file) {
      return input.type === 'FILE' ? fileViolations(input.schema, file, '/file') : noFile(file);
    },
  };
}

const cache = new WeakMap<NormalizedSpec, RequestValidators>();

/** Request validators of a spec returned by validateSpec; built once per spec object. */
export function compiledValidators(
  spec: NormalizedSpec,
  compiler: SchemaCompiler = defaultSchemaCompiler,
): RequestValidators {
  let validators = cache.get(spec);
  if (!validators) {
    validators = build(spec, compiler);
    cache.set(spec, validators);
  }
  return validators;
}
