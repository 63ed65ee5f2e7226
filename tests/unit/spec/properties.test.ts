// Property tests: whatever definition the validator accepts, the exports hold their contracts.
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createSpecAjv,
  RUNTIMES,
  TOOL_NAME,
  toOpenApi,
  toToolDefinition,
  validateSpec,
  type NormalizedSpec,
} from '../../../lib/spec/index';

// Property names stay clear of `$…` so the "no $schema/$id anywhere" check below cannot hit data.
const propertyName = fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !s.startsWith('$'));

const { schema } = fc.letrec((tie) => ({
  schema: fc.oneof({ depthSize: 'small' }, tie('leaf'), tie('object'), tie('array'), tie('ref')),
  leaf: fc.oneof(
    fc.constantFrom({ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }, {}),
    fc.record({
      type: fc.constant('string'),
      format: fc.constantFrom('email', 'date', 'uri', 'uuid'),
      description: fc.string(),
    }),
    fc.record(
      { type: fc.constant('integer'), minimum: fc.integer(), maximum: fc.integer() },
      { requiredKeys: ['type'] },
    ),
    fc.record({ enum: fc.array(fc.oneof(fc.string(), fc.integer()), { minLength: 1, maxLength: 4 }) }),
    // Now and then a Python type name that the validator must reject.
    fc.constant({ type: 'float' }),
  ),
  object: fc.record(
    {
      type: fc.constant('object'),
      properties: fc.dictionary(propertyName, tie('schema'), { maxKeys: 4 }),
      required: fc.array(propertyName, { maxLength: 2 }),
      additionalProperties: fc.boolean(),
    },
    { requiredKeys: ['type', 'properties'] },
  ),
  array: fc.record(
    { type: fc.constant('array'), items: tie('schema'), minItems: fc.nat(3) },
    { requiredKeys: ['type', 'items'] },
  ),
  ref: fc.constantFrom({ $ref: '#/$defs/shared' }, { $ref: '#' }),
}));

const rootSchema = fc.record(
  {
    $schema: fc.oneof(
      { weight: 4, arbitrary: fc.constant('https://json-schema.org/draft/2020-12/schema') },
      { weight: 1, arbitrary: fc.constant('http://json-schema.org/draft-07/schema#') },
    ),
    $id: fc.constant('https://example.com/s.json'),
    type: fc.constant('object'),
    properties: fc.dictionary(propertyName, schema, { maxKeys: 4 }),
    $defs: fc.record({ shared: schema }),
  },
  { requiredKeys: ['type', 'properties', '$defs'] },
);

const fileSchema = fc.record(
  {
    description: fc.string(),
    extensions: fc.array(fc.constantFrom('pdf', '.CSV', 'tar.gz', '*.x'), { minLength: 1, maxLength: 3 }),
    required: fc.boolean(),
  },
  { requiredKeys: [] },
);

const bodyType = fc.constantFrom('NONE', 'JSON', 'FILE');

const definition = fc
  .record({
    shortname: fc.oneof(
      { weight: 9, arbitrary: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/) },
      { weight: 1, arbitrary: fc.string({ maxLength: 70 }) },
    ),
    name: fc.string({ minLength: 1, maxLength: 40 }),
    description: fc.oneof(
      { weight: 9, arbitrary: fc.string({ minLength: 1, maxLength: 300 }) },
      { weight: 1, arbitrary: fc.string({ minLength: 1020, maxLength: 1030 }) },
    ),
    runtime: fc.oneof(
      { weight: 19, arbitrary: fc.constantFrom(...RUNTIMES.map((r) => r.id)) },
      { weight: 1, arbitrary: fc.constant('nodejs22') },
    ),
    tags: fc.array(fc.stringMatching(/^[a-z0-9]{1,12}$/), { maxLength: 3 }).map((t) => [...new Set(t)]),
    queryParams: fc.uniqueArray(
      fc.record(
        {
          name: fc.stringMatching(/^[a-z0-9]{1,10}$/),
          required: fc.boolean(),
          description: fc.string(),
          exampleData: fc.string(),
        },
        { requiredKeys: ['name'] },
      ),
      { maxLength: 3, selector: (p) => p.name },
    ),
    inputType: bodyType,
    outputType: bodyType,
    inputJson: rootSchema,
    outputJson: rootSchema,
    inputFile: fileSchema,
    outputFile: fileSchema,
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
  })
  .map((d) => ({
    $specversion: 'v1.0.0',
    name: d.name,
    shortname: d.shortname,
    runtime: d.runtime,
    entrypoint: 'handler',
    description: d.description,
    tags: d.tags,
    requirements: {
      requestType: d.inputType === 'NONE' ? d.method : d.method === 'GET' ? 'POST' : d.method,
      queryParams: d.queryParams,
      inputType: d.inputType,
      ...(d.inputType === 'JSON' && { inputSchema: d.inputJson }),
      ...(d.inputType === 'FILE' && { inputSchema: d.inputFile }),
      outputType: d.outputType,
      ...(d.outputType === 'JSON' && { outputSchema: d.outputJson }),
      ...(d.outputType === 'FILE' && { outputSchema: { ...d.outputFile, required: undefined } }),
    },
  }));

