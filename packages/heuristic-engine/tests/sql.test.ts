import { describe, expect, it } from 'vitest';
import { column, table } from './schema-builders';
import { SQL_READ_ONLY_REPLY, type ChatRequest } from '../src/turn';
import { isChangeRequest, heuristicSql, heuristicSqlTurn } from '../src/sql';
import { linkQuestion, nameParts } from '../src/sql-linking';
import { assertReadOnlySelect } from './read-only-select';
import type { DatabaseSchema, TableSchema } from '@fnquery/contracts';

// A small music database, in the shape introspectTables returns.
const musicSchema: DatabaseSchema = {
  database: 'music',
  flavour: 'MariaDB',
  serverVersion: '10.11.6-MariaDB',
  tables: [
    table(
      'stadium',
      [
        column('stadium_id', 'int(11)'),
        column('name', 'varchar(50)'),
        column('location', 'varchar(50)'),
        column('capacity', 'int(11)'),
        column('opening_year', 'int(11)'),
      ],
      {
        primaryKey: ['stadium_id'],
        sampleRows: [
          [1, 'Wembley', 'London', 90000, 2007],
          [2, 'Hampden Park', 'Glasgow', 51866, 1903],
        ],
      },
    ),
    table(
      'singer',
      [
        column('singer_id', 'int(11)'),
        column('name', 'varchar(50)'),
        column('country', 'varchar(50)', ['France', 'Netherlands', 'United States']),
        column('age', 'int(11)'),
        column('is_male', 'char(1)', ['F', 'T']),
      ],
      {
        primaryKey: ['singer_id'],
        sampleRows: [
          [1, 'Joe Sharp', 'Netherlands', 52, 'F'],
          [2, 'Timbaland', 'United States', 32, 'T'],
        ],
      },
    ),
    table(
      'concert',
      [
        column('concert_id', 'int(11)'),
        column('concert_name', 'varchar(50)'),
        column('theme', 'varchar(50)'),
        column('stadium_id', 'int(11)'),
        column('year', 'int(11)'),
      ],
      {
        primaryKey: ['concert_id'],
        foreignKeys: [{ columns: ['stadium_id'], referencedTable: 'stadium', referencedColumns: ['stadium_id'] }],
      },
    ),
    table('singer_in_concert', [column('concert_id', 'int(11)'), column('singer_id', 'int(11)')], {
      primaryKey: ['concert_id', 'singer_id'],
      foreignKeys: [
        { columns: ['concert_id'], referencedTable: 'concert', referencedColumns: ['concert_id'] },
        { columns: ['singer_id'], referencedTable: 'singer', referencedColumns: ['singer_id'] },
      ],
    }),
    // No declared foreign key: the join is inferred from the same-named key column.
    table(
      'song',
      [
        column('song_id', 'int(11)'),
        column('title', 'varchar(80)'),
        column('singer_id', 'int(11)'),
        column('sales', 'double'),
      ],
      { primaryKey: ['song_id'] },
    ),
  ],
};

const guard = (sql: string) => assertReadOnlySelect(sql, musicSchema);

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
    const linking = linkQuestion('What are the names of singers from France older than 30?', musicSchema);
    const word = (i: number) => linking.words[i]!.text;
    expect(linking.tables.filter((t) => t.target.name === 'singer').map((t) => t.words.map(word))).toContainEqual([
      'singers',
    ]);
    expect(linking.columns.some((c) => c.target.column.name === 'name' && c.words.map(word).join() === 'names')).toBe(
      true,
    );
    const france = linking.values.find((v) => v.value === 'France');
    expect(france?.columns.map((c) => `${c.table.name}.${c.column.name}`)).toEqual(['singer.country']);
    expect(linking.numbers.map((n) => n.value)).toEqual([30]);
  });

  it('matches abbreviated names to the words they shorten', () => {
    const schema: DatabaseSchema = {
      ...musicSchema,
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
    const sql = heuristicSql(`Which singers are named "O'Brien"?`, musicSchema);
    expect(sql).toContain("'O''Brien'");
    expect(() => guard(sql)).not.toThrow();
  });
});

describe('heuristicSqlTurn', () => {
  const question = 'Show the name of the stadium with the highest capacity.';
  const request = (previousError?: string, assistantTurns = 0): ChatRequest => ({
    messages: [
      { role: 'system', content: 'Write one SELECT.' },
      { role: 'user', content: `Question: ${question}` },
      ...Array.from({ length: assistantTurns }, () => ({ role: 'assistant' as const, content: 'SELECT 1' })),
    ],
    hint: { kind: 'sql', question, schema: musicSchema, ...(previousError && { previousError }) },
  });

  it('answers the generation turn with the SELECT, as the local model, counting words as usage', () => {
    const reply = heuristicSqlTurn(request());
    // The engine's SQL for the question; what it returns is checked by running it (see above).
    expect(reply.content).toBe(heuristicSql(question, musicSchema));
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
    'How many singers are there?',
    'What are the names of singers from France?',
    'Which country has the most singers?',
    'Show the name of the stadium with the highest capacity.',
    'What are the names of singers who performed in concerts in 2014?',
    'How many concerts are there in each stadium?',
    'What is the name of the stadium where the concert named Super Bootcamp was held?',
  ];
  it.each(questions)('writes the same SQL for every order: %s', (question) => {
    const sqls = new Set(
      permutations(musicSchema.tables).map((tables) => heuristicSql(question, { ...musicSchema, tables })),
    );
    expect(sqls.size).toBe(1);
  });

  it('breaks a tie between equally named tables the same way whatever their order', () => {
    // Nothing in the question tells the two tables apart: the position used to decide.
    const twins = [table('ship', [column('name', 'varchar(50)')]), table('port', [column('name', 'varchar(50)')])];
    const sqls = permutations(twins).map((tables) => heuristicSql('List every name.', { ...musicSchema, tables }));
    expect(new Set(sqls)).toEqual(new Set(['SELECT `name` FROM `port`']));
  });
});

describe('requests to change data', () => {
  it.each([
    'Drop the table singer',
    'Please delete all concerts',
    'Can you update the age of Joe Sharp to 53?',
    'Insert a new stadium called Arena',
    'remove singers from France',
    'Add a singer named Ann',
    'Set the capacity of Wembley to 1',
  ])('answers %s with READ_ONLY and no SQL', (question) => {
    expect(isChangeRequest(question)).toBe(true);
    const reply = heuristicSqlTurn({
      messages: [{ role: 'user', content: question }],
      hint: { kind: 'sql', question, schema: musicSchema },
    });
    expect(reply.content).toBe(SQL_READ_ONLY_REPLY);
  });

  it.each([
    'How many singers are there?',
    'Add up the capacity of all stadiums',
    'Which set of singers performed in 2014?',
    'Show the singers who dropped out',
    'List the names of singers whose records were deleted',
  ])('reads %s as a question', (question) => {
    expect(isChangeRequest(question)).toBe(false);
  });
});
