// The structured-output matrix: every ordinary kind of JSON Schema × every query endpoint, on the
// heuristic engine (the embedded default). The function and retrieval endpoints run through their handlers (real
// emulators, LanceDB, a deployed function); text-to-SQL through its pipeline against a private
// MariaDB with TLS. Each cell must answer 200 with JSON the schema accepts, holding the values the
// evidence supports, and leaving out (or nulling, where allowed) what it does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../../lib/json-schema';
import { createLogger } from '../../../lib/log';
import type { HandlerFn } from '../../support/api-event';
import { startHeuristicRdbms, type HeuristicRdbms } from '../../support/heuristic-rdbms';
import { mariaDbUnavailableReason } from '../../support/mariadb';
import { bundleOf, functionDir, jsonObject } from '../../unit/functions/support';
import { startIngestStack, type IngestStack } from '../ingest/stack';

type Schema = Record<string, unknown>;
interface Cell {
  kind: string;
  query: string;
  schema: Schema;
  expected: Record<string, unknown>;
  absent?: string[];
}

const object = (properties: Record<string, unknown>, required = Object.keys(properties)): Schema => ({
  type: 'object',
  properties,
  required,
});
const sqlString = (text: string) => `'${text.replace(/'/g, "''")}'`;
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64');
const ajv = createAjv();

const PRODUCT = {
  shortname: 'product-info',
  description: 'Looks up a product of the shop by its SKU.',
  requirements: {
    requestType: 'POST',
    inputType: 'JSON',
    inputSchema: jsonObject({ sku: { type: 'string', pattern: '^SKU-[0-9]+$', description: 'Stock keeping unit.' } }, [
      'sku',
    ]),
    outputType: 'JSON',
    outputSchema: jsonObject({}),
  },
  files: {
    'index.js': `exports.handler = async (req) => ({ sku: req.body.sku, name: 'Desk lamp', price: 24.5, stock: 12, in_stock: true,
      category: 'lighting', size: { width_cm: 20.4, height_cm: 45 }, reviews: [{ author: 'Ana', stars: 5 }, { author: 'Ben', stars: 3 }] });`,
  },
};

// Facts stated only in words, read on every endpoint from the same text: a function that returns
// it, a document that says it, a TEXT column that holds it.
const NOTE =
  'The ferry Marit crosses the fjord at Lyngvik every hour. It was built in 2009 and carries 180 passengers. ' +
  'A big boat for so short a crossing, it is not electric. The harbour board bought it in 2015. ' +
  'None of its lifeboats is inflatable. The main deck is wheelchair accessible.';
const VESSEL_NOTE = {
  shortname: 'vessel-note',
  description: 'Returns the harbour office note about a vessel, by its name.',
  requirements: {
    requestType: 'POST',
    inputType: 'JSON',
    inputSchema: jsonObject({ name: { type: 'string', description: 'Name of the vessel.' } }, ['name']),
    outputType: 'JSON',
    outputSchema: jsonObject({}),
  },
  files: { 'index.js': `exports.handler = async () => ({ note: ${JSON.stringify(NOTE)} });` },
};
const ABOUT_MARIT = 'Tell me about the ferry Marit.';
/** Schema kinds read from words, the same on the three endpoints (each endpoint's own query). */
const fromWords = (query: string): Cell[] => [
  {
    kind: "words: the issue's schema (a year by its verb, a negated boolean, the subject)",
    query,
    schema: object({ name: { type: 'string' }, built: { type: 'integer' }, electric: { type: 'boolean' } }),
    expected: { name: 'Marit', built: 2009, electric: false },
  },
  {
    kind: 'words: numbers tied to their verb',
    query,
    schema: object({ carries: { type: 'integer' }, capacity: { type: 'integer' } }),
    expected: { carries: 180, capacity: 180 },
  },
  {
    kind: 'words: enums named by a synonym or a member',
    query,
    schema: object({
      category: { type: 'string', enum: ['ship', 'aircraft', 'train'] },
      size: { type: 'string', enum: ['small', 'medium', 'large'] },
    }),
    expected: { category: 'ship', size: 'large' },
  },
  {
    kind: 'words: a plain boolean, a "none of" negation, a year across a pronoun',
    query,
    schema: object({
      wheelchair_accessible: { type: 'boolean' },
      inflatable_lifeboats: { type: 'boolean' },
      bought: { type: 'integer' },
    }),
    expected: { wheelchair_accessible: true, inflatable_lifeboats: false, bought: 2015 },
  },
  {
    kind: 'words: nothing stated, nothing guessed',
    query,
    schema: object({ name: { type: 'string' }, tonnage: { type: ['integer', 'null'] }, crew: { type: 'integer' } }, [
      'name',
      'tonnage',
    ]),
    expected: { name: 'Marit', tonnage: null },
    absent: ['crew'],
  },
];

