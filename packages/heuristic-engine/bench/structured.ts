// The structured-output matrix per endpoint: every schema kind × the evidence each query endpoint
// gives the heuristic engine (a function's result, the rows of a SELECT, retrieved passages), through
// the engine's own answer turns, the same ones the pipelines call. A cell is filled when the JSON
// validates against the schema and holds the expected values (and leaves out what has no evidence).
// The facts are our own, written once per subject and given to each endpoint in its own form; the
// passages state some facts only in words ("built in 1998", "not electric"), as documents do. The
// first subject (a ferry) is the one the rules were developed on; the second (a mountain hut) was
// written afterwards, with the values a reader would expect. One rule changed after its first run
// (verb forms read as "-ing" nouns of acts: "bring" as "bringing"), so it is no longer unseen.
// The third and fourth (an observatory, a bicycle-hire scheme; structured-held-out.ts) were written
// and committed before their first run, whose figure is the held-out one; so was the fifth (a
// chairlift), after the rules the third and fourth led to, and the sixth and seventh (a lighthouse,
// a community orchard; structured-held-out-2.ts), after the rules the chairlift led to, and the
// eighth and ninth (a night bus route, a village bakery; structured-held-out-3.ts), after the rules
// the lighthouse and the orchard led to, each with its facts spread over two passages.
// The tenth (a lido; structured-held-out-lido.ts) was written by the integrator and kept from the rule
// writers: its first run was before their rules, and its runs since are unseen figures too. The eleventh
// (a heritage railway; structured-held-out-railway.ts, 2026-11-27) likewise, and the bench prints its
// totals only.
// The end-to-end version (eight kinds, plus five read from words), through the handlers, is
// tests/integration/query/structured-matrix.test.ts. Baseline: the share a filler that answers `{}`
// (every property left out) would score, in the same run.
// Run: npm run bench -- structured
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { answerFromFunction, answerFromPassages, answerFromRows } from '@fnquery/heuristic-engine';
import type { JsonSchema } from '@fnquery/contracts';
import { schemaChecker } from './schema-check';
import { BIKE_HIRE, CHAIRLIFT, OBSERVATORY } from './structured-held-out';
import { LIGHTHOUSE, ORCHARD } from './structured-held-out-2';
import { BAKERY, NIGHT_BUS } from './structured-held-out-3';
import { LIDO } from './structured-held-out-lido';
import { RAILWAY } from './structured-held-out-railway';
import { object, type Cell, type Endpoint, type Subject } from './structured-types';
import { isMain } from './stats';

const RECORD = {
  name: 'Aurora',
  built: 1998,
  passengers: 240,
  electric: false,
  kind: 'ferry',
  length_m: 62.5,
  crew: [
    { role: 'captain', count: 1 },
    { role: 'deckhand', count: 4 },
  ],
};
const PASSAGES = [
  {
    source: 'fleet.md',
    text:
      'The ferry Aurora sails between Port Elm and the Bay of Kells. It was built in 1998 and carries 240 passengers. ' +
      'The vessel is 62.5 metres long. It is not electric: two diesel engines drive it.',
  },
  { source: 'timetable.md', text: 'Departures leave Port Elm at 07:10 and 16:40 on weekdays.' },
];
const QUESTION = 'Tell me about the ferry Aurora.';

