// BFCL (Berkeley Function Calling Leaderboard v4, ../shared/data/bfcl) through the heuristic engine's
// function calling: function choice and full-call accuracy per category, scored with the semantics
// of BFCL's AST checker; accuracy per parameter type; the most common failure reasons; and the AI
// round trips of the happy path (call, then answer from the result). No item, function name or
// answer is known to the engine: it sees only the question and the tool schemas.
// The items are split in two halves by their normalised question and their functions
// (bench/tool-args-split.ts, docs/heuristic-engine.md): the engine is tuned on the `tune` half only,
// and the figures we report are those of the `report` half, whose items are never looked at one by one.
// Besides BFCL's verdict, each set is scored by outcome: calls right, declines right, asks, and calls
// that are confidently wrong (a call made with another function or other arguments than the right ones).
// Run: node --import tsx bench/tool-args.ts [--half=tune|report|all] [--show-failures] (tune half only)
//      node --import tsx bench/tool-args.ts --half=tune --signals [--show-failures]: the general signals of
//      every call made (bench/tool-args-signals.ts), right against wrong; tune half only.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerFromFunction, decideFunctionCall } from '@fnquery/heuristic-engine';
import type { ToolDefinition } from '@fnquery/contracts';
import { isMain, percentile } from './stats';
import { PARAPHRASE_SETS, printParaphrases, runParaphrases } from './tool-args-paraphrases';
import { FROZEN_REPORT, fingerprintOf, splitItems } from './tool-args-split';
import { printSignals, type JudgedCall } from './tool-args-signals';

const BFCL_DIR = join(
  process.env.FNQ_SHARED_DATA ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/data'),
  'bfcl',
);
const CATEGORIES = ['simple_python', 'multiple', 'parallel', 'parallel_multiple', 'irrelevance'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Half = 'tune' | 'report' | 'all';

type Json = Record<string, unknown>;
export interface BfclFunction {
  name: string;
  description: string;
  parameters: Json & { properties?: Record<string, Json>; required?: string[] };
}
export interface Item {
  id: string;
  question: string;
  functions: BfclFunction[];
  /** One entry per expected call: function name → parameter → accepted values. */
  expected?: Record<string, Record<string, unknown[]>>[];
}
export interface Call {
  name: string;
  args: Json;
}

export interface CategoryFigures {
  items: number;
  /** Right function called (irrelevance: no call made). */
  functionChoice: number;
  /** BFCL's verdict: every call right, every value accepted. */
  fullCall: number;
  msP50: number;
  outcomes: Outcomes;
  /** Full-call scores of trivial strategies, judged by the same checker in the same run. */
  baselines: Record<Baseline, number>;
}

/**
 * What a score means next to a strategy with no understanding: never calling (right on every irrelevance
 * item, wrong on every other) and calling the first offered function with no arguments.
 */
export type Baseline = 'never calls' | 'first function, no arguments';
const BASELINES: Record<Baseline, (item: Item) => Call[]> = {
  'never calls': () => [],
  'first function, no arguments': (item) => (item.functions[0] ? [{ name: item.functions[0].name, args: {} }] : []),
};

/** BFCL's full-call verdict for `calls`, with no failure bookkeeping (for the baselines). */
export function fullCallRight(category: Category, item: Item, calls: Call[]): boolean {
  if (category === 'irrelevance') return calls.length === 0;
  const expected = item.expected ?? [];
  if (calls.length === 0 || calls.length !== expected.length) return false;
  const left = [...calls];
  for (const e of expected) {
    const [name, accepted] = Object.entries(e)[0]!;
    const fn = item.functions.find((f) => f.name === name)!;
    const hit = left.findIndex((c) => c.name === name && checkCall(fn, c, accepted).ok);
    if (hit < 0) return false;
    left.splice(hit, 1);
  }
  return true;
}

/** What the engine did with each item, against what was right. */
export interface Outcomes {
  /** Items where a call is right, and those where the engine made the right call(s). */
  callsExpected: number;
  callsRight: number;
  /** Items where no call is right, and those where the engine made none. */
  declinesExpected: number;
  declinesRight: number;
  /** Items where a call is right but the engine asked for a value, or declined. */
  asked: number;
  declined: number;
  /** Calls made with a function or arguments no expected call accepts (a partial parallel call is not). */
  confidentlyWrong: number;
  /** Sets of calls each of which is accepted, but not as many as the question asks for: a partial answer. */
  partial: number;
}

const noOutcomes = (): Outcomes => ({
  callsExpected: 0,
  callsRight: 0,
  declinesExpected: 0,
  declinesRight: 0,
  asked: 0,
  declined: 0,
  confidentlyWrong: 0,
  partial: 0,
});

export interface ToolArgsFigures {
  half: Half;
  categories: Partial<Record<Category, CategoryFigures>>;
  /** Parameters of the right function, judged one by one, by BFCL type (simple_python and multiple). */
  parameterTypes: Record<string, { correct: number; total: number }>;
  /** Over simple_python, multiple and irrelevance; parallel items fail for want of a second call. */
  failures: [reason: string, count: number][];
  /** Mean model calls per simple_python query that got a call: call turn + answer turn. */
  roundTripsPerQuery: number;
  /** Share of those final answers that state the fake result's value. */
  answersWithResult: number;
}

// ---- BFCL → JSON Schema -------------------------------------------------------------------------

/** BFCL writes Python type names (shared/data/README.md): dict, float, tuple; `any` has no type. */
const PYTHON_TYPES: Record<string, string | undefined> = {
  dict: 'object',
  float: 'number',
  tuple: 'array',
  any: undefined,
};

/** Keywords whose value maps names to subschemas, and those whose value is a subschema or a list of them. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_CHILDREN = new Set([
  'items',
  'prefixItems',
  'additionalProperties',
  'contains',
  'not',
  'allOf',
  'anyOf',
  'oneOf',
]);

/** A copy of a BFCL schema with JSON Schema type names, keyword by keyword (a property named "type" stays). */
function withJsonTypes(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const node: Record<string, unknown> = { ...schema };
  if (typeof node.type === 'string' && node.type in PYTHON_TYPES) {
    const mapped = PYTHON_TYPES[node.type];
    if (mapped === undefined) delete node.type;
    else node.type = mapped;
  }
  for (const [key, value] of Object.entries(node)) {
    if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null) {
      node[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, withJsonTypes(child)]));
    } else if (SCHEMA_CHILDREN.has(key)) {
      node[key] = Array.isArray(value) ? value.map(withJsonTypes) : withJsonTypes(value);
    }
  }
  return node;
}