const ASK = 'Tell me about product SKU-1';
const FUNCTION_CELLS: Cell[] = [
  {
    kind: 'flat',
    query: ASK,
    schema: object({ name: { type: 'string' }, price: { type: 'number' } }),
    expected: { name: 'Desk lamp', price: 24.5 },
  },
  {
    kind: 'nested object',
    query: ASK,
    schema: object({ product: object({ name: { type: 'string' }, price: { type: 'number' } }) }),
    expected: { product: { name: 'Desk lamp', price: 24.5 } },
  },
  {
    kind: 'array of objects',
    query: ASK,
    schema: object({
      reviews: { type: 'array', items: object({ author: { type: 'string' }, stars: { type: 'integer' } }) },
    }),
    expected: {
      reviews: [
        { author: 'Ana', stars: 5 },
        { author: 'Ben', stars: 3 },
      ],
    },
  },
  {
    kind: 'enum',
    query: ASK,
    schema: object({ department: { type: 'string', enum: ['furniture', 'lighting', 'kitchen'] } }),
    expected: { department: 'lighting' },
  },
  {
    kind: 'number + integer',
    query: ASK,
    schema: object({ price: { type: 'number' }, width_cm: { type: 'integer' } }),
    expected: { price: 24.5, width_cm: 20 },
  },
  { kind: 'boolean', query: ASK, schema: object({ in_stock: { type: 'boolean' } }), expected: { in_stock: true } },
  {
    kind: 'required + optional',
    query: ASK,
    schema: object({ name: { type: 'string' }, warranty_years: { type: 'integer' } }, ['name']),
    expected: { name: 'Desk lamp' },
    absent: ['warranty_years'],
  },
  {
    kind: 'required, no evidence, nullable',
    query: ASK,
    schema: object({ name: { type: 'string' }, warranty_years: { type: ['integer', 'null'] } }),
    expected: { name: 'Desk lamp', warranty_years: null },
  },
];