const FERRY_CELLS: Cell[] = [
  {
    kind: 'flat',
    schema: object({ name: { type: 'string' }, passengers: { type: 'integer' } }),
    expected: { name: 'Aurora', passengers: 240 },
  },
  {
    kind: 'nested object',
    schema: object({ ship: object({ name: { type: 'string' }, built: { type: 'integer' } }) }),
    expected: { ship: { name: 'Aurora', built: 1998 } },
  },
  {
    kind: 'array of objects',
    schema: object({
      crew: { type: 'array', items: object({ role: { type: 'string' }, count: { type: 'integer' } }) },
    }),
    expected: { crew: RECORD.crew },
    on: {
      rdbms: {
        schema: object({
          crew: { type: 'array', items: object({ role: { type: 'string' }, count: { type: 'integer' } }) },
        }),
        expected: { crew: RECORD.crew },
        rows: { columns: ['role', 'count'], rows: RECORD.crew.map((c) => [c.role, c.count]) },
      },
      vectordb: {
        schema: object({
          citations: { type: 'array', items: object({ source: { type: 'string' }, text: { type: 'string' } }) },
        }),
        expected: { citations: [{ source: 'fleet.md', text: PASSAGES[0]!.text }] },
      },
    },
  },
  {
    kind: 'enum',
    schema: object({ kind: { type: 'string', enum: ['ferry', 'freighter', 'tanker'] } }),
    expected: { kind: 'ferry' },
  },
  {
    kind: 'enum by synonym',
    schema: object({ category: { type: 'string', enum: ['ship', 'aircraft', 'train'] } }),
    expected: { category: 'ship' },
  },
  {
    kind: 'number + integer',
    schema: object({ length_m: { type: 'number' }, passengers: { type: 'integer' } }),
    expected: { length_m: 62.5, passengers: 240 },
  },
  {
    kind: 'number tied to its verb',
    schema: object({ built: { type: 'integer' }, carries: { type: 'integer' } }),
    expected: { built: 1998, carries: 240 },
  },
  {
    kind: 'boolean, negated',
    schema: object({ electric: { type: 'boolean' } }),
    expected: { electric: false },
  },
  {
    kind: 'required + optional',
    schema: object({ name: { type: 'string' }, tonnage: { type: 'integer' } }, ['name']),
    expected: { name: 'Aurora', tonnage: undefined },
  },
  {
    kind: 'required, no evidence, nullable',
    schema: object({ name: { type: 'string' }, tonnage: { type: ['integer', 'null'] } }),
    expected: { name: 'Aurora', tonnage: null },
  },
];

export const FERRY: Subject = {
  name: 'ferry (development)',
  question: QUESTION,
  record: RECORD,
  passages: PASSAGES,
  row: {
    columns: ['name', 'built', 'passengers', 'electric', 'kind', 'length_m'],
    rows: [['Aurora', 1998, 240, 0, 'ferry', 62.5]],
  },
  cells: FERRY_CELLS,
};

const WARDENS = [
  { season: 'summer', count: 2 },
  { season: 'easter', count: 1 },
];
const HUT_TEXT =
  'The mountain hut Brekkestua stands above the lake at Vassli. It opened in 1931 and sleeps 24 guests. ' +
  'The hut lies 1180 metres above sea level. It is not staffed: visitors bring their own food.';
export const HUT: Subject = {
  name: 'mountain hut (written after the rules)',
  question: 'Tell me about the hut Brekkestua.',
  record: {
    name: 'Brekkestua',
    opened: 1931,
    beds: 24,
    staffed: false,
    kind: 'cabin',
    altitude_m: 1180,
    wardens: WARDENS,
  },
  passages: [
    { source: 'huts.md', text: HUT_TEXT },
    { source: 'trails.md', text: 'The trail from Vassli climbs 600 metres in four hours.' },
  ],
  row: {
    columns: ['name', 'opened', 'beds', 'staffed', 'kind', 'altitude_m'],
    rows: [['Brekkestua', 1931, 24, 0, 'cabin', 1180]],
  },
  cells: [
    {
      kind: 'flat',
      schema: object({ name: { type: 'string' }, beds: { type: 'integer' } }),
      expected: { name: 'Brekkestua', beds: 24 },
    },
    {
      kind: 'nested object',
      schema: object({ hut: object({ name: { type: 'string' }, opened: { type: 'integer' } }) }),
      expected: { hut: { name: 'Brekkestua', opened: 1931 } },
    },
    {
      kind: 'array of objects',
      schema: object({
        wardens: { type: 'array', items: object({ season: { type: 'string' }, count: { type: 'integer' } }) },
      }),
      expected: { wardens: WARDENS },
      on: {
        rdbms: {
          schema: object({
            wardens: { type: 'array', items: object({ season: { type: 'string' }, count: { type: 'integer' } }) },
          }),
          expected: { wardens: WARDENS },
          rows: { columns: ['season', 'count'], rows: WARDENS.map((w) => [w.season, w.count]) },
        },
        vectordb: {
          schema: object({
            citations: { type: 'array', items: object({ source: { type: 'string' }, text: { type: 'string' } }) },
          }),
          expected: { citations: [{ source: 'huts.md', text: HUT_TEXT }] },
        },
      },
    },
    {
      kind: 'enum',
      schema: object({ kind: { type: 'string', enum: ['cabin', 'hotel', 'campsite'] } }),
      expected: { kind: 'cabin' },
    },
    {
      kind: 'enum by synonym',
      schema: object({ category: { type: 'string', enum: ['building', 'vehicle', 'animal'] } }),
      expected: { category: 'building' },
    },
    {
      kind: 'number + integer',
      schema: object({ altitude_m: { type: 'number' }, beds: { type: 'integer' } }),
      expected: { altitude_m: 1180, beds: 24 },
    },
    {
      kind: 'number tied to its verb',
      schema: object({ opened: { type: 'integer' }, sleeps: { type: 'integer' } }),
      expected: { opened: 1931, sleeps: 24 },
    },
    {
      kind: 'boolean, negated',
      schema: object({ staffed: { type: 'boolean' } }),
      expected: { staffed: false },
    },
    {
      kind: 'required + optional',
      schema: object({ name: { type: 'string' }, phone: { type: 'string' } }, ['name']),
      expected: { name: 'Brekkestua', phone: undefined },
    },
    {
      kind: 'required, no evidence, nullable',
      schema: object({ name: { type: 'string' }, phone: { type: ['string', 'null'] } }),
      expected: { name: 'Brekkestua', phone: null },
    },
  ],
};

