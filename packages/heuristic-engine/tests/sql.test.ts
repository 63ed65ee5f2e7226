import { describe, expect, it } from 'vitest';
import { column, database, table } from './schema-builders';
import { SQL_READ_ONLY_REPLY, type ChatRequest } from '../src/turn';
import { assessSql, isChangeRequest, heuristicSql, heuristicSqlTurn } from '../src/sql';
import { linkQuestion, nameParts } from '../src/sql-linking';
import { assertReadOnlySelect } from './read-only-select';
import type { DatabaseSchema, TableSchema } from '@fnquery/contracts';

// A small harbour authority's database, in the shape introspectTables returns.
const harbourSchema: DatabaseSchema = database('harbour_authority', [
  table(
    'harbour',
    [
      column('harbour_id', 'int(11)'),
      column('name', 'varchar(50)'),
      column('town', 'varchar(50)'),
      column('capacity', 'int(11)'),
      column('opening_year', 'int(11)'),
    ],
    {
      primaryKey: ['harbour_id'],
      sampleRows: [
        [1, 'North Quay', 'Bergen', 400, 2007],
        [2, 'Old Dock', 'Tromso', 150, 1903],
      ],
    },
  ),
  table(
    'skipper',
    [
      column('skipper_id', 'int(11)'),
      column('name', 'varchar(50)'),
      column('home_port', 'varchar(50)', ['Cork', 'Hull', 'Oban']),
      column('age', 'int(11)'),
      column('is_licensed', 'char(1)', ['F', 'T']),
    ],
    {
      primaryKey: ['skipper_id'],
      sampleRows: [
        [1, 'Ivo Marsh', 'Oban', 52, 'F'],
        [2, 'Kai Lund', 'Cork', 32, 'T'],
      ],
    },
  ),
  table(
    'voyage',
    [
      column('voyage_id', 'int(11)'),
      column('route_name', 'varchar(50)'),
      column('purpose', 'varchar(50)'),
      column('harbour_id', 'int(11)'),
      column('year', 'int(11)'),
    ],
    {
      primaryKey: ['voyage_id'],
      foreignKeys: [{ columns: ['harbour_id'], referencedTable: 'harbour', referencedColumns: ['harbour_id'] }],
    },
  ),
  table('skipper_on_voyage', [column('voyage_id', 'int(11)'), column('skipper_id', 'int(11)')], {
    primaryKey: ['voyage_id', 'skipper_id'],
    foreignKeys: [
      { columns: ['voyage_id'], referencedTable: 'voyage', referencedColumns: ['voyage_id'] },
      { columns: ['skipper_id'], referencedTable: 'skipper', referencedColumns: ['skipper_id'] },
    ],
  }),
  // No declared foreign key: the join is inferred from the same-named key column.
  table(
    'shipment',
    [
      column('shipment_id', 'int(11)'),
      column('label', 'varchar(80)'),
      column('skipper_id', 'int(11)'),
      column('tonnage', 'double'),
    ],
    { primaryKey: ['shipment_id'] },
  ),
]);

const guard = (sql: string) => assertReadOnlySelect(sql, harbourSchema);

describe('schema linking', () => {
  it('splits names on underscores, camelCase and digits, and stems their words', () => {
    expect(nameParts('Customer_Orders').map((p) => p.stem)).toEqual(['customer', 'order']);
    expect(nameParts('StuID').map((p) => p.stem)).toEqual(['stu', 'id']);
    expect(nameParts('address_line_1')).toEqual([
      { stem: 'address', minor: false },
      { stem: 'line', minor: false },
      { stem: '1', minor: true },
    ]);
  });

  it('links plural words to tables and columns, stored values to their column, and numbers', () => {
    const linking = linkQuestion('What are the names of skippers from Hull older than 30?', harbourSchema);
    const word = (i: number) => linking.words[i]!.text;
    expect(linking.tables.filter((t) => t.target.name === 'skipper').map((t) => t.words.map(word))).toContainEqual([
      'skippers',
    ]);
    expect(linking.columns.some((c) => c.target.column.name === 'name' && c.words.map(word).join() === 'names')).toBe(
      true,
    );
    const hull = linking.values.find((v) => v.value === 'Hull');
    expect(hull?.columns.map((c) => `${c.table.name}.${c.column.name}`)).toEqual(['skipper.home_port']);
    expect(linking.numbers.map((n) => n.value)).toEqual([30]);
  });

  it('matches abbreviated names to the words they shorten', () => {
    const schema: DatabaseSchema = {
      ...harbourSchema,
      tables: [table('staff', [column('dept_name', 'varchar(20)'), column('emp_no', 'int(11)')])],
    };
    const linked = linkQuestion('List the department names and employee numbers', schema).columns.map(
      (c) => c.target.column.name,
    );
    expect(linked).toEqual(expect.arrayContaining(['dept_name', 'emp_no']));
  });
});