const HANDBOOK = `# Leave

Full-time employees receive 25 days of paid vacation per year. Unused days expire at the end of March.

# Health

Dental cover starts after the probation period of six months. The company pays the full health insurance premium.
`;
const VACATION = 'How many vacation days do full-time employees get per year?';
const FLEET = `# Fleet\n\n${NOTE}\n\n# Timetable\n\nThe first crossing leaves Lyngvik at 06:15 on weekdays.\n`;
const VECTORDB_CELLS: Cell[] = [
  {
    kind: 'flat',
    query: VACATION,
    schema: object({ answer: { type: 'string' }, source: { type: 'string' } }),
    expected: { answer: expect.stringContaining('25 days'), source: expect.stringContaining('handbook.md') },
  },
  {
    kind: 'nested object',
    query: VACATION,
    schema: object({ result: object({ answer: { type: 'string' }, days: { type: 'integer' } }) }),
    expected: { result: { answer: expect.stringContaining('25 days'), days: 25 } },
  },
  {
    kind: 'array of objects',
    query: VACATION,
    schema: object({
      citations: { type: 'array', items: object({ source: { type: 'string' }, text: { type: 'string' } }) },
    }),
    expected: {
      citations: expect.arrayContaining([expect.objectContaining({ text: expect.stringContaining('25 days') })]),
    },
  },
  {
    kind: 'enum',
    query: VACATION,
    schema: object({ employment: { type: 'string', enum: ['part-time', 'full-time'] } }),
    expected: { employment: 'full-time' },
  },
  {
    kind: 'number + integer',
    query: VACATION,
    schema: object({ days: { type: 'integer' }, score: { type: 'number' } }),
    expected: { days: 25, score: expect.any(Number) },
  },
  { kind: 'boolean', query: VACATION, schema: object({ paid: { type: 'boolean' } }), expected: { paid: true } },
  {
    kind: 'required + optional',
    query: VACATION,
    schema: object({ answer: { type: 'string' }, deadline: { type: 'string', format: 'date' } }, ['answer']),
    expected: { answer: expect.stringContaining('25 days') },
    absent: ['deadline'],
  },
  {
    kind: 'required, no evidence, nullable',
    query: VACATION,
    schema: object({ answer: { type: 'string' }, manager: { type: ['string', 'null'] } }),
    expected: { answer: expect.stringContaining('25 days'), manager: null },
  },
];

const SEED = `
CREATE TABLE skipper (skipper_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, country VARCHAR(40), age INT, active BOOLEAN);
INSERT INTO skipper VALUES (1,'Ana','France',29,TRUE),(2,'Ben','Germany',41,FALSE),(3,'Chloe','France',35,TRUE),(4,'Dev','India',52,TRUE);
CREATE TABLE vessel (vessel_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, note TEXT);
INSERT INTO vessel VALUES (1,'Marit',${sqlString(NOTE)}),(2,'Solvei','The barge Solvei carries gravel.');
`;
const LIST = 'List the names and ages of skippers from France.';
const RDBMS_CELLS: Cell[] = [
  {
    kind: 'flat',
    query: 'How many skippers are from France?',
    schema: object({ answer: { type: 'string' }, count: { type: 'integer' } }),
    expected: { answer: expect.stringContaining('2'), count: 2 },
  },
  {
    kind: 'nested object',
    query: LIST,
    schema: object({
      data: object({
        name: { type: 'array', items: { type: 'string' } },
        age: { type: 'array', items: { type: 'integer' } },
      }),
    }),
    expected: { data: { name: ['Ana', 'Chloe'], age: [29, 35] } },
  },
  {
    kind: 'array of objects',
    query: LIST,
    schema: object({
      skippers: { type: 'array', items: object({ name: { type: 'string' }, age: { type: 'integer' } }) },
    }),
    expected: {
      skippers: [
        { name: 'Ana', age: 29 },
        { name: 'Chloe', age: 35 },
      ],
    },
  },
  {
    kind: 'enum',
    query: 'What is the country of the skipper named Dev?',
    schema: object({ country: { type: 'string', enum: ['France', 'Germany', 'India'] } }),
    expected: { country: 'India' },
  },
  {
    kind: 'number + integer',
    query: 'What is the average age of skippers from France?',
    schema: object({ average_age: { type: 'number' }, rounded: { type: 'integer' } }, ['average_age']),
    expected: { average_age: 32 },
    absent: ['rounded'],
  },
  {
    kind: 'boolean',
    query: 'Is the skipper named Ben active?',
    schema: object({ active: { type: 'boolean' } }),
    expected: { active: false },
  },
  {
    kind: 'required + optional',
    query: LIST,
    schema: object({ answer: { type: 'string' }, berth: { type: 'string' } }, ['answer']),
    expected: { answer: expect.stringContaining('Chloe') },
    absent: ['berth'],
  },
  {
    kind: 'required, no evidence, nullable',
    query: LIST,
    schema: object({ answer: { type: 'string' }, berth: { type: ['string', 'null'] } }),
    expected: { answer: expect.stringContaining('Chloe'), berth: null },
  },
];