export function toTool(fn: BfclFunction): ToolDefinition {
  return { name: fn.name, description: fn.description, parameters: withJsonTypes(fn.parameters) as Json };
}

async function readJsonLines(file: string): Promise<Json[]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Json);
}

/** The items of `half`, after checking that the report half is still the frozen one. */
export async function loadHalves(half: Half): Promise<Map<Category, Item[]>> {
  const byCategory = new Map<Category, Item[]>();
  for (const category of CATEGORIES)
    if (existsSync(join(BFCL_DIR, `BFCL_v4_${category}.json`))) byCategory.set(category, await loadCategory(category));
  const halves = splitItems([...byCategory.values()].flat());
  const report = [...halves].filter(([, h]) => h === 'report').map(([id]) => id);
  const fingerprint = fingerprintOf(report);
  if (byCategory.size === CATEGORIES.length && fingerprint !== FROZEN_REPORT.fingerprint)
    throw new Error(
      `the report half changed (${report.length} items, fingerprint ${fingerprint}; frozen: ${FROZEN_REPORT.items}, ${FROZEN_REPORT.fingerprint}): the split or the data moved, so its figures would not be comparable`,
    );
  for (const [category, items] of byCategory)
    byCategory.set(
      category,
      items.filter((item) => half === 'all' || halves.get(item.id) === half),
    );
  return byCategory;
}

async function loadCategory(category: Category): Promise<Item[]> {
  const questions = await readJsonLines(join(BFCL_DIR, `BFCL_v4_${category}.json`));
  const answerFile = join(BFCL_DIR, `answer_BFCL_v4_${category}.json`);
  const answers = existsSync(answerFile)
    ? new Map((await readJsonLines(answerFile)).map((a) => [a.id as string, a.ground_truth]))
    : undefined;
  return questions.map((q) => {
    const turns = q.question as { role: string; content: string }[][];
    return {
      id: q.id as string,
      question: turns[0]!
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .join('\n'),
      functions: q.function as BfclFunction[],
      expected: answers?.get(q.id as string) as Item['expected'],
    };
  });
}

// ---- BFCL's AST checker ------------------------------------------------------------------------