const SUBJECTS = [FERRY, HUT, OBSERVATORY, BIKE_HIRE, CHAIRLIFT, LIGHTHOUSE, ORCHARD, NIGHT_BUS, BAKERY, LIDO, RAILWAY];
/** Subjects written by the integrator and kept from the rule writers: their figures are totals only. */
export const INTEGRATOR_SUBJECTS = SUBJECTS.filter((s) => s.integrator).map((s) => s.name);
/** Every kind any subject asks, in the order first asked (the held-out subjects add one). */
const KINDS = [...new Set(SUBJECTS.flatMap((s) => s.cells.map((c) => c.kind)))];

/** The request each endpoint's pipeline sends for its answer turn, with the cell's schema. */
export function answer(subject: Subject, endpoint: Endpoint, schema: JsonSchema, table = subject.row): string {
  const { question } = subject;
  if (endpoint === 'function')
    return answerFromFunction({
      question,
      call: { id: 'call_1', name: 'lookup', arguments: '{}' },
      result: subject.record,
      schema,
    }).value;
  if (endpoint === 'vectordb')
    return answerFromPassages({
      question,
      passages: subject.passages.map((p, i) => ({ ...p, score: 1 - i / 10 })),
      schema,
    }).value;
  // The rows of a SELECT (MySQL stores a boolean as 0 or 1).
  return answerFromRows({
    question,
    schema: { database: 'bench', flavour: 'MySQL', serverVersion: '8', tables: [] },
    rows: { sql: 'SELECT … FROM t', ...table, rowCount: table.rows.length, truncated: false },
    format: schema,
  }).value;
}

const ajv = schemaChecker();
const DOCS = new URL('../../../docs/', import.meta.url).pathname;

function judge(cell: Cell, content: string | null): 'filled' | string {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(content ?? '') as Record<string, unknown>;
  } catch {
    return 'no JSON';
  }
  if (!ajv.compile(cell.schema)(value)) return 'invalid';
  const wrong = Object.entries(cell.expected).filter(([k, v]) =>
    v === undefined ? k in value : !isDeepStrictEqual(value[k], v),
  );
  return wrong.length === 0 ? 'filled' : `missing/wrong ${wrong.map(([k]) => k).join(', ')}`;
}

/** What answering `{}` scores: cells whose expectations are only properties left out. */
const emptyScores = (cell: Cell) => judge(cell, '{}') === 'filled';

type Matrix = Record<string, Record<Endpoint, Record<string, string>>>;
export const ENDPOINTS: Endpoint[] = ['function', 'rdbms', 'vectordb'];

