import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { localSqlTurn } from '../../../../lib/ai/local/sql';
import { answerFromRows, columnLabel, MAX_LISTED, NO_ROWS, type SqlRows } from '../../../../lib/ai/local/sql-answer';
import type { ChatRequest, JsonSchema } from '../../../../lib/ai/ports';
import type { PlainValue } from '../../../../lib/sql/values';

const rows = (columns: string[], values: PlainValue[][], truncated = false): SqlRows => ({
  sql: 'SELECT …',
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

describe('answers from query rows', () => {
  it('states a count with the question words', () => {
    expect(answerFromRows('How many singers are from France?', rows(['COUNT(*)'], [[3]]))).toBe('There are 3 singers from France.');
    expect(answerFromRows('How many countries are there?', rows(['COUNT(*)'], [[1]]))).toBe('There is 1 country.');
  });

  it('states a single value as the thing asked for', () => {
    expect(answerFromRows('What is the average age of singers from France?', rows(['AVG(`age`)'], [['34.5000']]))).toBe(
      'The average age of singers from France is 34.5000.',
    );
  });

  it('lists one column, naming it, with the rest counted after the first ones', () => {
    expect(answerFromRows('What are the names of singers?', rows(['name'], [['Joe'], ['Tim'], ['Ann']]))).toBe('Name (3): Joe, Tim and Ann.');
    const many = rows(['t1.name'], Array.from({ length: MAX_LISTED + 5 }, (_, i) => [`singer ${i}`]));
    const answer = answerFromRows('List all singers', many);
    expect(answer).toMatch(/^Name \(25\): singer 0, singer 1, /);
    expect(answer).toContain(`singer ${MAX_LISTED - 1} and 5 more.`);
    expect(answer).not.toContain(`singer ${MAX_LISTED},`);
  });

  it('shows one row as its fields and several as lines', () => {
    expect(answerFromRows('Who is the oldest singer?', rows(['name', 'age'], [['Joe', 52]]))).toBe('Name: Joe; Age: 52.');
    expect(answerFromRows('Names and ages of singers', rows(['name', 'age'], [['Joe', 52], ['Tim', null]]))).toBe(
      '2 rows (name | age):\n- Joe | 52\n- Tim | none',
    );
  });

  it('says plainly when nothing matched and when the result was cut', () => {
    expect(answerFromRows('Which singers are from Mars?', rows(['name'], []))).toBe(NO_ROWS);
    expect(answerFromRows('List all singers', rows(['name'], [['Joe'], ['Tim']], true))).toBe(
      'Name (2): Joe and Tim.\n\nThe result was cut at 2 rows; more rows matched.',
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
    const answer = answerFromRows('Plot the number of singers per country as a bar chart', rows(['country', 'COUNT(*)'], [['France', 3], ["Côte d'Ivoire", 1]]));
    expect(answer).toContain('import matplotlib.pyplot as plt');
    expect(answer).toContain(`labels = ["France", "Côte d'Ivoire"]`);
    expect(answer).toContain('values = [3, 1]');
    expect(answer).toContain('ax.bar(');
    expect(answer).toContain('ax.set_ylabel("number")');
    if (hasPython) expect(parsesAsPython(answer)).toBe(true);
  });

  it('draws years with numbers as a line chart, reading numbers written as text', () => {
    const answer = answerFromRows('Write python code to graph total sales by year', rows(['year', 'SUM(sales)'], [[2019, '10.5'], [2020, '12.25'], [2021, null]]));
    expect(answer).toContain('labels = [2019, 2020, 2021]');
    expect(answer).toContain('values = [10.5, 12.25, None]');
    expect(answer).toContain("ax.plot(labels, values, marker='o')");
    if (hasPython) expect(parsesAsPython(answer)).toBe(true);
  });

  it('adds no code when the question does not ask for it', () => {
    expect(answerFromRows('How many singers per country?', rows(['country', 'COUNT(*)'], [['France', 3]]))).not.toContain('```');
  });
});

describe('structured output from rows', () => {
  const turn = (question: string, result: SqlRows, schema: JsonSchema) => {
    const request: ChatRequest = {
      messages: [{ role: 'user', content: question }],
      responseFormat: { name: 'answer', schema },
      hint: { kind: 'sql', question, schema: {}, rows: result },
    };
    return JSON.parse(localSqlTurn(request).content!);
  };

  it('fills a number from a single value and the free text with the answer', () => {
    const schema = { type: 'object', properties: { count: { type: 'integer' }, answer: { type: 'string' } }, required: ['count'] };
    expect(turn('How many singers are there?', rows(['COUNT(*)'], [[6]]), schema)).toEqual({ count: 6, answer: 'There are 6 singers.' });
  });

  it('fills a list of objects from the rows, converting numbers written as text', () => {
    const schema = {
      type: 'object',
      properties: { singers: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'number' } } } } },
    };
    expect(turn('Names and ages of singers', rows(['t1.name', 't1.age'], [['Joe', '52'], ['Tim', 32]]), schema)).toEqual({
      singers: [{ name: 'Joe', age: 52 }, { name: 'Tim', age: 32 }],
    });
  });

  it('fills a list of values from one column', () => {
    const schema = { type: 'object', properties: { names: { type: 'array', items: { type: 'string' } } } };
    expect(turn('What are the names of singers?', rows(['name'], [['Joe'], ['Tim']]), schema)).toEqual({ names: ['Joe', 'Tim'] });
  });
});
