import { describe, expect, it } from 'vitest';
import { RUNTIMES, validateSpec, validateSpecText } from '../../../lib/spec/index';
import { fileSpec, jsonSpec, noneSpec, requirementsOf, type Json } from './fixtures';

type Mutation = (spec: Json, req: Json) => void;

const mutated = (base: () => Json, mutate: Mutation) => {
  const spec = base();
  mutate(spec, requirementsOf(spec));
  return spec;
};

const pointersAndRules = (input: unknown) => validateSpec(input).violations.map((v) => [v.pointer, v.rule]);

describe('validateSpec accepts valid definitions and applies defaults', () => {
  it('fills tags, queryParams and body types of a minimal GET definition', () => {
    const result = validateSpec(noneSpec());
    expect(result.violations).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.spec?.tags).toEqual([]);
    expect(result.spec?.requirements).toEqual({
      requestType: 'GET',
      queryParams: [],
      inputType: 'NONE',
      outputType: 'NONE',
    });
  });

  it('keeps JSON schemas and examples, and defaults query param required to false', () => {
    const result = validateSpec(jsonSpec());
    expect(result.violations).toEqual([]);
    const r = result.spec?.requirements;
    expect(r?.queryParams).toEqual([
      { name: 'units', required: true, description: 'metric or imperial', exampleData: 'units=metric' },
      { name: 'lang', required: false, description: 'Language of the summary' },
    ]);
    expect(r?.inputJsonExample).toBe('{"city": "Paris"}');
    expect(r?.outputSchema).toEqual(requirementsOf(jsonSpec()).outputSchema);
  });

  it('normalises file extensions and defaults file required to false', () => {
    expect(validateSpec(fileSpec()).spec?.requirements.inputSchema).toEqual({
      description: 'The document',
      extensions: ['pdf', 'docx'],
      required: true,
    });
    const optional = mutated(fileSpec, (_, r) => {
      r.inputSchema = { extensions: ['tar.gz'] };
    });
    expect(validateSpec(optional).spec?.requirements.inputSchema).toEqual({ extensions: ['tar.gz'], required: false });
    const anyFile = mutated(fileSpec, (_, r) => {
      r.outputSchema = {};
    });
    expect(validateSpec(anyFile).spec?.requirements.outputSchema).toEqual({ extensions: [] });
  });

  it.each(RUNTIMES.map((r) => r.id))('accepts runtime %s', (runtime) => {
    expect(pointersAndRules({ ...noneSpec(), runtime })).toEqual([]);
  });

  it.each<[string, Mutation]>([
    [
      'a 64-character shortname',
      (s) => {
        s.shortname = 'a'.repeat(64);
      },
    ],
    [
      'a shortname starting with a digit, with _ and -',
      (s) => {
        s.shortname = '9lives_x-Y';
      },
    ],
    [
      'an entrypoint whose case is kept',
      (s) => {
        s.entrypoint = 'HandleRequest_2';
      },
    ],
    [
      'a 1024-character description',
      (s) => {
        s.description = 'd'.repeat(1024);
      },
    ],
    [
      '20 distinct tags',
      (s) => {
        s.tags = Array.from({ length: 20 }, (_, i) => `t${i}`);
      },
    ],
    [
      'the dialect URI with a trailing #',
      (_, r) => {
        (r.inputSchema as Json).$schema = 'https://json-schema.org/draft/2020-12/schema#';
      },
    ],
    [
      'DELETE with a JSON body',
      (_, r) => {
        r.requestType = 'DELETE';
      },
    ],
    [
      'explicit NONE types without schemas',
      (_, r) => {
        Object.assign(r, { inputType: 'NONE', outputType: 'NONE' });
        for (const k of ['inputSchema', 'inputJsonExample', 'outputSchema', 'outputJsonExample']) delete r[k];
      },
    ],
    [
      'a schema using unknown keywords as annotations',
      (_, r) => {
        (r.inputSchema as Json)['x-internal'] = true;
      },
    ],
  ])('accepts %s', (_, mutate) => {
    expect(pointersAndRules(mutated(jsonSpec, mutate))).toEqual([]);
  });

  it('keeps the entrypoint exactly as written', () => {
    expect(validateSpec(noneSpec()).spec?.entrypoint).toBe('Handle');
  });
});

