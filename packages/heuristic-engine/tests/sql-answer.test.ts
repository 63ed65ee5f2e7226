import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { heuristicSqlTurn } from '../src/sql';
import { answerFromRows, columnLabel, MAX_LISTED, NO_ROWS, type SqlRows } from '../src/sql-answer';
import { SQL_NOT_APPLIED as NOT_APPLIED, type JsonSchema, type PlainValue } from '@fnquery/contracts';
import type { ChatRequest } from '../src/turn';

const rows = (
  columns: string[],
  values: PlainValue[][],
  truncated = false,
  sql = 'SELECT * FROM `skippers`',
): SqlRows => ({
  sql,
  columns,
  rows: values,
  rowCount: values.length,
  truncated,
});

const hasPython = (() => {
  try {
    execFileSync('python3', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

/** Python's own parser on the code block of an answer. */
function parsesAsPython(answer: string): boolean {
  const code = /```python\n([\s\S]*?)```/.exec(answer)?.[1];
  if (!code) return false;
  execFileSync('python3', ['-c', 'import ast, sys; ast.parse(sys.stdin.read())'], { input: code });
  return true;
}

describe('answers from a set operation', () => {
  it('describes the conditions of both SELECTs and how they combine', () => {
    const except =
      "SELECT `name` FROM `skippers` WHERE `home_port` = 'Hull' EXCEPT SELECT `name` FROM `skippers` WHERE `rank` = 'mate'";
    expect(
      answerFromRows('Which skippers from Hull are not mates?', rows(['name'], [['Ida'], ['Ove']], false, except)),
    ).toBe('Name of skippers where home port is "Hull", but not where rank is "mate" (2): Ida and Ove.');
    const union =
      "SELECT `name` FROM `skippers` WHERE `age` < 30 UNION SELECT `name` FROM `pilots` WHERE `licence` = 'B'";
    expect(answerFromRows('Who is young or holds licence B?', rows(['name'], [['Ida'], ['Lu']], false, union))).toBe(
      'Name of skippers where age is less than 30, or pilots where licence is "B" (2): Ida and Lu.',
    );
    const intersect = "SELECT `port` FROM `skippers` INTERSECT SELECT `port` FROM `skippers` WHERE `rank` = 'mate'";
    expect(
      answerFromRows('Which ports have skippers and mates?', rows(['port'], [['Hull'], ['Wick']], false, intersect)),
    ).toBe('Port of skippers where rank is "mate" (2): Hull and Wick.');
    const exceptAll = "SELECT `name` FROM `skippers` EXCEPT SELECT `name` FROM `skippers` WHERE `rank` = 'mate'";
    expect(answerFromRows('Which skippers are not mates?', rows(['name'], [['Ida'], ['Ove']], false, exceptAll))).toBe(
      'Name of skippers where not (rank is "mate") (2): Ida and Ove.',
    );
  });
});

describe('answers from query rows', () => {
  it('states a count with the conditions the SQL applied, not the question words', () => {
    const sql = "SELECT COUNT(*) FROM `skippers` WHERE `home_port` = 'Hull'";
    expect(answerFromRows('How many skippers are from Hull?', rows(['COUNT(*)'], [[3]], false, sql))).toBe(
      'There are 3 skippers where home port is "Hull".',
    );
    expect(
      answerFromRows(
        'How many countries are there?',
        rows(['COUNT(*)'], [[1]], false, 'SELECT COUNT(*) FROM `countries`'),
      ),
    ).toBe('There is 1 country.');
    expect(
      answerFromRows(
        'How many skippers are there?',
        rows(['COUNT(*)'], [[7]], false, 'SELECT COUNT(*) FROM `skipper`'),
      ),
    ).toBe('There are 7 skipper rows.');
  });

  it('never claims a condition the SQL did not apply, and names it on a Not applied line', () => {
    const answer = answerFromRows(
      'How many tracks are longer than 5 minutes?',
      rows(['COUNT(*)'], [[3503]], false, 'SELECT COUNT(*) FROM `tracks`'),
    );
    expect(answer.split('\n\n')[0]).toBe('There are 3503 tracks.');
    expect(answer).toContain(`${NOT_APPLIED} "longer than 5 minutes"`);
    const applied = answerFromRows(
      'How many tracks are longer than 300000 ms?',
      rows(['COUNT(*)'], [[1069]], false, 'SELECT COUNT(*) FROM `tracks` WHERE `Milliseconds` > 300000'),
    );
    expect(applied).toBe('There are 1069 tracks where milliseconds is greater than 300000.');
    const listedAll = answerFromRows(
      'Which employees earn more than 100000?',
      rows(['FirstName'], [['Ann'], ['Bo']], false, 'SELECT `FirstName` FROM `employees`'),
    );
    expect(listedAll).toMatch(/^First name of employees \(2\): Ann and Bo\.\n\nNot applied: "more than 100000"/);
  });

  it('states a single value as the aggregate over the rows it read, with numbers as people write them', () => {
    const sql = "SELECT AVG(`age`) FROM `skippers` WHERE `home_port` = 'Hull'";
    expect(
      answerFromRows(
        'What is the average age of skippers from Hull?',
        rows(['AVG(`age`)'], [['34.500000000000']], false, sql),
      ),
    ).toBe('The average age of skippers where home port is "Hull" is 34.5.');
  });

  it('says that no rows matched when aggregates ran over none', () => {
    const sql = 'SELECT AVG(`age`) FROM `skippers` WHERE `age` > 200';
    expect(
      answerFromRows('What is the average age of skippers older than 200?', rows(['AVG(`age`)'], [[null]], false, sql)),
    ).toBe('No skippers matched: age is greater than 200, so there is no average age.');
    expect(answerFromRows('How many?', rows(['COUNT(*)'], [[0]], false, 'SELECT COUNT(*) FROM `skippers`'))).toMatch(
      /^No skippers exist/,
    );
  });

  it('lists one column, naming it, with the rest counted after the first ones', () => {
    expect(answerFromRows('What are the names of skippers?', rows(['name'], [['Joe'], ['Tim'], ['Ann']]))).toBe(
      'Name of skippers (3): Joe, Tim and Ann.',
    );
    const many = rows(
      ['t1.name'],
      Array.from({ length: MAX_LISTED + 5 }, (_, i) => [`skipper ${i}`]),
    );
    const answer = answerFromRows('List all skippers', many);
    expect(answer).toMatch(/^Name of skippers \(25\): skipper 0, skipper 1, /);
    expect(answer).toContain(`skipper ${MAX_LISTED - 1} and 5 more.`);
    expect(answer).not.toContain(`skipper ${MAX_LISTED},`);
  });

  it('shows one row as its fields and several as lines', () => {
    expect(answerFromRows('Who is the oldest skipper?', rows(['name', 'age'], [['Joe', 52]]))).toBe(
      'Skippers: name Joe; age 52.',
    );
    expect(
      answerFromRows(
        'Names and ages of skippers',
        rows(
          ['name', 'age'],
          [
            ['Joe', 52],
            ['Tim', null],
          ],
        ),
      ),
    ).toBe('2 rows of skippers (name | age):\n- Joe | 52\n- Tim | none');
  });

  it('says plainly when nothing matched and when the result was cut', () => {
    expect(answerFromRows('Which skippers are from Mars?', rows(['name'], []))).toBe(NO_ROWS);
    expect(answerFromRows('List all skippers', rows(['name'], [['Joe'], ['Tim']], true))).toBe(
      'Name of skippers (2): Joe and Tim.\n\nThe result was cut at 2 rows; more rows matched.',
    );
  });

  it('names aggregate columns in words', () => {
    expect(columnLabel('COUNT(*)')).toBe('number');
    expect(columnLabel('AVG(t2.`net_worth`)')).toBe('average net worth');
    expect(columnLabel('t1.first_name')).toBe('first name');
  });
});

describe('chart code in the answer', () => {
  it('draws categories with numbers as a bar chart, with the rows as data', () => {
    const answer = answerFromRows(
      'Plot the number of skippers per home port as a bar chart',
      rows(
        ['home_port', 'COUNT(*)'],
        [
          ['Hull', 3],
          ["L'Île-Rousse", 1],
        ],
      ),
    );
    expect(answer).toContain('import matplotlib.pyplot as plt');
    expect(answer).toContain(`labels = ["Hull", "L'Île-Rousse"]`);
    expect(answer).toContain('values = [3, 1]');
    expect(answer).toContain('ax.bar(');
    expect(answer).toContain('ax.set_ylabel("number")');
    if (hasPython) expect(parsesAsPython(answer)).toBe(true);
  });

  it('draws years with numbers as a line chart, reading numbers written as text', () => {
    const answer = answerFromRows(
      'Write python code to graph total sales by year',
      rows(
        ['year', 'SUM(sales)'],
        [
          [2019, '10.5'],
          [2020, '12.25'],
          [2021, null],
        ],
      ),
    );
    expect(answer).toContain('labels = [2019, 2020, 2021]');
    expect(answer).toContain('values = [10.5, 12.25, None]');
    expect(answer).toContain("ax.plot(labels, values, marker='o')");
    if (hasPython) expect(parsesAsPython(answer)).toBe(true);
  });

  it('adds no code when the question does not ask for it', () => {
    expect(
      answerFromRows('How many skippers per home port?', rows(['home_port', 'COUNT(*)'], [['Hull', 3]])),
    ).not.toContain('```');
  });
});

describe('structured output from rows', () => {
  const turn = (question: string, result: SqlRows, schema: JsonSchema) => {
    const request: ChatRequest = {
      messages: [{ role: 'user', content: question }],
      responseFormat: { name: 'answer', schema },
      hint: {
        kind: 'sql',
        question,
        schema: { database: 'shop', flavour: 'MariaDB', serverVersion: '11.4.0-MariaDB', tables: [] },
        rows: result,
      },
    };
    return JSON.parse(heuristicSqlTurn(request).content!);
  };

  it('fills a number from a single value and the free text with the answer', () => {
    const schema = {
      type: 'object',
      properties: { count: { type: 'integer' }, answer: { type: 'string' } },
      required: ['count'],
    };
    expect(turn('How many skippers are there?', rows(['COUNT(*)'], [[6]]), schema)).toEqual({
      count: 6,
      answer: 'There are 6 skippers.',
    });
  });

  it('fills a list of objects from the rows, converting numbers written as text', () => {
    const schema = {
      type: 'object',
      properties: {
        skippers: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'number' } } },
        },
      },
    };
    expect(
      turn(
        'Names and ages of skippers',
        rows(
          ['t1.name', 't1.age'],
          [
            ['Joe', '52'],
            ['Tim', 32],
          ],
        ),
        schema,
      ),
    ).toEqual({
      skippers: [
        { name: 'Joe', age: 52 },
        { name: 'Tim', age: 32 },
      ],
    });
  });

  it('fills a list of values from one column', () => {
    const schema = { type: 'object', properties: { names: { type: 'array', items: { type: 'string' } } } };
    expect(turn('What are the names of skippers?', rows(['name'], [['Joe'], ['Tim']]), schema)).toEqual({
      names: ['Joe', 'Tim'],
    });
  });
});
