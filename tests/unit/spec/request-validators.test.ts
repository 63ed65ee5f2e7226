import { describe, expect, it } from 'vitest';
import { compiledValidators, SchemaCompiler, validateSpec, type NormalizedSpec } from '../../../lib/spec/index';
import { fileSpec, jsonSpec, noneSpec, requirementsOf, type Json } from './fixtures';

function valid(spec: Json, compiler?: SchemaCompiler): NormalizedSpec {
  const result = validateSpec(spec, { compiler });
  if (!result.spec) throw new Error(JSON.stringify(result.violations));
  return result.spec;
}

const pointersAndRules = (violations: { pointer: string; rule: string }[]) =>
  violations.map((v) => [v.pointer, v.rule]);

describe('compiled schemas are cached per definition', () => {
  it('compiles each schema of a definition once, however often it is validated', () => {
    const compiler = new SchemaCompiler();
    valid(jsonSpec(), compiler);
    expect(compiler.compilations).toBe(2);
    valid(jsonSpec(), compiler);
    valid(JSON.parse(JSON.stringify(jsonSpec())) as Json, compiler);
    expect(compiler.compilations).toBe(2);
  });

  it('reuses the validation compile for request validators, built once per spec', () => {
    const compiler = new SchemaCompiler();
    const spec = valid(jsonSpec(), compiler);
    const validators = compiledValidators(spec, compiler);
    expect(compiledValidators(spec, compiler)).toBe(validators);
    expect(validators.validateBody({ city: 'Paris' })).toEqual([]);
    expect(compiler.compilations).toBe(2);
  });

  it('caches invalid schemas too', () => {
    const compiler = new SchemaCompiler();
    const broken = jsonSpec();
    (requirementsOf(broken).outputSchema as Json).properties = { c: { pattern: '(' } };
    validateSpec(broken, { compiler });
    validateSpec(broken, { compiler });
    expect(compiler.compilations).toBe(2);
  });

  it('recompiles only what fell out of a full cache', () => {
    const compiler = new SchemaCompiler(1);
    compiler.analyse({ type: 'string' });
    compiler.analyse({ type: 'number' });
    compiler.analyse({ type: 'number' });
    expect(compiler.compilations).toBe(2);
    compiler.analyse({ type: 'string' });
    expect(compiler.compilations).toBe(3);
  });

  it('compiles two definitions sharing one $id independently', () => {
    const compiler = new SchemaCompiler();
    const a = compiler.analyse({ $id: 'https://example.com/s', type: 'string' });
    const b = compiler.analyse({ $id: 'https://example.com/s', type: 'number' });
    expect(a.validate?.('x')).toBe(true);
    expect(b.validate?.('x')).toBe(false);
  });
});

describe('validateQuery', () => {
  const { validateQuery } = compiledValidators(valid(jsonSpec()));

  it('accepts the declared parameters', () => {
    expect(validateQuery({ units: 'metric', lang: 'fr' })).toEqual([]);
    expect(validateQuery({ units: 'metric' })).toEqual([]);
  });

  it('reports a missing or empty required parameter', () => {
    expect(pointersAndRules(validateQuery({ lang: 'fr' }))).toEqual([['/query/units', 'query.required']]);
    expect(pointersAndRules(validateQuery({ units: '' }))).toEqual([['/query/units', 'query.required']]);
    expect(validateQuery({})[0]?.fix).toContain('units=metric');
  });

  it('reports undeclared parameters with escaped pointers', () => {
    expect(pointersAndRules(validateQuery({ units: 'metric', 'a/b': '1' }))).toEqual([
      ['/query/a~1b', 'query.unknown'],
    ]);
  });
});