/** Per subject, per endpoint, per schema kind: 'filled' or why not. */
export async function run(): Promise<Matrix> {
  const matrix: Matrix = {};
  for (const subject of SUBJECTS) {
    const bySubject = (matrix[subject.name] = {} as Record<Endpoint, Record<string, string>>);
    for (const endpoint of ENDPOINTS) {
      bySubject[endpoint] = {};
      for (const cell of subject.cells) {
        const own = cell.on?.[endpoint];
        const reply = answer(subject, endpoint, own?.schema ?? cell.schema, own?.rows);
        bySubject[endpoint][cell.kind] = judge({ ...cell, ...own }, reply);
      }
    }
  }
  return matrix;
}

// Precision: enum options the engine fills from passages that name none of them. The passages are
// the paragraphs of this repository's own docs (prose about software, not about ships or animals),
// each asked about with enum schemas whose options they do not name; every fill is a guess.
const ENUMS: string[][] = [
  ['ship', 'aircraft', 'train'],
  ['dog', 'cat', 'horse'],
  ['building', 'vehicle', 'animal'],
  ['small', 'medium', 'large'],
  ['red', 'green', 'blue'],
  ['comedy', 'drama', 'documentary'],
  ['football', 'tennis', 'golf'],
];

export async function unsupportedFills(): Promise<{ asked: number; filled: number }> {
  const docs = readdirSync(DOCS).filter((f) => f.endsWith('.md'));
  let asked = 0;
  let filled = 0;
  for (const file of docs)
    for (const paragraph of readFileSync(join(DOCS, file), 'utf8').split(/\n\n+/)) {
      if (paragraph.length < 80) continue;
      for (const options of ENUMS) {
        if (options.some((o) => new RegExp(`\\b${o}`, 'i').test(paragraph))) continue;
        asked++;
        const schema = object({ category: { type: 'string', enum: options } }, []);
        const question = 'What is this about?';
        const reply = answerFromPassages({
          question,
          passages: [{ text: paragraph, source: file, score: 0.9 }],
          schema,
        }).value;
        if ('category' in (JSON.parse(reply || '{}') as object)) filled++;
      }
    }
  return { asked, filled };
}

const mark = (verdict: string | undefined) => (verdict === undefined ? '—' : verdict === 'filled' ? 'filled' : 'MISS');

export function print(matrix: Matrix): void {
  console.log(`structured output, heuristic engine: ${KINDS.length} schema kinds × 3 endpoints' evidence`);
  for (const subject of SUBJECTS) {
    const bySubject = matrix[subject.name]!;
    console.log(`\n${subject.name}`);
    if (subject.integrator) {
      const totals = ENDPOINTS.map((e) => `${e} ${Object.values(bySubject[e]).filter((v) => v === 'filled').length}`);
      console.log(`${totals.join(' · ')} of ${subject.cells.length} filled (totals only: kept from the rule writers)`);
      continue;
    }
    console.log(`${'kind'.padEnd(32)}${ENDPOINTS.map((e) => e.padEnd(12)).join('')}`);
    for (const kind of KINDS)
      console.log(`${kind.padEnd(32)}${ENDPOINTS.map((e) => mark(bySubject[e][kind]).padEnd(12)).join('')}`);
    const baseline = subject.cells.filter(emptyScores).length;
    for (const e of ENDPOINTS) {
      const filled = Object.values(bySubject[e]).filter((v) => v === 'filled').length;
      const misses = Object.entries(bySubject[e])
        .filter(([, v]) => v !== 'filled')
        .map(([k, v]) => `\n  ${k}: ${v}`)
        .join('');
      console.log(
        `${e}: ${filled}/${subject.cells.length} filled (baseline, an empty answer: ${baseline}/${subject.cells.length})${misses}`,
      );
    }
  }
}

if (isMain(import.meta.url)) {
  print(await run());
  const { asked, filled } = await unsupportedFills();
  console.log(
    `\nprecision: ${filled} of ${asked} enum questions filled from passages that name no option ` +
      `(${((100 * filled) / asked).toFixed(1)}%; baseline, an empty answer: 0)`,
  );
}