const long = (n: number) => 'x'.repeat(n);

// [label, base, mutation, expected [pointer, rule] pairs, exactly]
const INVALID: [string, () => Json, Mutation, [string, string][]][] = [
  [
    '$specversion other than v1.0.0',
    jsonSpec,
    (s) => {
      s.$specversion = 'v1.0';
    },
    [['/$specversion', 'specversion.value']],
  ],
  [
    '$specversion missing',
    jsonSpec,
    (s) => {
      delete s.$specversion;
    },
    [['/$specversion', 'field.missing']],
  ],
  [
    'name missing',
    jsonSpec,
    (s) => {
      delete s.name;
    },
    [['/name', 'field.missing']],
  ],
  [
    'name not a string',
    jsonSpec,
    (s) => {
      s.name = 42;
    },
    [['/name', 'field.type']],
  ],
  [
    'name blank',
    jsonSpec,
    (s) => {
      s.name = '   ';
    },
    [['/name', 'name.length']],
  ],
  [
    'name too long',
    jsonSpec,
    (s) => {
      s.name = long(129);
    },
    [['/name', 'name.length']],
  ],
  [
    'shortname missing',
    jsonSpec,
    (s) => {
      delete s.shortname;
    },
    [['/shortname', 'field.missing']],
  ],
  [
    'shortname with a space',
    jsonSpec,
    (s) => {
      s.shortname = 'weather now';
    },
    [['/shortname', 'shortname.charset']],
  ],
  [
    'shortname with a dot',
    jsonSpec,
    (s) => {
      s.shortname = 'math.factorial';
    },
    [['/shortname', 'shortname.charset']],
  ],
  [
    'shortname with a non-ASCII letter',
    jsonSpec,
    (s) => {
      s.shortname = 'café';
    },
    [['/shortname', 'shortname.charset']],
  ],
  [
    'shortname starting with -',
    jsonSpec,
    (s) => {
      s.shortname = '-weather';
    },
    [['/shortname', 'shortname.start']],
  ],
  [
    'shortname starting with _',
    jsonSpec,
    (s) => {
      s.shortname = '_weather';
    },
    [['/shortname', 'shortname.start']],
  ],
  [
    'shortname empty',
    jsonSpec,
    (s) => {
      s.shortname = '';
    },
    [['/shortname', 'shortname.length']],
  ],
  [
    'shortname of 65 characters',
    jsonSpec,
    (s) => {
      s.shortname = long(65);
    },
    [['/shortname', 'shortname.length']],
  ],
  [
    'runtime missing',
    jsonSpec,
    (s) => {
      delete s.runtime;
    },
    [['/runtime', 'field.missing']],
  ],
  [
    'runtime not in the table',
    jsonSpec,
    (s) => {
      s.runtime = 'nodejs23';
    },
    [['/runtime', 'runtime.value']],
  ],
  [
    'runtime as a Lambda identifier',
    jsonSpec,
    (s) => {
      s.runtime = 'nodejs20.x';
    },
    [['/runtime', 'runtime.value']],
  ],
  [
    'runtime in capitals',
    jsonSpec,
    (s) => {
      s.runtime = 'NodeJS20';
    },
    [['/runtime', 'runtime.value']],
  ],
  [
    'entrypoint missing',
    jsonSpec,
    (s) => {
      delete s.entrypoint;
    },
    [['/entrypoint', 'field.missing']],
  ],
  [
    'entrypoint with a module path',
    jsonSpec,
    (s) => {
      s.entrypoint = 'index.handler';
    },
    [['/entrypoint', 'entrypoint.charset']],
  ],
  [
    'entrypoint starting with a digit',
    jsonSpec,
    (s) => {
      s.entrypoint = '1run';
    },
    [['/entrypoint', 'entrypoint.charset']],
  ],
  [
    'entrypoint too long',
    jsonSpec,
    (s) => {
      s.entrypoint = long(129);
    },
    [['/entrypoint', 'entrypoint.length']],
  ],
  [
    'description missing',
    jsonSpec,
    (s) => {
      delete s.description;
    },
    [['/description', 'field.missing']],
  ],
  [
    'description over 1024 characters',
    jsonSpec,
    (s) => {
      s.description = long(1025);
    },
    [['/description', 'description.length']],
  ],
  [
    'tags not an array',
    jsonSpec,
    (s) => {
      s.tags = 'weather';
    },
    [['/tags', 'field.type']],
  ],
  [
    'a tag not a string',
    jsonSpec,
    (s) => {
      s.tags = [7];
    },
    [['/tags/0', 'field.type']],
  ],
  [
    'a tag with capitals',
    jsonSpec,
    (s) => {
      s.tags = ['geo', 'Weather'];
    },
    [['/tags/1', 'tags.charset']],
  ],
  [
    'a tag with a hyphen',
    jsonSpec,
    (s) => {
      s.tags = ['web-api'];
    },
    [['/tags/0', 'tags.charset']],
  ],
  [
    'a tag too long',
    jsonSpec,
    (s) => {
      s.tags = [long(33)];
    },
    [['/tags/0', 'tags.length']],
  ],
  [
    'a repeated tag',
    jsonSpec,
    (s) => {
      s.tags = ['geo', 'geo'];
    },
    [['/tags/1', 'tags.duplicate']],
  ],
  [
    'too many tags',
    jsonSpec,
    (s) => {
      s.tags = Array.from({ length: 21 }, (_, i) => `t${i}`);
    },
    [['/tags', 'tags.count']],
  ],
  [
    'an unknown top-level field',
    jsonSpec,
    (s) => {
      s.version = '1';
    },
    [['/version', 'field.unknown']],
  ],
  [
    'a requirements field at top level',
    jsonSpec,
    (s) => {
      s.inputSchma = {};
    },
    [['/inputSchma', 'field.unknown']],
  ],
  [
    'requirements missing',
    jsonSpec,
    (s) => {
      delete s.requirements;
    },
    [['/requirements', 'field.missing']],
  ],
  [
    'requirements an array',
    jsonSpec,
    (s) => {
      s.requirements = [];
    },
    [['/requirements', 'field.type']],
  ],
  [
    'an unknown requirements field',
    jsonSpec,
    (_, r) => {
      r.inputSchma = {};
    },
    [['/requirements/inputSchma', 'field.unknown']],
  ],
  [
    'requestType missing',
    jsonSpec,
    (_, r) => {
      delete r.requestType;
    },
    [['/requirements/requestType', 'field.missing']],
  ],
  [
    'requestType PATCH',
    jsonSpec,
    (_, r) => {
      r.requestType = 'PATCH';
    },
    [['/requirements/requestType', 'requestType.value']],
  ],
  [
    'requestType in lowercase',
    jsonSpec,
    (_, r) => {
      r.requestType = 'post';
    },
    [['/requirements/requestType', 'requestType.value']],
  ],
  [
    'GET with a JSON body',
    jsonSpec,
    (_, r) => {
      r.requestType = 'GET';
    },
    [['/requirements/requestType', 'requestType.getWithBody']],
  ],
  [
    'GET with a FILE body',
    fileSpec,
    (_, r) => {
      r.requestType = 'GET';
    },
    [['/requirements/requestType', 'requestType.getWithBody']],
  ],
  [
    'inputType XML',
    noneSpec,
    (_, r) => {
      r.inputType = 'XML';
    },
    [['/requirements/inputType', 'inputType.value']],
  ],
  [
    'outputType in lowercase',
    noneSpec,
    (_, r) => {
      r.outputType = 'json';
    },
    [['/requirements/outputType', 'outputType.value']],
  ],
  [
    'queryParams not an array',
    jsonSpec,
    (_, r) => {
      r.queryParams = { units: true };
    },
    [['/requirements/queryParams', 'field.type']],
  ],
  [
    'a query param not an object',
    jsonSpec,
    (_, r) => {
      r.queryParams = ['units'];
    },
    [['/requirements/queryParams/0', 'field.type']],
  ],
  [
    'a query param without name',
    jsonSpec,
    (_, r) => {
      r.queryParams = [{ required: true }];
    },
    [['/requirements/queryParams/0/name', 'field.missing']],
  ],
  [
    'a query param name with capitals',
    jsonSpec,
    (_, r) => {
      r.queryParams = [{ name: 'Units' }];
    },
    [['/requirements/queryParams/0/name', 'queryParams.name.charset']],
  ],
  [
    'a query param name with _',
    jsonSpec,
    (_, r) => {
      r.queryParams = [{ name: 'page_size' }];
    },
    [['/requirements/queryParams/0/name', 'queryParams.name.charset']],
  ],
  [
    'a query param name too long',
    jsonSpec,
    (_, r) => {
      r.queryParams = [{ name: long(65) }];
    },
    [['/requirements/queryParams/0/name', 'queryParams.name.length']],
  ],
  [
    'a repeated query param',
    jsonSpec,
    (_, r) => {
      r.queryParams = [{ name: 'units' }, { name: 'units' }];
    },
    [['/requirements/queryParams/1/name', 'queryParams.name.duplicate']],
  ],
  [
    'query param required as text',
    jsonSpec,
    (_, r) => {
      r.queryParams = [{ name: 'units', required: 'true' }];
    },
    [['/requirements/queryParams/0/required', 'field.type']],
  ],
  [
    'query param description too long',
    jsonSpec,
    (_, r) => {
      r.queryParams = [{ name: 'units', description: long(1025) }];
    },
    [['/requirements/queryParams/0/description', 'queryParams.description.length']],
  ],
  [
    'a query param with an unknown field',
    jsonSpec,
    (_, r) => {
      r.queryParams = [{ name: 'units', type: 'string' }];
    },
    [['/requirements/queryParams/0/type', 'field.unknown']],
  ],
  [
    'inputSchema with inputType NONE',
    noneSpec,
    (_, r) => {
      r.inputSchema = { type: 'object' };
    },
    [['/requirements/inputSchema', 'schema.unexpected']],
  ],
  [
    'outputSchema with outputType omitted',
    noneSpec,
    (_, r) => {
      r.outputSchema = { type: 'object' };
    },
    [['/requirements/outputSchema', 'schema.unexpected']],
  ],
  [
    'JSON input without schema',
    jsonSpec,
    (_, r) => {
      delete r.inputSchema;
      delete r.inputJsonExample;
    },
    [['/requirements/inputSchema', 'schema.missing']],
  ],
  [
    'FILE output without schema',
    fileSpec,
    (_, r) => {
      delete r.outputSchema;
    },
    [['/requirements/outputSchema', 'schema.missing']],
  ],
  [
    'a JSON schema that is an array',
    jsonSpec,
    (_, r) => {
      r.outputSchema = [];
      delete r.outputJsonExample;
    },
    [['/requirements/outputSchema', 'schema.type']],
  ],
  [
    'a JSON schema that is a boolean',
    jsonSpec,
    (_, r) => {
      r.outputSchema = true;
      delete r.outputJsonExample;
    },
    [['/requirements/outputSchema', 'schema.type']],
  ],
  [
    'a draft-07 schema',
    jsonSpec,
    (_, r) => {
      (r.inputSchema as Json).$schema = 'http://json-schema.org/draft-07/schema#';
    },
    [['/requirements/inputSchema/$schema', 'schema.draft']],
  ],
  [
    'a 2019-09 schema',
    jsonSpec,
    (_, r) => {
      (r.outputSchema as Json).$schema = 'https://json-schema.org/draft/2019-09/schema';
    },
    [['/requirements/outputSchema/$schema', 'schema.draft']],
  ],
  [
    'a Python type name',
    jsonSpec,
    (_, r) => {
      ((r.inputSchema as Json).properties as Json).city = { type: 'str' };
    },
    [['/requirements/inputSchema/properties/city/type', 'schema.invalid']],
  ],
  [
    'required not an array',
    jsonSpec,
    (_, r) => {
      (r.outputSchema as Json).required = 'celsius';
    },
    [['/requirements/outputSchema/required', 'schema.invalid']],
  ],
  [
    'a dangling $ref',
    jsonSpec,
    (_, r) => {
      (r.inputSchema as Json).$defs = {};
    },
    [['/requirements/inputSchema', 'schema.compile']],
  ],
  [
    'an invalid pattern',
    jsonSpec,
    (_, r) => {
      (r.outputSchema as Json).properties = { c: { type: 'string', pattern: '(' } };
    },
    [['/requirements/outputSchema', 'schema.compile']],
  ],
  [
    'a definition that only refers to itself',
    jsonSpec,
    (_, r) => {
      (r.inputSchema as Json).$defs = { point: { $ref: '#/$defs/point' } };
    },
    [['/requirements/inputSchema', 'schema.compile']],
  ],
  [
    'a $ref cycle met at validation',
    jsonSpec,
    (_, r) => {
      (r.inputSchema as Json).$defs = { point: { allOf: [{ $ref: '#/$defs/point' }] } };
      r.inputJsonExample = '{"city": "Paris", "at": {}}';
    },
    [['/requirements/inputJsonExample', 'example.mismatch']],
  ],
  [
    'an example with inputType NONE',
    noneSpec,
    (_, r) => {
      r.inputJsonExample = '{}';
    },
    [['/requirements/inputJsonExample', 'example.unexpected']],
  ],
  [
    'an example with outputType FILE',
    fileSpec,
    (_, r) => {
      r.outputJsonExample = '"x"';
    },
    [['/requirements/outputJsonExample', 'example.unexpected']],
  ],
  [
    'an example that is not JSON',
    jsonSpec,
    (_, r) => {
      r.inputJsonExample = "{city: 'Paris'}";
    },
    [['/requirements/inputJsonExample', 'example.parse']],
  ],
  [
    'an example given as an object',
    jsonSpec,
    (_, r) => {
      r.inputJsonExample = { city: 'Paris' };
    },
    [['/requirements/inputJsonExample', 'field.type']],
  ],
  [
    'an input example that breaks the schema',
    jsonSpec,
    (_, r) => {
      r.inputJsonExample = '{"city": 7}';
    },
    [['/requirements/inputJsonExample', 'example.mismatch']],
  ],
  [
    'an example breaking a format',
    jsonSpec,
    (_, r) => {
      r.inputJsonExample = '{"city": "Paris", "email": "nope"}';
    },
    [['/requirements/inputJsonExample', 'example.mismatch']],
  ],
  [
    'an output example that breaks the schema',
    jsonSpec,
    (_, r) => {
      r.outputJsonExample = '{"celsius": "warm"}';
    },
    [['/requirements/outputJsonExample', 'example.mismatch']],
  ],
  [
    'a file schema that is a string',
    fileSpec,
    (_, r) => {
      r.inputSchema = 'pdf';
    },
    [['/requirements/inputSchema', 'schema.type']],
  ],
  [
    'an empty extension list',
    fileSpec,
    (_, r) => {
      (r.inputSchema as Json).extensions = [];
    },
    [['/requirements/inputSchema/extensions', 'fileSchema.extensions.empty']],
  ],
  [
    'extensions as a string',
    fileSpec,
    (_, r) => {
      (r.inputSchema as Json).extensions = 'pdf';
    },
    [['/requirements/inputSchema/extensions', 'field.type']],
  ],
  [
    'an extension with a space',
    fileSpec,
    (_, r) => {
      (r.inputSchema as Json).extensions = ['pdf', 'p df'];
    },
    [['/requirements/inputSchema/extensions/1', 'fileSchema.extensions.charset']],
  ],
  [
    'an extension that is a glob',
    fileSpec,
    (_, r) => {
      (r.inputSchema as Json).extensions = ['*.pdf'];
    },
    [['/requirements/inputSchema/extensions/0', 'fileSchema.extensions.charset']],
  ],
  [
    'an extension that is not a string',
    fileSpec,
    (_, r) => {
      (r.inputSchema as Json).extensions = [1];
    },
    [['/requirements/inputSchema/extensions/0', 'fileSchema.extensions.charset']],
  ],
  [
    'required on an output file',
    fileSpec,
    (_, r) => {
      (r.outputSchema as Json).required = false;
    },
    [['/requirements/outputSchema/required', 'fileSchema.outputRequired']],
  ],
  [
    'file required as text',
    fileSpec,
    (_, r) => {
      (r.inputSchema as Json).required = 'yes';
    },
    [['/requirements/inputSchema/required', 'field.type']],
  ],
  [
    'a file description too long',
    fileSpec,
    (_, r) => {
      (r.outputSchema as Json).description = long(1025);
    },
    [['/requirements/outputSchema/description', 'fileSchema.description.length']],
  ],
  [
    'an unknown file schema field',
    fileSpec,
    (_, r) => {
      (r.inputSchema as Json).maxSize = 10;
    },
    [['/requirements/inputSchema/maxSize', 'field.unknown']],
  ],
  [
    'a JSON schema given for FILE',
    fileSpec,
    (_, r) => {
      r.inputSchema = { type: 'string' };
    },
    [['/requirements/inputSchema/type', 'field.unknown']],
  ],
];

