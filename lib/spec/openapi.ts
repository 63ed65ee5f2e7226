// OpenAPI 3.1 description of one hosted function: its invocation endpoint and its spec.json.
import {
  BODY_TYPES,
  DESCRIPTION_MAX,
  ENTRYPOINT,
  ERROR_STATUSES,
  functionPath,
  MANDATORY_TOP_LEVEL_FIELDS,
  NAME_MAX,
  QUERY_PARAM_NAME,
  REQUEST_TYPES,
  SHORTNAME,
  SPEC_VERSION,
  specPath,
  TAG,
} from './rules';
import { RUNTIMES } from './runtimes';
import { embedSchema } from './schema-walk';
import {
  describeFile,
  describeQueryParam,
  inputBody,
  outputBody,
  queryExampleValue,
  type JsonSchemaObject,
  type NormalizedSpec,
  type QueryParam,
} from './types';

export type OpenApiDocument = Record<string, unknown>;

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (status: number) => ({ $ref: `#/components/responses/Error${status}` });

/** A component schema; its own references are re-rooted to where it now lives. */
function component(name: string, schema: JsonSchemaObject): JsonSchemaObject {
  const location = `#/components/schemas/${name}`;
  const embedded = embedSchema(schema, location, `${location}/$defs`);
  return { ...embedded.schema, ...(embedded.defs && { $defs: embedded.defs }) };
}

const BINARY = { type: 'string', contentMediaType: 'application/octet-stream' };

function queryParameter(p: QueryParam) {
  const example = queryExampleValue(p);
  const description = example === undefined ? describeQueryParam(p) : p.description;
  return {
    name: p.name,
    in: 'query',
    required: p.required,
    ...(description && { description }),
    schema: { type: 'string' },
    ...(example !== undefined && { example }),
  };
}

function requestBody(spec: NormalizedSpec, schemas: Record<string, JsonSchemaObject>) {
  const input = inputBody(spec);
  if (input.type === 'NONE') return undefined;
  if (input.type === 'JSON') {
    schemas.Input = component('Input', input.schema);
    const example = input.example === undefined ? {} : { example: JSON.parse(input.example) as unknown };
    return { required: true, content: { 'application/json': { schema: schemaRef('Input'), ...example } } };
  }
  const description = describeFile(input.schema);
  return {
    required: input.schema.required,
    description,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { file: { ...BINARY, description } },
          ...(input.schema.required && { required: ['file'] }),
        },
      },
    },
  };
}

function successResponse(spec: NormalizedSpec, schemas: Record<string, JsonSchemaObject>) {
  const output = outputBody(spec);
  const headers = { 'x-span-id': { $ref: '#/components/headers/SpanId' } };
  if (output.type === 'NONE') return { 204: { description: 'The function ran; it returns no body.', headers } };
  if (output.type === 'JSON') {
    schemas.Output = component('Output', output.schema);
    const example = output.example === undefined ? {} : { example: JSON.parse(output.example) as unknown };
    return {
      200: {
        description: 'The function result.',
        headers,
        content: { 'application/json': { schema: schemaRef('Output'), ...example } },
      },
    };
  }
  return {
    200: {
      description: `The file the function returns. ${describeFile(output.schema)}`,
      headers: {
        ...headers,
        'Content-Disposition': { description: 'attachment; filename="…"', schema: { type: 'string' } },
      },
      content: { 'application/octet-stream': { schema: BINARY } },
    },
  };
}

export const ERROR_ENVELOPE = {
  type: 'object',
  required: ['spanId', 'error', 'messages'],
  properties: {
    spanId: { type: 'string', description: 'Short id of the request, also in the x-span-id header and the logs.' },
    error: { type: 'string', description: 'Machine-readable code, e.g. bad_request.' },
    messages: {
      type: 'array',
      items: { type: 'string' },
      description: '"ISSUE: … ADVICE: …" lines, then "failed".',
    },
  },
};