/** Every object key of a value, at any depth. */
const allKeys = (value: unknown): string[] =>
  typeof value !== 'object' || value === null
    ? []
    : Object.entries(value).flatMap(([k, v]) => [...(Array.isArray(value) ? [] : [k]), ...allKeys(v)]);

const PROBES: unknown[] = [1, 'a', null, true, {}, [], [1, 'a'], { a: 1 }];

/** Values that reach into the schema's own properties, so nested references get exercised. */
function probesFor(schema: Record<string, unknown>): unknown[] {
  const keys = Object.keys((schema.properties ?? {}) as object);
  return [
    ...PROBES,
    ...PROBES.map((p) => Object.fromEntries(keys.map((k) => [k, p]))),
    ...PROBES.map((p) => Object.fromEntries(keys.map((k) => [k, { [k]: p }]))),
  ];
}

/** The tool's `body` must accept exactly what the input schema accepts. */
function expectSameVerdicts(spec: NormalizedSpec, parameters: Record<string, unknown>): void {
  const inputSchema = spec.requirements.inputSchema as Record<string, unknown>;
  const ajv = createSpecAjv();
  const original = ajv.compile(inputSchema);
  const tool = ajv.compile(parameters);
  const params = spec.requirements.queryParams;
  const query = params.length
    ? { query: Object.fromEntries(params.filter((p) => p.required).map((p) => [p.name, 'x'])) }
    : {};
  for (const probe of probesFor(inputSchema)) {
    expect(tool({ ...query, body: probe }), JSON.stringify(probe)).toBe(original(probe));
  }
}

describe('exports of accepted definitions', () => {
  it('are a valid OpenAPI 3.1 document and a tool definition tool APIs accept', async () => {
    const openApi = new Validator();
    const ajv = new Ajv2020({ strict: false, logger: false });
    let accepted = 0;
    let total = 0;
    await fc.assert(
      fc.asyncProperty(definition, async (input) => {
        total++;
        const result = validateSpec(JSON.parse(JSON.stringify(input)));
        if (!result.spec) {
          expect(result.violations.length).toBeGreaterThan(0);
          return;
        }
        accepted++;
        const spec = result.spec;
        const doc = await openApi.validate(toOpenApi(spec));
        expect(doc.errors).toBeUndefined();
        expect(doc.valid).toBe(true);

        const { type, function: fn } = toToolDefinition(spec);
        expect(type).toBe('function');
        expect(fn.name).toMatch(TOOL_NAME);
        expect(fn.description.length).toBeLessThanOrEqual(1024);
        expect(fn.parameters.type).toBe('object');
        const properties = fn.parameters.properties as Record<string, unknown>;
        expect('query' in properties).toBe(spec.requirements.queryParams.length > 0);
        expect('body' in properties).toBe(spec.requirements.inputType !== 'NONE');
        expect(allKeys(fn.parameters).filter((k) => k === '$schema' || k === '$id')).toEqual([]);
        // One self-contained schema: every reference resolves inside it.
        expect(() => ajv.compile(fn.parameters)).not.toThrow();
        if (spec.requirements.inputType === 'JSON') expectSameVerdicts(spec, fn.parameters);
      }),
      { numRuns: 300 },
    );
    expect(accepted / total).toBeGreaterThan(0.25);
    expect(accepted).toBeLessThan(total);
  });
});
