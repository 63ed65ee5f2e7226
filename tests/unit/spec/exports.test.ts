import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import {
  compiledValidators,
  createSpecAjv,
  TOOL_NAME,
  toMarkdown,
  toOpenApi,
  toolArgumentsToRequest,
  toToolDefinition,
  validateSpec,
  type NormalizedSpec,
} from '../../../lib/spec/index';
import { fileSpec, jsonSpec, noneSpec, requirementsOf, type Json } from './fixtures';

function valid(spec: Json): NormalizedSpec {
  const result = validateSpec(spec);
  if (!result.spec) throw new Error(JSON.stringify(result.violations));
  return result.spec;
}

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const openApiValidator = new Validator();

describe('toOpenApi', () => {
  it.each([
    ['JSON', jsonSpec],
    ['FILE', fileSpec],
    ['NONE', noneSpec],
  ])('documents a %s function as valid OpenAPI 3.1', async (_, base) => {
    const result = await openApiValidator.validate(toOpenApi(valid(base())));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('describes the invocation endpoint with query parameters, JSON body and responses', () => {
    const doc = toOpenApi(valid(jsonSpec())) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(['/functions/v1/weather-now', '/functions/v1/weather-now/spec.json']);
    const op = doc.paths['/functions/v1/weather-now'].post;
    expect(op.parameters).toEqual([
      {
        name: 'units',
        in: 'query',
        required: true,
        description: 'metric or imperial',
        schema: { type: 'string' },
        example: 'metric',
      },
      {
        name: 'lang',
        in: 'query',
        required: false,
        description: 'Language of the summary',
        schema: { type: 'string' },
      },
    ]);
    expect(op.requestBody.content['application/json']).toEqual({
      schema: { $ref: '#/components/schemas/Input' },
      example: { city: 'Paris' },
    });
    expect(op.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Output' });
    expect(Object.keys(op.responses)).toEqual(['200', '400', '401', '404', '405', '413', '502', '504']);
    expect(doc.components.responses.Error405.headers.Allow).toBeDefined();
    expect(doc.components.schemas.ErrorEnvelope.required).toEqual(['spanId', 'error', 'messages']);
    expect(doc.components.securitySchemes.svcwt).toMatchObject({ type: 'apiKey', in: 'header', name: 'svcwt' });
    expect(doc.security).toEqual([{ svcwt: [] }]);
  });

  it('re-roots schema references at the component that holds the schema', () => {
    const input = (toOpenApi(valid(jsonSpec())) as Doc).components.schemas.Input;
    expect(input.$schema).toBeUndefined();
    expect(input.properties.at).toEqual({ $ref: '#/components/schemas/Input/$defs/point' });
    expect(input.$defs.point.type).toBe('object');
  });

  it('sends FILE input as multipart with a file part and returns file content', () => {
    const op = (toOpenApi(valid(fileSpec())) as Doc).paths['/functions/v1/pdf2text'].put;
    const multipart = op.requestBody.content['multipart/form-data'];
    expect(op.requestBody.required).toBe(true);
    expect(multipart.schema.required).toEqual(['file']);
    expect(multipart.schema.properties.file.description).toContain('.pdf, .docx');
    expect(Object.keys(op.responses['200'].content)).toEqual(['application/octet-stream']);
  });

  it('answers 204 and takes no body when both types are NONE', () => {
    const op = (toOpenApi(valid(noneSpec())) as Doc).paths['/functions/v1/ping'].get;
    expect(op.requestBody).toBeUndefined();
    expect(op.responses['204']).toBeDefined();
    expect(op.responses['200']).toBeUndefined();
  });

  it('publishes a spec.json schema that accepts the normalised definition', () => {
    const doc = toOpenApi(valid(jsonSpec())) as Doc;
    const validate = createSpecAjv().compile(doc.components.schemas.FunctionDefinition);
    expect(validate(valid(jsonSpec()))).toBe(true);
    expect(validate({ ...valid(jsonSpec()), shortname: 'no spaces' })).toBe(false);
  });
});

describe('toToolDefinition', () => {
  it('wraps query and body in one object schema named after the shortname', () => {
    const tool = toToolDefinition(valid(jsonSpec()));
    expect(tool.type).toBe('function');
    expect(tool.function.name).toBe('weather-now');
    expect(tool.function.name).toMatch(TOOL_NAME);
    expect(tool.function.description).toBe('Current weather for a city.');
    const params = tool.function.parameters as Doc;
    expect(params.type).toBe('object');
    expect(params.required).toEqual(['query', 'body']);
    expect(params.properties.query).toEqual({
      type: 'object',
      description: 'Query string parameters.',
      properties: {
        units: { type: 'string', description: 'metric or imperial. Example: units=metric' },
        lang: { type: 'string', description: 'Language of the summary' },
      },
      required: ['units'],
      additionalProperties: false,
    });
  });

  it('strips $schema and $id and hoists $defs to the root of parameters', () => {
    const spec = jsonSpec();
    const schema = requirementsOf(spec).inputSchema as Json;
    Object.assign(schema, { $id: 'https://example.com/weather' });
    Object.assign(schema.properties as Json, {
      same: { $ref: '#/properties/city' },
      self: { $ref: 'https://example.com/weather#/$defs/point' },
    });
    const params = toToolDefinition(valid(spec)).function.parameters as Doc;
    expect(JSON.stringify(params)).not.toMatch(/"\$(schema|id)"/);
    expect(params.$defs.point.type).toBe('object');
    expect(params.properties.body.$defs).toBeUndefined();
    expect(params.properties.body.properties.at).toEqual({ $ref: '#/$defs/point' });
    expect(params.properties.body.properties.same).toEqual({ $ref: '#/properties/body/properties/city' });
    expect(params.properties.body.properties.self).toEqual({ $ref: '#/$defs/point' });
    // The references resolve: the parameters compile and check arguments.
    const validate = createSpecAjv().compile(params);
    expect(validate({ query: { units: 'metric' }, body: { city: 'Paris', at: { lat: 1 } } })).toBe(true);
    expect(validate({ query: { units: 'metric' }, body: { city: 'Paris', at: { lat: 'x' } } })).toBe(false);
  });

  it('leaves data named like keywords alone', () => {
    const spec = jsonSpec();
    Object.assign(requirementsOf(spec), {
      inputSchema: { type: 'object', properties: { $id: { const: { $schema: 1 } } } },
    });
    delete requirementsOf(spec).inputJsonExample;
    const body = (toToolDefinition(valid(spec)).function.parameters as Doc).properties.body;
    expect(body.properties).toEqual({ $id: { const: { $schema: 1 } } });
  });

  it('describes a FILE input as filename, content type and base64 data', () => {
    const params = toToolDefinition(valid(fileSpec())).function.parameters as Doc;
    expect(params.required).toEqual(['body']);
    expect(params.properties.query).toBeUndefined();
    expect(params.properties.body.required).toEqual(['filename', 'data']);
    expect(params.properties.body.properties.filename.description).toContain('.pdf, .docx');
  });

  it('has no properties for a function without query parameters and body', () => {
    expect(toToolDefinition(valid(noneSpec())).function.parameters).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
  });
});

describe('toolArgumentsToRequest', () => {
  it('turns model arguments into a request the validators accept', () => {
    const spec = valid(jsonSpec());
    const request = toolArgumentsToRequest(spec, '{"query": {"units": "metric"}, "body": {"city": "Paris"}}');
    expect(request).toEqual({ method: 'POST', query: { units: 'metric' }, body: { city: 'Paris' } });
    const v = compiledValidators(spec);
    expect([...v.validateQuery(request.query), ...v.validateBody(request.body)]).toEqual([]);
  });

  it('stringifies query values and keeps unknown ones for the validators to report', () => {
    const spec = valid(jsonSpec());
    const request = toolArgumentsToRequest(spec, { query: { units: 5, lang: null, extra: true }, body: {} });
    expect(request.query).toEqual({ units: '5', extra: 'true' });
    expect(
      compiledValidators(spec)
        .validateQuery(request.query)
        .map((v) => v.rule),
    ).toEqual(['query.unknown']);
  });

  it('leaves out a body the model forgot, and sends none for NONE', () => {
    const missing = toolArgumentsToRequest(valid(jsonSpec()), '{}');
    expect(missing.body).toBeUndefined();
    expect(
      compiledValidators(valid(jsonSpec()))
        .validateBody(missing.body)
        .map((v) => v.rule),
    ).toEqual(['body.missing']);
    expect(toolArgumentsToRequest(valid(noneSpec()), { body: { a: 1 } })).toEqual({
      method: 'GET',
      query: {},
      body: null,
    });
    expect(toolArgumentsToRequest(valid(noneSpec()), '')).toEqual({ method: 'GET', query: {}, body: null });
  });

  it.each(['{"query": ', '[1, 2]', '"text"'])('refuses arguments %j that are not a JSON object', (args) => {
    expect(() => toolArgumentsToRequest(valid(jsonSpec()), args)).toThrow(ServiceError);
    try {
      toolArgumentsToRequest(valid(jsonSpec()), args);
    } catch (e) {
      expect((e as ServiceError).status).toBe(502);
    }
  });
});

describe('toMarkdown', () => {
  it('documents endpoint, query parameters, schemas, examples and tags', () => {
    const md = toMarkdown(valid({ ...jsonSpec(), name: 'Weather | now' }));
    expect(md.startsWith('# Weather \\| now\n')).toBe(true);
    expect(md).toContain('| Endpoint | `POST /functions/v1/weather-now` |');
    expect(md).toContain('| `units` | yes | metric or imperial | `units=metric` |');
    expect(md).toContain('| Tags | `weather`, `geo` |');
    expect(md).toContain('"$ref": "#/$defs/point"');
    expect(md).toContain('"celsius": 3.5');
    expect(md).toContain('curl -X POST "$FNQ_URL/functions/v1/weather-now?units=metric"');
    expect(md).toContain('-H "svcwt: $FNQ_TOKEN"');
    expect(md).not.toMatch(/\$BASE_URL|\$TOKEN\b/);
    expect(md).toContain('| 413 |');
  });

  it('documents file bodies and empty responses', () => {
    expect(toMarkdown(valid(fileSpec()))).toContain(
      '`multipart/form-data` with the file in the part `file` (required)',
    );
    expect(toMarkdown(valid(noneSpec()))).toContain('`204 No Content`');
  });

  it('keeps a schema holding a code fence inside its block', () => {
    const spec = jsonSpec();
    Object.assign(requirementsOf(spec).outputSchema as Json, { description: 'ends ```' });
    expect(toMarkdown(valid(spec))).toContain('````json');
  });
});