/** The shape of a served (normalised) spec.json; cross-field rules are in docs/spec.md. */
const FUNCTION_DEFINITION = {
  type: 'object',
  required: [...MANDATORY_TOP_LEVEL_FIELDS, 'tags'],
  properties: {
    $specversion: { const: SPEC_VERSION },
    name: { type: 'string', minLength: 1, maxLength: NAME_MAX },
    shortname: { type: 'string', pattern: SHORTNAME.pattern.source, maxLength: SHORTNAME.max },
    runtime: { enum: RUNTIMES.map((r) => r.id) },
    entrypoint: { type: 'string', pattern: ENTRYPOINT.pattern.source, maxLength: ENTRYPOINT.max },
    description: { type: 'string', minLength: 1, maxLength: DESCRIPTION_MAX },
    tags: {
      type: 'array',
      maxItems: TAG.maxCount,
      uniqueItems: true,
      items: { type: 'string', pattern: TAG.pattern.source, maxLength: TAG.max },
    },
    requirements: {
      type: 'object',
      required: ['requestType', 'queryParams', 'inputType', 'outputType'],
      properties: {
        requestType: { enum: [...REQUEST_TYPES] },
        queryParams: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'required'],
            properties: {
              name: { type: 'string', pattern: QUERY_PARAM_NAME.pattern.source, maxLength: QUERY_PARAM_NAME.max },
              required: { type: 'boolean' },
              description: { type: 'string' },
              exampleData: { type: 'string' },
            },
          },
        },
        inputType: { enum: [...BODY_TYPES] },
        inputSchema: { type: 'object' },
        inputJsonExample: { type: 'string' },
        outputType: { enum: [...BODY_TYPES] },
        outputSchema: { type: 'object' },
        outputJsonExample: { type: 'string' },
      },
    },
  },
};

function errorResponses(statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, responseRef(s)]));
}

/**
 * `baseUrl`: where the service answered the request for this document, so generated clients call
 * the same address; without one (the CLI, offline) a `baseUrl` variable defaulting to the local stack.
 */
export function toOpenApi(spec: NormalizedSpec, baseUrl?: string): OpenApiDocument {
  const { shortname, requirements } = spec;
  const schemas: Record<string, JsonSchemaObject> = {};
  const body = requestBody(spec, schemas);
  const invoke = {
    operationId: shortname,
    summary: spec.name,
    description: spec.description,
    ...(spec.tags.length > 0 && { tags: spec.tags }),
    ...(requirements.queryParams.length > 0 && { parameters: requirements.queryParams.map(queryParameter) }),
    ...(body && { requestBody: body }),
    responses: { ...successResponse(spec, schemas), ...errorResponses(Object.keys(ERROR_STATUSES).map(Number)) },
  };
  const readSpec = {
    operationId: `${shortname}_spec`,
    summary: `Definition of ${spec.name}`,
    description: 'The spec.json of the function, with defaults applied.',
    responses: {
      200: {
        description: 'The function definition.',
        content: { 'application/json': { schema: schemaRef('FunctionDefinition') } },
      },
      ...errorResponses([401, 404]),
    },
  };
  return {
    openapi: '3.1.0',
    info: { title: spec.name, version: SPEC_VERSION, description: spec.description },
    servers: [
      baseUrl
        ? { url: baseUrl }
        : {
            url: '{baseUrl}',
            variables: { baseUrl: { default: 'http://localhost:3000', description: 'Base address of the service.' } },
          },
    ],
    security: [{ svcwt: [] }],
    paths: {
      [functionPath(shortname)]: { [requirements.requestType.toLowerCase()]: invoke },
      [specPath(shortname)]: { get: readSpec },
    },
    components: {
      schemas: { ...schemas, ErrorEnvelope: ERROR_ENVELOPE, FunctionDefinition: FUNCTION_DEFINITION },
      responses: Object.fromEntries(
        Object.entries(ERROR_STATUSES).map(([status, description]) => [
          `Error${status}`,
          {
            description,
            headers: {
              'x-span-id': { $ref: '#/components/headers/SpanId' },
              ...(status === '405' && {
                Allow: { description: 'The method the function accepts.', schema: { type: 'string' } },
              }),
            },
            content: { 'application/json': { schema: schemaRef('ErrorEnvelope') } },
          },
        ]),
      ),
      headers: {
        SpanId: { description: 'Short id of the request, for support and logs.', schema: { type: 'string' } },
      },
      securitySchemes: {
        svcwt: { type: 'apiKey', in: 'header', name: 'svcwt', description: 'Service-issued access token (a JWT).' },
      },
    },
  };
}