/** BFCL's string normalisation: lower case, without spaces and , . / - _ * ^, and ' as ". */
const standardize = (s: string) =>
  s
    .replace(/[ ,./\-_*^]/g, '')
    .toLowerCase()
    .replace(/'/g, '"');

function sameValue(given: unknown, accepted: unknown): boolean {
  if (typeof given === 'string' && typeof accepted === 'string') return standardize(given) === standardize(accepted);
  if (typeof given === 'number' && typeof accepted === 'number') return given === accepted;
  if (Array.isArray(given) && Array.isArray(accepted))
    return given.length === accepted.length && given.every((g, i) => sameValue(g, accepted[i]));
  if (isJson(given) && isJson(accepted)) return dictMatches(given, accepted as Record<string, unknown[]>);
  return given === accepted;
}

const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A nested dict answer: each given key accepted; each absent key optional (""). */
function dictMatches(given: Json, accepted: Record<string, unknown[]>): boolean {
  for (const [k, v] of Object.entries(given)) if (!accepted[k]?.some((a) => sameValue(v, a))) return false;
  return Object.entries(accepted).every(([k, options]) => k in given || options.includes(''));
}

function typeOk(bfclType: unknown, value: unknown): boolean {
  switch (bfclType) {
    case 'integer':
      return Number.isInteger(value);
    case 'float':
    case 'number':
      return typeof value === 'number';
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
    case 'tuple':
      return Array.isArray(value);
    case 'dict':
      return isJson(value);
    default:
      return true;
  }
}

export interface Verdict {
  ok: boolean;
  reason?: string;
  /** Per parameter of the function: BFCL type and whether it came out right. */
  parameters: { type: string; ok: boolean }[];
}

/** BFCL's simple-function check: `accepted` maps each parameter to its accepted values ("" = may be left out). */
export function checkCall(fn: BfclFunction, call: Call, accepted: Record<string, unknown[]>): Verdict {
  const properties = fn.parameters.properties ?? {};
  const parameters: Verdict['parameters'] = [];
  let reason: string | undefined;
  const fail = (why: string) => (reason ??= why);
  for (const required of fn.parameters.required ?? [])
    if (!(required in call.args)) fail(`missing required ${String(properties[required]?.type)}`);
  for (const [name, schema] of Object.entries(properties)) {
    const type = String(schema.type);
    const options = accepted[name] ?? [''];
    const present = name in call.args;
    const value = call.args[name];
    let ok: boolean;
    if (!present) {
      ok = options.includes('');
      if (!ok) fail(`left out optional ${type} that the question gives`);
    } else if (!typeOk(schema.type, value)) {
      ok = false;
      fail(`wrong type for ${type}`);
    } else {
      ok = options.some((a) => a !== '' && sameValue(value, a));
      if (!ok) fail(`wrong value for ${accepted[name] ? '' : 'unasked '}${type}`);
    }
    parameters.push({ type, ok });
  }
  for (const name of Object.keys(call.args)) if (!(name in properties)) fail('unknown parameter');
  return { ok: reason === undefined, ...(reason && { reason }), parameters };
}

// ---- running ------------------------------------------------------------------------------------

export function firstTurn(item: Item): { calls: Call[]; text: string | null; ms: number } {
  const started = performance.now();
  const decision = decideFunctionCall({ question: item.question, tools: item.functions.map(toTool) }).value;
  const ms = performance.now() - started;
  if (!('calls' in decision)) return { calls: [], text: decision.text, ms };
  return {
    calls: decision.calls.map((call) => ({ name: call.name, args: JSON.parse(call.arguments) as Json })),
    text: null,
    ms,
  };
}

/** The second turn of the happy path: the call's (fake) result goes back, the answer comes out. */
function answerTurn(item: Item, call: Call): { turns: number; mentionsResult: boolean } {
  const result = { result: 4242.5, unit: 'units', source: call.name };
  const answer = answerFromFunction({
    question: item.question,
    call: { id: 'call_1', name: call.name, arguments: JSON.stringify(call.args) },
    result,
  }).value;
  return { turns: 2, mentionsResult: answer.includes('4242.5') };
}

/** Some expected call of the item accepts this call as it stands. */
export const acceptedByOne = (item: Item, call: Call): boolean =>
  (item.expected ?? []).some((e) => {
    const [name, accepted] = Object.entries(e)[0]!;
    const fn = item.functions.find((f) => f.name === name);
    return call.name === name && fn !== undefined && checkCall(fn, call, accepted).ok;
  });

function reasonForNoCall(item: Item, text: string | null): string {
  if (text?.startsWith('To answer this I need')) {
    const expected = item.expected?.[0];
    const fn = expected && item.functions.find((f) => f.name === Object.keys(expected)[0]);
    const asked =
      fn &&
      Object.entries(fn.parameters.properties ?? {}).find(([name]) =>
        text.includes(`need the ${name.replace(/[_.]/g, ' ')}`),
      );
    return `no call: asked for a missing ${asked ? String(asked[1].type) : 'value'}`;
  }
  return 'no call: judged irrelevant';
}

export async function run(half: Half = 'report', showFailures = false): Promise<ToolArgsFigures | undefined> {
  if (!existsSync(BFCL_DIR)) return undefined;
  if (showFailures && half !== 'tune') throw new Error('failures one by one are shown for the tune half only');
  const figures: ToolArgsFigures = {
    half,
    categories: {},
    parameterTypes: {},
    failures: [],
    roundTripsPerQuery: 0,
    answersWithResult: 0,
  };
  const failures = new Map<string, number>();
  const countFailure = (category: Category, reason: string, item?: Item, got?: unknown) => {
    if (showFailures && item)
      console.log(JSON.stringify({ id: item.id, reason, question: item.question, got, expected: item.expected }));
    if (category.startsWith('parallel')) return;
    failures.set(`${category}: ${reason}`, (failures.get(`${category}: ${reason}`) ?? 0) + 1);
  };
  let happy = 0;
  let turns = 0;
  let withResult = 0;
  for (const [category, items] of await loadHalves(half)) {
    const outcomes = noOutcomes();
    let chosen = 0;
    let full = 0;
    const times: number[] = [];
    for (const item of items) {
      const { calls, text, ms } = firstTurn(item);
      times.push(ms);
      if (category === 'irrelevance') {
        outcomes.declinesExpected++;
        if (calls.length === 0) {
          chosen++;
          full++;
          outcomes.declinesRight++;
        } else {
          outcomes.confidentlyWrong++;
          countFailure(category, 'called a function', item, calls);
        }
        continue;
      }
      const expected = item.expected ?? [];
      outcomes.callsExpected++;
      if (calls.length === 0) {
        if (text?.startsWith('To answer this I need')) outcomes.asked++;
        else outcomes.declined++;
        countFailure(category, reasonForNoCall(item, text), item, text);
        continue;
      }
      const allAccepted = calls.every((c) => acceptedByOne(item, c));
      if (!allAccepted) outcomes.confidentlyWrong++;
      else if (calls.length !== expected.length) outcomes.partial++;
      const expectedNames = expected.map((e) => Object.keys(e)[0]!);
      if (calls.every((c) => expectedNames.includes(c.name))) chosen++;
      if (category === 'simple_python') {
        const answer = answerTurn(item, calls[0]!);
        happy++;
        turns += answer.turns;
        if (answer.mentionsResult) withResult++;
      }
      if (calls.length !== expected.length) {
        countFailure(category, `${calls.length} call(s) for ${expected.length} expected`, item, calls);
        continue;
      }
      // Each expected call matched by a distinct call (BFCL's parallel checker ignores order).
      const left = [...calls];
      let allOk = true;
      for (const e of expected) {
        const [name, accepted] = Object.entries(e)[0]!;
        const fn = item.functions.find((f) => f.name === name)!;
        const verdicts = left.map((c) =>
          c.name === name
            ? checkCall(fn, c, accepted)
            : ({ ok: false, reason: 'wrong function', parameters: [] } as Verdict),
        );
        const hit = verdicts.findIndex((v) => v.ok);
        if (category === 'simple_python' || category === 'multiple') {
          for (const p of verdicts[0]!.parameters) {
            const slot = (figures.parameterTypes[p.type] ??= { correct: 0, total: 0 });
            slot.total++;
            if (p.ok) slot.correct++;
          }
        }
        if (hit >= 0) left.splice(hit, 1);
        else {
          allOk = false;
          countFailure(category, verdicts[0]!.reason ?? 'wrong call', item, calls);
          break;
        }
      }
      if (allOk) {
        full++;
        outcomes.callsRight++;
      }
    }
    times.sort((a, b) => a - b);
    const baselines = Object.fromEntries(
      (Object.keys(BASELINES) as Baseline[]).map((b) => [
        b,
        items.filter((item) => fullCallRight(category, item, BASELINES[b](item))).length / items.length,
      ]),
    ) as Record<Baseline, number>;
    figures.categories[category] = {
      items: items.length,
      functionChoice: chosen / items.length,
      fullCall: full / items.length,
      msP50: percentile(times, 50),
      outcomes,
      baselines,
    };
  }
  figures.failures = [...failures].sort((a, b) => b[1] - a[1]).slice(0, 10);
  figures.roundTripsPerQuery = happy ? turns / happy : NaN;
  figures.answersWithResult = happy ? withResult / happy : NaN;
  return figures;
}

/** Every call the engine makes on the tune half, judged right or wrong, with what a runner-up would do. */
export async function judgedCalls(half: Half): Promise<JudgedCall[]> {
  if (half !== 'tune') throw new Error('signals are read on the tune half only: the report half is read as totals');
  const judged: JudgedCall[] = [];
  for (const [category, items] of await loadHalves(half)) {
    for (const item of items) {
      for (const call of firstTurn(item).calls) {
        const fn = item.functions.find((f) => f.name === call.name)!;
        const others = item.functions.filter((f) => f.name !== call.name);
        const runnerUp = others.length > 0 && firstTurn({ ...item, functions: others }).calls.length > 0;
        const right = category !== 'irrelevance' && acceptedByOne(item, call);
        judged.push({ category, question: item.question, fn, args: call.args, right, runnerUp });
      }
    }
  }
  return judged;
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

const ofTotal = (n: number, total: number) => (total ? `${n}/${total} ${pct(n / total)}` : '-');

/** Per set: what was right, what was missed safely (asked, declined), and what was confidently wrong. */
function printOutcomes(figures: ToolArgsFigures): void {
  console.log(
    '\noutcomes (confidently wrong: a call made with a function or arguments that no right call has; partial: every call made is right, but fewer or more than asked for)',
  );
  console.log('category            calls right       declines right    asked  declined  confidently wrong  partial');
  for (const [category, f] of Object.entries(figures.categories)) {
    const o = f.outcomes;
    console.log(
      `${category.padEnd(19)} ${ofTotal(o.callsRight, o.callsExpected).padEnd(17)} ${ofTotal(o.declinesRight, o.declinesExpected).padEnd(17)} ${String(o.asked).padStart(5)}  ${String(o.declined).padStart(8)}  ${ofTotal(o.confidentlyWrong, f.items).padStart(17)}  ${String(o.partial).padStart(7)}`,
    );
  }
}

export function print(figures: ToolArgsFigures | undefined): void {
  if (!figures) {
    console.log(`BFCL data not found at ${BFCL_DIR}: skipped (see ../shared/data/README.md).`);
    return;
  }
  console.log(
    `BFCL v4, ${figures.half} half (split by normalised question and function set, bench/tool-args-split.ts), heuristic engine (AST checker semantics)`,
  );
  console.log(
    'baselines, same items, same checker: "never" = never calls; "first" = calls the first offered function with no arguments',
  );
  console.log('category            items  function choice  full call  never  first  ms/query p50');
  for (const [category, f] of Object.entries(figures.categories)) {
    const never = f.baselines['never calls'];
    const first = f.baselines['first function, no arguments'];
    console.log(
      `${category.padEnd(19)} ${String(f.items).padStart(5)}  ${pct(f.functionChoice).padStart(15)}  ${pct(f.fullCall).padStart(9)}  ${pct(never).padStart(5)}  ${pct(first).padStart(5)}  ${f.msP50.toFixed(3).padStart(12)}`,
    );
  }
  printOutcomes(figures);
  console.log(
    '(irrelevance: "never" scores 100% by construction, so the engine\'s irrelevance figure is only worth as much as its full-call figures elsewhere)',
  );
  console.log('\nparameters of the right function (simple_python + multiple), by BFCL type:');
  for (const [type, { correct, total }] of Object.entries(figures.parameterTypes).sort(
    (a, b) => b[1].total - a[1].total,
  )) {
    console.log(`  ${type.padEnd(8)} ${pct(correct / total).padStart(6)} of ${total}`);
  }
  console.log(
    '\nmost common failure reasons (first failure per item; parallel categories expect 2-4 calls, the engine makes one):',
  );
  for (const [reason, count] of figures.failures) console.log(`  ${String(count).padStart(4)}  ${reason}`);
  console.log(
    `\nAI round trips per query, happy path (simple_python with a call): ${figures.roundTripsPerQuery.toFixed(2)} (target 2)`,
  );
  console.log(`final answers stating the function's result: ${pct(figures.answersWithResult)}`);
}

if (isMain(import.meta.url)) {
  const half = (process.argv.find((a) => a.startsWith('--half='))?.slice(7) ?? 'report') as Half;
  if (process.argv.includes('--signals')) {
    printSignals(await judgedCalls(half), process.argv.includes('--show-failures'));
    process.exit(0);
  }
  print(await run(half, process.argv.includes('--show-failures')));
  for (const { label, file, integrator } of PARAPHRASE_SETS)
    printParaphrases(label, file, runParaphrases(file), integrator);
}
