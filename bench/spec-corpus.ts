// Spec corpus benchmark: turns the BFCL function schemas into spec.json files and runs the validator
// and every export over them; runs the official JSON-Schema-Test-Suite (draft 2020-12) through the
// Ajv configuration of lib/spec; measures validation throughput with a cold and a warm schema cache.
// Run: node --import tsx bench/spec-corpus.ts
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import {
  compileIsolated,
  createSpecAjv,
  mapSubschemas,
  SchemaCompiler,
  TOOL_NAME,
  toMarkdown,
  toOpenApi,
  toToolDefinition,
  validateSpec,
  type NormalizedSpec,
} from '../lib/spec/index';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataRoot = path.resolve(projectRoot, '..', 'shared', 'data');
const bfclDir = path.join(dataRoot, 'bfcl');
const suiteDir = path.join(dataRoot, 'json-schema-test-suite');

type Json = Record<string, unknown>;

// ---- BFCL → spec.json ----------------------------------------------------------------------

/** BFCL writes Python type names (shared/data/README.md); `any` means no type constraint. */
const PYTHON_TYPES: Record<string, string | undefined> = {
  dict: 'object',
  float: 'number',
  tuple: 'array',
  any: undefined,
};

const jsonType = (t: string) => (t in PYTHON_TYPES ? PYTHON_TYPES[t] : t);

function toJsonSchema(parameters: Json): Json {
  return mapSubschemas(parameters, (node) => {
    if (typeof node.type === 'string') {
      const mapped = jsonType(node.type);
      if (mapped === undefined) delete node.type;
      else node.type = mapped;
    } else if (Array.isArray(node.type)) {
      node.type = node.type.map((t) => (typeof t === 'string' ? jsonType(t) : t)).filter((t) => t !== undefined);
    }
    return node;
  }) as Json;
}

interface Source {
  id: string;
  name: string;
  spec?: Json;
  conversionError?: string;
}

function convert(fn: unknown, id: string): Source {
  const f = fn as { name?: unknown; description?: unknown; parameters?: unknown };
  const name = typeof f.name === 'string' ? f.name : '';
  if (!name) return { id, name: '(unnamed)', conversionError: 'function has no name' };
  if (typeof f.parameters !== 'object' || f.parameters === null)
    return { id, name, conversionError: 'parameters is not an object' };
  return {
    id,
    name,
    spec: {
      $specversion: 'v1.0.0',
      name,
      shortname: name.replace(/\./g, '_'),
      runtime: 'nodejs20',
      entrypoint: 'handler',
      description: f.description,
      requirements: {
        requestType: 'POST',
        inputType: 'JSON',
        inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', ...toJsonSchema(f.parameters as Json) },
      },
    },
  };
}

async function loadBfcl(): Promise<Source[]> {
  const files = (await readdir(bfclDir)).filter((f) => /^BFCL_v4_.*\.json$/.test(f)).sort();
  const sources: Source[] = [];
  for (const file of files) {
    const lines = (await readFile(path.join(bfclDir, file), 'utf8')).split('\n').filter((l) => l.trim());
    for (const line of lines) {
      const entry = JSON.parse(line) as { id: string; function: unknown[] };
      entry.function.forEach((fn, i) => sources.push(convert(fn, `${entry.id}#${i}`)));
    }
  }
  return sources;
}

/** Failure reason → the functions that failed for it. */
type Failures = Record<string, string[]>;

const note = (failures: Failures, reason: string, what: string) => (failures[reason] ??= []).push(what);

async function exportProblems(spec: NormalizedSpec, openApi: Validator): Promise<string[]> {
  const problems: string[] = [];
  const doc = await openApi.validate(toOpenApi(spec));
  if (!doc.valid) problems.push(`openapi invalid: ${JSON.stringify(doc.errors).slice(0, 160)}`);
  const tool = toToolDefinition(spec).function;
  if (!TOOL_NAME.test(tool.name)) problems.push('tool name breaks ^[a-zA-Z0-9_-]{1,64}$');
  if (tool.description.length > 1024) problems.push('tool description over 1024 characters');
  try {
    createSpecAjv().compile(tool.parameters);
  } catch (e) {
    problems.push(`tool parameters do not compile: ${(e as Error).message}`);
  }
  if (!toMarkdown(spec).startsWith('# ')) problems.push('markdown has no title');
  return problems;
}

async function runBfcl(sources: Source[]) {
  const openApi = new Validator();
  const failures: Failures = {};
  const specs: Json[] = [];
  let valid = 0;
  let exported = 0;
  for (const s of sources) {
    const label = `${s.name} (${s.id})`;
    if (!s.spec) {
      note(failures, `convert: ${s.conversionError}`, label);
      continue;
    }
    specs.push(s.spec);
    const result = validateSpec(s.spec);
    if (!result.spec) {
      for (const v of result.violations)
        note(failures, `validate: ${v.rule}`, `${label} at ${v.pointer}: ${v.message}`);
      continue;
    }
    valid++;
    const problems = await exportProblems(result.spec, openApi);
    for (const p of problems) note(failures, `export: ${p.split(':')[0]}`, `${label}: ${p}`);
    if (problems.length === 0) exported++;
  }
  const distinct = new Set(specs.map((s) => JSON.stringify(s))).size;
  return { functions: sources.length, converted: specs.length, distinct, valid, exported, failures, specs };
}

// ---- JSON-Schema-Test-Suite ----------------------------------------------------------------------

async function jsonFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