// What the templates' SQL returns is tested by running it: tests/integration/ai/heuristic-sql-execution.test.ts.
describe('local text-to-SQL templates', () => {
  it('escapes quotes in values it copies from the question, and the guard accepts the result', () => {
    // The query written, whatever its confidence (showing back the name the question gives is a doubt): the
    // escaping is what is tested here.
    const { sql } = assessSql(`Which skippers are named "O'Neill"?`, harbourSchema);
    expect(sql).toContain("'O''Neill'");
    expect(() => guard(sql)).not.toThrow();
  });
});

describe('heuristicSqlTurn', () => {
  const question = 'Show the name of the harbour with the highest capacity.';
  const request = (previousError?: string, assistantTurns = 0): ChatRequest => ({
    messages: [
      { role: 'system', content: 'Write one SELECT.' },
      { role: 'user', content: `Question: ${question}` },
      ...Array.from({ length: assistantTurns }, () => ({ role: 'assistant' as const, content: 'SELECT 1' })),
    ],
    hint: { kind: 'sql', question, schema: harbourSchema, ...(previousError && { previousError }) },
  });

  it('answers the generation turn with the SELECT, as the local model, counting words as usage', () => {
    const reply = heuristicSqlTurn(request());
    // The engine's SQL for the question; what it returns is checked by running it (see above).
    expect(reply.content).toBe(heuristicSql(question, harbourSchema));
    expect(reply.model).toBe('local');
    expect(reply.toolCalls).toEqual([]);
    expect(reply.usage.promptTokens).toBeGreaterThan(5);
    // Usage counts the reply's words: more words, more tokens.
    expect(reply.usage.completionTokens).toBeGreaterThan(0);
    expect(reply.usage.totalTokens).toBe(reply.usage.promptTokens + reply.usage.completionTokens);
  });

  it('writes a simpler query on each repair turn, never the one that failed', () => {
    const first = heuristicSqlTurn(request()).content!;
    const second = heuristicSqlTurn(request('The generated query failed to run', 1)).content!;
    const third = heuristicSqlTurn(request('The generated query failed to run', 2)).content!;
    expect(new Set([first, second, third]).size).toBe(3);
    // Simpler: each repair drops clauses, so the statement gets shorter.
    expect(second.length).toBeLessThan(first.length);
    for (const sql of [second, third]) expect(() => guard(sql)).not.toThrow();
  });
});

describe('local text-to-SQL over any order of the tables', () => {
  const permutations = (tables: TableSchema[]): TableSchema[][] =>
    tables.length <= 1
      ? [tables]
      : tables.flatMap((first, i) =>
          permutations([...tables.slice(0, i), ...tables.slice(i + 1)]).map((rest) => [first, ...rest]),
        );

  const questions = [
    'How many skippers are there?',
    'What are the names of skippers from Hull?',
    'Which home port has the most skippers?',
    'Show the name of the harbour with the highest capacity.',
    'What are the names of skippers who sailed on voyages in 2014?',
    'How many voyages are there in each harbour?',
    'What is the name of the harbour where the voyage named Cape Loop started?',
  ];
  it.each(questions)('writes the same SQL for every order: %s', (question) => {
    const sqls = new Set(
      permutations(harbourSchema.tables).map((tables) => heuristicSql(question, { ...harbourSchema, tables })),
    );
    expect(sqls.size).toBe(1);
  });

  it('breaks a tie between equally named tables the same way whatever their order', () => {
    // Nothing in the question tells the two tables apart: the position used to decide.
    const twins = [table('ship', [column('name', 'varchar(50)')]), table('port', [column('name', 'varchar(50)')])];
    const sqls = permutations(twins).map((tables) => heuristicSql('List every name.', { ...harbourSchema, tables }));
    expect(new Set(sqls)).toEqual(new Set(['SELECT `name` FROM `port`']));
  });
});

describe('requests to change data', () => {
  it.each([
    'Drop the table skipper',
    'Please delete all voyages',
    'Can you update the age of Ivo Marsh to 53?',
    'Insert a new harbour called South Mole',
    'remove skippers from Hull',
    'Add a skipper named Ann',
    'Set the capacity of North Quay to 1',
  ])('answers %s with READ_ONLY and no SQL', (question) => {
    expect(isChangeRequest(question)).toBe(true);
    const reply = heuristicSqlTurn({
      messages: [{ role: 'user', content: question }],
      hint: { kind: 'sql', question, schema: harbourSchema },
    });
    expect(reply.content).toBe(SQL_READ_ONLY_REPLY);
  });

  it.each([
    'How many skippers are there?',
    'Add up the capacity of all harbours',
    'Which set of skippers sailed in 2014?',
    'Show the skippers who dropped out',
    'List the names of skippers whose records were deleted',
  ])('reads %s as a question', (question) => {
    expect(isChangeRequest(question)).toBe(false);
  });
});