const UNSATISFIABLE = object({ n: { type: 'integer', minimum: 10, maximum: 1 } });
/** More schemas no answer satisfies, each refused with the reason in its ISSUE. */
const ALSO_UNSATISFIABLE: [string, Schema, RegExp][] = [
  [
    'a const outside its enum',
    object({ kind: { type: 'string', enum: ['ferry'], const: 'barge' } }),
    /#\/kind has a const/,
  ],
  ['a required property with the schema false', object({ gone: false }), /#\/gone is required but its schema is false/],
  [
    'more unique items than its items have values',
    object({ flags: { type: 'array', minItems: 3, uniqueItems: true, items: { type: 'boolean' } } }),
    /#\/flags needs 3 unique items/,
  ],
  [
    'a required name its propertyNames refuses',
    object({ meta: { type: 'object', propertyNames: { maxLength: 3 }, required: ['owner'] } }),
    /#\/meta\/owner is required but its name is refused/,
  ],
  [
    'allOf branches of different types',
    object({ x: { allOf: [{ type: 'string' }, { type: 'integer' }] } }),
    /#\/x allows no type/,
  ],
  [
    'allOf branches whose consts differ',
    object({ mode: { allOf: [{ const: 'ferry' }, { const: 'barge' }] } }),
    /#\/mode has no value that its own and its "allOf" lists share/,
  ],
  [
    'a $ref cycle through required properties',
    object({ next: { $ref: '#' } }),
    /#\/next requires a value inside itself without end/,
  ],
  [
    'a pattern with a lookahead',
    object({ code: { type: 'string', pattern: '^(?=[A-Z])\\w+$' } }),
    /pattern at #\/properties\/code\/pattern .* uses lookaround/,
  ],
];

function checkCell(cell: Cell, answer: string) {
  const value = JSON.parse(answer) as Record<string, unknown>;
  expect(ajv.compile(cell.schema)(value)).toBe(true);
  expect(value).toMatchObject(cell.expected);
  for (const name of cell.absent ?? []) expect(value).not.toHaveProperty(name);
}

describe('structured output matrix: function and vectordb endpoints', () => {
  let stack: IngestStack;
  let fnHandler: HandlerFn;
  let ragHandler: HandlerFn;
  let token: string;

  beforeAll(async () => {
    stack = await startIngestStack();
    const { hostingDeps } = await import('../../../lib/services/functions');
    const { deployFunction } = await import('../../../lib/functions/deploy');
    await deployFunction(
      { ...hostingDeps(), log: createLogger({ level: 'error', sink: () => undefined }) },
      'acct-shop',
      await bundleOf(await functionDir(PRODUCT)),
    );
    await deployFunction(
      { ...hostingDeps(), log: createLogger({ level: 'error', sink: () => undefined }) },
      'acct-shop',
      await bundleOf(await functionDir(VESSEL_NOTE)),
    );
    fnHandler = (await import('../../../handlers/http/query-function')).handler as HandlerFn;
    ragHandler = (await import('../../../handlers/http/query-vectordb')).handler as HandlerFn;
    token = await stack.token('acct-matrix');
    const up = await stack.uploadFile(token, 'handbook', 'handbook.md', Buffer.from(HANDBOOK));
    expect(up.status).toBe(202);
    const fleet = await stack.uploadFile(token, 'fleet', 'fleet.md', Buffer.from(FLEET));
    expect(fleet.status).toBe(202);
    await stack.drain();
  }, 120_000);
  afterAll(async () => stack?.stop());

  const viaFunction = (query: string, schema: unknown, fn = PRODUCT.shortname) =>
    stack.call(fnHandler, {
      method: 'POST',
      path: '/query-service/v1/function',
      token,
      body: { query, function: fn, structured_output: b64(schema) },
    });
  const viaVectordb = (query: string, schema: unknown, collection = 'handbook') =>
    stack.call(ragHandler, {
      method: 'POST',
      path: '/query-service/v1/vectordb',
      token,
      body: { query, vector_docdb_collection: collection, structured_output: b64(schema) },
    });

  it.each(FUNCTION_CELLS.map((c) => [c.kind, c] as const))('function × %s', async (_, cell) => {
    const res = await viaFunction(cell.query, cell.schema);
    expect(res.status).toBe(200);
    checkCell(cell, res.body.answer as string);
  });

  it.each(VECTORDB_CELLS.map((c) => [c.kind, c] as const))('vectordb × %s', async (_, cell) => {
    const res = await viaVectordb(cell.query, cell.schema);
    expect(res.status).toBe(200);
    checkCell(cell, res.body.answer as string);
  });

  // (The function-calling rules decline "Tell me about the ferry Marit." for this function: they do
  // not see a ferry as a vessel. That is the call turn's business, not the structured answer's.)
  const noteQuery = 'What does the note say about the vessel Marit?';
  it.each(fromWords(noteQuery).map((c) => [c.kind, c] as const))('function × %s', async (_, cell) => {
    const res = await viaFunction(cell.query, cell.schema, VESSEL_NOTE.shortname);
    expect(res.status).toBe(200);
    checkCell(cell, res.body.answer as string);
  });

  it.each(fromWords(ABOUT_MARIT).map((c) => [c.kind, c] as const))('vectordb × %s', async (_, cell) => {
    const res = await viaVectordb(cell.query, cell.schema, 'fleet');
    expect(res.status).toBe(200);
    checkCell(cell, res.body.answer as string);
  });

  it.each([
    ['function', viaFunction],
    ['vectordb', viaVectordb],
  ] as const)('%s refuses a schema no value satisfies with 400, before any work', async (_, via) => {
    const res = await via(ASK, UNSATISFIABLE);
    expect(res.status).toBe(400);
    expect(res.body.messages).toEqual([
      expect.stringMatching(/^ISSUE: No answer can satisfy the structured_output schema: #\/n has no number between/),
      'failed',
    ]);
  });

  it.each(ALSO_UNSATISFIABLE)('function and vectordb refuse %s with 400', async (_, schema, reason) => {
    for (const res of [await viaFunction(ASK, schema), await viaVectordb(VACATION, schema)]) {
      expect(res.status).toBe(400);
      expect(res.body.messages).toEqual([expect.stringMatching(reason), 'failed']);
    }
  });
});

const unavailable = await mariaDbUnavailableReason();

describe.skipIf(unavailable)(
  `structured output matrix: the rdbms pipeline${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let sql: HeuristicRdbms;

    beforeAll(async () => {
      sql = await startHeuristicRdbms(SEED);
    });
    afterAll(async () => sql?.stop());

    const viaRdbms = (query: string, schema: unknown) => sql.ask(query, ['skipper', 'vessel'], schema);

    it.each(RDBMS_CELLS.map((c) => [c.kind, c] as const))('rdbms × %s', async (_, cell) => {
      const result = await viaRdbms(cell.query, cell.schema);
      expect(result.messages.at(-1)).toBe('completed');
      checkCell(cell, result.answer);
    });

    it.each(fromWords('What is the note of the vessel named Marit?').map((c) => [c.kind, c] as const))(
      'rdbms × %s',
      async (_, cell) => {
        const result = await viaRdbms(cell.query, cell.schema);
        expect(result.messages.at(-1)).toBe('completed');
        checkCell(cell, result.answer);
      },
    );

    it.each(ALSO_UNSATISFIABLE)('refuses %s with 400', async (_, schema, reason) => {
      await expect(viaRdbms('How many skippers are there?', schema)).rejects.toMatchObject({
        status: 400,
        code: 'invalid_structured_output',
        message: expect.stringMatching(reason),
      });
    });

    it('refuses a schema no value satisfies with 400, before any work', async () => {
      await expect(viaRdbms('How many skippers are there?', UNSATISFIABLE)).rejects.toMatchObject({
        status: 400,
        code: 'invalid_structured_output',
      });
    });
  },
);