interface SuiteGroup {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

async function runSuite() {
  const ajv = createSpecAjv();
  const remotesDir = path.join(suiteDir, 'remotes');
  let remotesSkipped = 0;
  for (const file of await jsonFiles(remotesDir)) {
    const url = `http://localhost:1234/${path.relative(remotesDir, file).split(path.sep).join('/')}`;
    try {
      ajv.addSchema(JSON.parse(await readFile(file, 'utf8')) as object, url);
    } catch {
      remotesSkipped++;
    }
  }
  const testsDir = path.join(suiteDir, 'tests', 'draft2020-12');
  const perFile: Record<string, { passed: number; total: number }> = {};
  let passed = 0;
  let total = 0;
  for (const file of await jsonFiles(testsDir)) {
    const name = path.relative(testsDir, file);
    const groups = JSON.parse(await readFile(file, 'utf8')) as SuiteGroup[];
    const counts = { passed: 0, total: 0 };
    for (const group of groups) {
      let validate: ((data: unknown) => boolean) | undefined;
      try {
        validate = compileIsolated(ajv, group.schema as object);
      } catch {
        // Every test of a schema that does not compile counts as failed.
      }
      for (const test of group.tests) {
        counts.total++;
        try {
          if (validate && validate(test.data) === test.valid) counts.passed++;
        } catch {
          // A validator that throws fails the test.
        }
      }
    }
    perFile[name] = counts;
    passed += counts.passed;
    total += counts.total;
  }
  return { passed, total, remotesSkipped, perFile };
}

// ---- Throughput ----------------------------------------------------------------------------

function definitionsPerSecond(specs: Json[], compiler: SchemaCompiler): number {
  const start = performance.now();
  for (const spec of specs) validateSpec(spec, { compiler });
  return specs.length / ((performance.now() - start) / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

function runThroughput(specs: Json[]) {
  const distinct = [...new Map(specs.map((s) => [JSON.stringify(s), s])).values()];
  const rounds = 5;
  const cold: number[] = [];
  const warm: number[] = [];
  let compilations = { firstPass: 0, afterSecondPass: 0 };
  for (let i = 0; i < rounds; i++) {
    const compiler = new SchemaCompiler();
    cold.push(definitionsPerSecond(distinct, compiler));
    const firstPass = compiler.compilations;
    warm.push(definitionsPerSecond(distinct, compiler));
    compilations = { firstPass, afterSecondPass: compiler.compilations };
  }
  const single = new SchemaCompiler();
  const one = distinct[0];
  if (one) {
    validateSpec(one, { compiler: single });
    validateSpec(structuredClone(one), { compiler: single });
  }
  const coldPerSecond = median(cold);
  const warmPerSecond = median(warm);
  return {
    definitions: distinct.length,
    rounds,
    coldPerSecond,
    warmPerSecond,
    speedup: warmPerSecond / coldPerSecond,
    compilations,
    sameDefinitionTwiceCompilations: single.compilations,
  };
}

// ---- Report --------------------------------------------------------------------------------

export async function run() {
  const figures: Json = { dataRoot };
  if (existsSync(bfclDir)) {
    const { specs, ...bfcl } = await runBfcl(await loadBfcl());
    figures.bfcl = bfcl;
    figures.throughput = runThroughput(specs);
  } else {
    figures.bfcl = { missing: bfclDir };
  }
  figures.jsonSchemaTestSuite = existsSync(suiteDir) ? await runSuite() : { missing: suiteDir };
  return figures;
}

type Figures = Awaited<ReturnType<typeof run>>;

function print(figures: Figures): void {
  const bfcl = figures.bfcl as Awaited<ReturnType<typeof runBfcl>> | { missing: string };
  if ('missing' in bfcl) {
    console.log(`BFCL data is missing (looked in ${bfcl.missing}); BFCL corpus and throughput skipped.`);
  } else {
    console.log('BFCL function schemas → spec.json');
    console.log(`  functions ${bfcl.functions}, distinct definitions ${bfcl.distinct}`);
    console.log(
      `  converted ${bfcl.converted}/${bfcl.functions}, valid ${bfcl.valid}/${bfcl.converted}, exported cleanly ${bfcl.exported}/${bfcl.valid}`,
    );
    for (const [reason, items] of Object.entries(bfcl.failures)) {
      console.log(`  ${reason}: ${items.length}`);
      for (const item of items) console.log(`    - ${item}`);
    }
    const t = figures.throughput as ReturnType<typeof runThroughput>;
    console.log(`Validation throughput over ${t.definitions} distinct definitions (median of ${t.rounds} rounds)`);
    console.log(
      `  cold cache ${t.coldPerSecond.toFixed(0)} definitions/s, warm cache ${t.warmPerSecond.toFixed(0)} definitions/s (×${t.speedup.toFixed(1)})`,
    );
    console.log(
      `  compilations: first pass ${t.compilations.firstPass}, after validating all again ${t.compilations.afterSecondPass}`,
    );
    console.log(
      `  one definition validated twice (second time a fresh copy): ${t.sameDefinitionTwiceCompilations} compilation`,
    );
  }
  const suite = figures.jsonSchemaTestSuite as Awaited<ReturnType<typeof runSuite>> | { missing: string };
  if ('missing' in suite) {
    console.log(`JSON-Schema-Test-Suite is missing (looked in ${suite.missing}); skipped.`);
    return;
  }
  const share = ((100 * suite.passed) / suite.total).toFixed(1);
  console.log(
    `JSON-Schema-Test-Suite draft2020-12 with lib/spec's Ajv: ${suite.passed}/${suite.total} passed (${share}%)`,
  );
  console.log(`  remotes that could not be loaded: ${suite.remotesSkipped}`);
  for (const [file, c] of Object.entries(suite.perFile)) {
    console.log(`  ${c.passed === c.total ? ' ' : '!'} ${file.padEnd(44)} ${String(c.passed).padStart(4)}/${c.total}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  print(await run());
}
