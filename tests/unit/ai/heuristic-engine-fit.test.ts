// The heuristic engine on what the service hands it: a hosted function's tool as lib/spec converts its
// spec.json, and the SQL it writes run through the service's guard. The engine's package tests its own
// behaviour alone; these check that the two fit.
import { describe, expect, it } from 'vitest';
import { column, table } from '../../../packages/heuristic-engine/tests/schema-builders';
import { decideFunctionCall, writeSql } from '@fnquery/heuristic-engine';
import type { DatabaseSchema, ToolDefinition } from '@fnquery/contracts';
import { toToolDefinition, validateSpec } from '../../../lib/spec/index';
import { guardSql } from '../../../lib/sql/guard';

const argumentsOf = (question: string, tool: ToolDefinition): unknown => {
  const decision = decideFunctionCall({ question, tools: [tool] }).value;
  if (!('calls' in decision)) throw new Error(`expected a call, got: ${decision.text}`);
  expect(decision.calls).toHaveLength(1);
  return JSON.parse(decision.calls[0].arguments);
};

describe("a hosted function's tool definition", () => {
  it("fills a hosted function's query and body from its spec.json tool definition", () => {
    const spec = validateSpec({
      $specversion: 'v1.0.0',
      name: 'Weather now',
      shortname: 'weather-now',
      runtime: 'nodejs20',
      entrypoint: 'handler',
      description: 'Current weather for a city.',
      requirements: {
        requestType: 'POST',
        queryParams: [
          { name: 'units', required: true, description: 'metric or imperial' },
          { name: 'lang', description: 'Language of the summary' },
        ],
        inputType: 'JSON',
        inputSchema: {
          type: 'object',
          properties: {
            city: { type: 'string', description: 'The name of the city to look up.' },
            at: { $ref: '#/$defs/point' },
            email: { type: 'string', format: 'email' },
          },
          required: ['city'],
          $defs: {
            point: {
              type: 'object',
              properties: {
                lat: { type: 'number', description: 'Latitude' },
                lon: { type: 'number', description: 'Longitude' },
              },
            },
          },
        },
      },
    });
    const hosted = toToolDefinition(spec.spec!).function;
    expect(
      argumentsOf('Weather at lat 48.85 and lon 2.35 in imperial units for Paris; mail me@example.com', hosted),
    ).toEqual({
      query: { units: 'imperial' },
      body: { city: 'Paris', at: { lat: 48.85, lon: 2.35 }, email: 'me@example.com' },
    });
  });
});

// A small greenhouse database of our own.
const greenhouse: DatabaseSchema = {
  database: 'greenhouse',
  flavour: 'MariaDB',
  serverVersion: '10.11.6-MariaDB',
  tables: [
    table(
      'gardener',
      [
        column('gardener_id', 'int(11)'),
        column('name', 'varchar(40)'),
        column('town', 'varchar(30)', ['Lund', 'Malmo', 'Ystad']),
        column('age', 'int(11)'),
      ],
      { primaryKey: ['gardener_id'] },
    ),
    table(
      'bed',
      [
        column('bed_id', 'int(11)'),
        column('plant', 'varchar(40)'),
        column('area', 'int(11)'),
        column('planted_year', 'int(11)'),
      ],
      { primaryKey: ['bed_id'] },
    ),
    table(
      'shift',
      [
        column('shift_id', 'int(11)'),
        column('gardener_id', 'int(11)'),
        column('bed_id', 'int(11)'),
        column('year', 'int(11)'),
      ],
      {
        primaryKey: ['shift_id'],
        foreignKeys: [
          { columns: ['gardener_id'], referencedTable: 'gardener', referencedColumns: ['gardener_id'] },
          { columns: ['bed_id'], referencedTable: 'bed', referencedColumns: ['bed_id'] },
        ],
      },
    ),
  ],
};

const guard = (sql: string) =>
  guardSql(sql, {
    allowedTables: greenhouse.tables.map((t) => t.name),
    rowLimit: 100,
    flavour: 'MariaDB',
    database: greenhouse.database,
  });

const sqlOf = (question: string, failures: { sql: string; error: string }[] = []): string => {
  const draft = writeSql({ question, schema: greenhouse, failures }).value;
  if (!('sql' in draft)) throw new Error(`expected SQL, got ${JSON.stringify(draft)}`);
  return draft.sql;
};

describe("the engine's SQL through the service's guard", () => {
  it.each([
    `Which gardeners are named "O'Hara"?`,
    'Which gardeners are younger than average?',
    'Which plants have beds planted in 2019 and beds planted in 2023?',
    'Which gardeners have no shifts in 2024?',
    'Which beds were never tended by a gardener from Lund?',
    'Show the plant of the bed with the largest area.',
  ])('is accepted: %s', (question) => {
    expect(() => guard(sqlOf(question))).not.toThrow();
  });

  it('is accepted on each repair turn too, each statement simpler than the last', () => {
    const question = 'Show the plant of the bed with the largest area.';
    const first = sqlOf(question);
    const second = sqlOf(question, [{ sql: first, error: 'The generated query failed to run' }]);
    const third = sqlOf(question, [
      { sql: first, error: 'The generated query failed to run' },
      { sql: second, error: 'The generated query failed to run' },
    ]);
    expect(new Set([first, second, third]).size).toBe(3);
    for (const sql of [second, third]) expect(() => guard(sql)).not.toThrow();
  });
});