describe('validateSpec reports each rule with its pointer and rule id', () => {
  it.each(INVALID)('%s', (_, base, mutate, expected) => {
    const result = validateSpec(mutated(base, mutate));
    expect(result.ok).toBe(false);
    expect(result.spec).toBeUndefined();
    expect(result.violations.map((v) => [v.pointer, v.rule])).toEqual(expected);
    for (const v of result.violations) {
      expect(v.message.length).toBeGreaterThan(0);
      expect(v.fix.length).toBeGreaterThan(0);
    }
  });

  it.each([null, [], 'spec', 3])('rejects a definition that is %j', (input) => {
    expect(pointersAndRules(input)).toEqual([['', 'spec.type']]);
  });

  it('reports every violation of a definition at once', () => {
    const spec = mutated(jsonSpec, (s, r) => {
      s.$specversion = '1.0.0';
      s.shortname = 'weather now';
      s.tags = ['Geo'];
      r.requestType = 'GET';
      r.queryParams = [{ name: 'Units' }];
      r.inputJsonExample = '{"city": 1}';
    });
    expect(pointersAndRules(spec)).toEqual([
      ['/$specversion', 'specversion.value'],
      ['/shortname', 'shortname.charset'],
      ['/tags/0', 'tags.charset'],
      ['/requirements/queryParams/0/name', 'queryParams.name.charset'],
      ['/requirements/requestType', 'requestType.getWithBody'],
      ['/requirements/inputJsonExample', 'example.mismatch'],
    ]);
  });

  it('escapes pointer tokens and points inside the schema', () => {
    const spec = mutated(jsonSpec, (_, r) => {
      (r.outputSchema as Json).properties = { 'a/b~c': { type: 'float' } };
    });
    expect(pointersAndRules(spec)).toEqual([['/requirements/outputSchema/properties/a~1b~0c/type', 'schema.invalid']]);
  });

  it('suggests the field a typo meant', () => {
    const top = validateSpec({ ...jsonSpec(), inputSchma: {} }).violations[0];
    expect(top?.fix).toContain('"inputSchema" belongs inside "requirements"');
    const nested = validateSpec(
      mutated(jsonSpec, (_, r) => {
        r.outputJsonExampel = '{}';
      }),
    ).violations[0];
    expect(nested?.fix).toContain('Did you mean "outputJsonExample"?');
    const runtime = validateSpec({ ...jsonSpec(), runtime: 'nodejs20.x' }).violations[0];
    expect(runtime?.fix).toContain('Did you mean "nodejs20"?');
  });

  it('names the draft of a foreign $schema and tells how to fix it', () => {
    const v = validateSpec(
      mutated(jsonSpec, (_, r) => {
        (r.inputSchema as Json).$schema = 'http://json-schema.org/draft-04/schema#';
      }),
    ).violations[0];
    expect(v?.message).toContain('draft 4');
    expect(v?.fix).toContain('https://json-schema.org/draft/2020-12/schema');
  });

  it('shows where an example breaks its schema', () => {
    const v = validateSpec(
      mutated(jsonSpec, (_, r) => {
        r.inputJsonExample = '{"city": 7}';
      }),
    ).violations[0];
    expect(v?.message).toContain('/city must be string');
  });
});

describe('validateSpecText', () => {
  it('reports a JSON syntax error as a violation', () => {
    expect(validateSpecText('{"name": ').violations.map((v) => v.rule)).toEqual(['json.parse']);
  });

  it('validates well-formed text like the parsed object', () => {
    expect(validateSpecText(JSON.stringify(jsonSpec())).ok).toBe(true);
  });
});
