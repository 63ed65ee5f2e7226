// The structured-output matrix per endpoint: every schema kind × the evidence each query endpoint
// gives the heuristic engine (a function's result, the rows of a SELECT, retrieved passages), through
// the engine's own answer turns, the same ones the pipelines call. A cell is filled when the JSON
// validates against the schema and holds the expected values (and leaves out what has no evidence).
// The facts are our own (a ferry), written once and given to each endpoint in its own form; the
// passages state some facts only in words ("built in 1998", "not electric"), as documents do.
// The end-to-end version of the first eight kinds, through the handlers, is
// tests/integration/query/structured-matrix.test.ts. Baseline: the share a filler that answers `{}`
// (every property left out) would score, in the same run.
// Run: npm run bench -- structured
import { isDeepStrictEqual } from 'node:util';
import { answerFromFunction, answerFromPassages, answerFromRows } from '@fnquery/heuristic-engine';
import type { JsonSchema } from '@fnquery/contracts';
import { createAjv } from '../../../lib/json-schema';
import { isMain } from '../../../bench/stats';

type Endpoint = 'function' | 'rdbms' | 'vectordb';
interface Cell {
  kind: string;
  schema: JsonSchema;
  /** Expected values; `undefined` = must be left out. */
  expected: Record<string, unknown>;
  /** An endpoint whose evidence holds this kind in another form (SQL rows have no lists; passages are cited). */
  on?: Partial<Record<Endpoint, { schema: JsonSchema; expected: Record<string, unknown>; rows?: SqlTable }>>;
}
interface SqlTable {
  columns: string[];
  rows: (string | number)[][];
}

const object = (properties: Record<string, unknown>, required = Object.keys(properties)): JsonSchema => ({
  type: 'object',
  properties,
  required,
});

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

const CELLS: Cell[] = [
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

const FERRY_ROW: SqlTable = {
  columns: ['name', 'built', 'passengers', 'electric', 'kind', 'length_m'],
  rows: [['Aurora', 1998, 240, 0, 'ferry', 62.5]],
};

/** Each endpoint's answer turn, as its pipeline asks the engine, with the cell's schema. */
function answer(endpoint: Endpoint, schema: JsonSchema, table: SqlTable = FERRY_ROW): string {
  if (endpoint === 'function')
    return answerFromFunction({
      question: QUESTION,
      call: { id: 'call_1', name: 'fleet_lookup', arguments: '{}' },
      result: RECORD,
      schema,
    }).value;
  if (endpoint === 'vectordb')
    return answerFromPassages({
      question: QUESTION,
      passages: PASSAGES.map((p, i) => ({ ...p, score: 1 - i / 10 })),
      schema,
    }).value;
  // The rows of a SELECT (MySQL stores a boolean as 0 or 1).
  return answerFromRows({
    question: QUESTION,
    schema: { database: 'fleet', flavour: 'MySQL', serverVersion: '8', tables: [] },
    rows: { sql: 'SELECT … FROM ferry', ...table, rowCount: table.rows.length, truncated: false },
    format: schema,
  }).value;
}

const ajv = createAjv();

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

export async function run(): Promise<Record<Endpoint, Record<string, string>>> {
  const matrix = {} as Record<Endpoint, Record<string, string>>;
  for (const endpoint of ['function', 'rdbms', 'vectordb'] as Endpoint[]) {
    matrix[endpoint] = {};
    for (const cell of CELLS) {
      const own = cell.on?.[endpoint];
      matrix[endpoint][cell.kind] = judge({ ...cell, ...own }, answer(endpoint, own?.schema ?? cell.schema, own?.rows));
    }
  }
  return matrix;
}

export function print(matrix: Record<Endpoint, Record<string, string>>): void {
  console.log(`structured output, heuristic engine: ${CELLS.length} schema kinds × 3 endpoints' evidence`);
  const endpoints = Object.keys(matrix) as Endpoint[];
  console.log(`${'kind'.padEnd(32)}${endpoints.map((e) => e.padEnd(12)).join('')}`);
  for (const cell of CELLS)
    console.log(
      `${cell.kind.padEnd(32)}${endpoints.map((e) => (matrix[e][cell.kind] === 'filled' ? 'filled' : 'MISS').padEnd(12)).join('')}`,
    );
  const baseline = CELLS.filter(emptyScores).length;
  for (const e of endpoints) {
    const filled = Object.values(matrix[e]).filter((v) => v === 'filled').length;
    console.log(
      `${e}: ${filled}/${CELLS.length} filled (baseline, an empty answer: ${baseline}/${CELLS.length})${Object.entries(
        matrix[e],
      )
        .filter(([, v]) => v !== 'filled')
        .map(([k, v]) => `\n  ${k}: ${v}`)
        .join('')}`,
    );
  }
}

if (isMain(import.meta.url)) print(await run());