describe('validateBody', () => {
  const json = compiledValidators(valid(jsonSpec()));

  it('accepts a body matching the input schema', () => {
    expect(json.validateBody({ city: 'Paris', at: { lat: 48.8, lon: 2.3 }, email: 'a@b.fr' })).toEqual([]);
  });

  it('points at the failing property', () => {
    expect(pointersAndRules(json.validateBody({}))).toEqual([['/body/city', 'body.required']]);
    expect(pointersAndRules(json.validateBody({ city: 'Paris', at: { lat: 'north' } }))).toEqual([
      ['/body/at/lat', 'body.type'],
    ]);
    expect(pointersAndRules(json.validateBody({ city: 'Paris', wind: 3 }))).toEqual([
      ['/body/wind', 'body.additionalProperties'],
    ]);
    expect(pointersAndRules(json.validateBody({ city: 'Paris', email: 'nope' }))).toEqual([
      ['/body/email', 'body.format'],
    ]);
  });

  it('says what is wrong without repeating the path the pointer already gives', () => {
    const messages = (body: unknown) => json.validateBody(body).map((v) => `${v.pointer}: ${v.message}`);
    expect(messages({ city: 7 })).toEqual(['/body/city: must be string']);
    expect(messages({})).toEqual(['/body/city: is required']);
    expect(messages({ city: 'Paris', wind: 3 })).toEqual(['/body/wind: is not an accepted field']);
  });

  it('reports every problem of a body', () => {
    expect(json.validateBody({ at: 1, wind: 3 })).toHaveLength(3);
  });

  it('reports a $ref cycle instead of crashing', () => {
    const spec = jsonSpec();
    delete requirementsOf(spec).inputJsonExample;
    (requirementsOf(spec).inputSchema as Json).$defs = { point: { allOf: [{ $ref: '#/$defs/point' }] } };
    const cyclic = compiledValidators(valid(spec));
    expect(pointersAndRules(cyclic.validateBody({ city: 'Paris', at: {} }))).toEqual([['/body', 'body.$ref']]);
  });

  it('reports a missing JSON body', () => {
    expect(pointersAndRules(json.validateBody(undefined))).toEqual([['/body', 'body.missing']]);
  });

  it('rejects a body when the function takes none', () => {
    const none = compiledValidators(valid(noneSpec()));
    expect(none.validateBody(null)).toEqual([]);
    expect(pointersAndRules(none.validateBody({ a: 1 }))).toEqual([['/body', 'body.unexpected']]);
  });

  it('checks a base64 file body against the file schema', () => {
    const file = compiledValidators(valid(fileSpec()));
    const data = Buffer.from('%PDF-1.7').toString('base64');
    expect(file.validateBody({ filename: 'a.pdf', contentType: 'application/pdf', data })).toEqual([]);
    expect(pointersAndRules(file.validateBody({ filename: 'a.png', data }))).toEqual([
      ['/body/filename', 'file.extension'],
    ]);
    expect(pointersAndRules(file.validateBody({ filename: 'a.pdf', data: '' }))).toEqual([
      ['/body/size', 'file.empty'],
    ]);
    expect(pointersAndRules(file.validateBody('JVBERi0='))).toEqual([['/body', 'body.type']]);
    expect(pointersAndRules(file.validateBody(undefined))).toEqual([['/body', 'file.required']]);
  });
});

describe('validateFile', () => {
  const file = compiledValidators(valid(fileSpec()));

  it('accepts any listed extension, in any case', () => {
    expect(file.validateFile({ filename: 'Report.PDF', size: 10 })).toEqual([]);
    expect(file.validateFile({ filename: 'notes.docx', size: 10 })).toEqual([]);
  });

  it('reports a wrong extension, an empty file and a missing required file', () => {
    expect(pointersAndRules(file.validateFile({ filename: 'pdf', size: 10 }))).toEqual([
      ['/file/filename', 'file.extension'],
    ]);
    expect(pointersAndRules(file.validateFile({ filename: 'a.pdf', size: 0 }))).toEqual([['/file/size', 'file.empty']]);
    expect(pointersAndRules(file.validateFile(undefined))).toEqual([['/file', 'file.required']]);
  });

  it('accepts no file when the file is optional, and any extension when none are listed', () => {
    const spec = fileSpec();
    requirementsOf(spec).inputSchema = {};
    const optional = compiledValidators(valid(spec));
    expect(optional.validateFile(undefined)).toEqual([]);
    expect(optional.validateFile({ filename: 'x.bin', size: 1 })).toEqual([]);
  });

  it('rejects a file sent to a function without FILE input', () => {
    const json = compiledValidators(valid(jsonSpec()));
    expect(pointersAndRules(json.validateFile({ filename: 'a.pdf', size: 1 }))).toEqual([['/file', 'file.unexpected']]);
    expect(json.validateFile(undefined)).toEqual([]);
  });
});
