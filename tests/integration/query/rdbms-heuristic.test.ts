// The rdbms pipeline end to end with the heuristic engine (the embedded default) as the model, against a private
// MariaDB with TLS: the engine writes the SQL from the schema, the guard and the read-only
// execution run it, and the engine answers from the rows — two model calls per question.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ONLY_ANSWER, UNSURE_ANSWER } from '../../../lib/query/rdbms';
import { startHeuristicRdbms, type HeuristicRdbms } from '../../support/heuristic-rdbms';
import { mariaDbUnavailableReason } from '../../support/mariadb';

const SEED = `
CREATE TABLE stadium (stadium_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, capacity INT);
CREATE TABLE singer (singer_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, country VARCHAR(40), age INT);
CREATE TABLE concert (concert_id INT PRIMARY KEY, concert_name VARCHAR(40), stadium_id INT, year INT,
  FOREIGN KEY (stadium_id) REFERENCES stadium(stadium_id));
CREATE TABLE singer_in_concert (concert_id INT, singer_id INT, PRIMARY KEY (concert_id, singer_id),
  FOREIGN KEY (concert_id) REFERENCES concert(concert_id), FOREIGN KEY (singer_id) REFERENCES singer(singer_id));
INSERT INTO stadium VALUES (1,'Wembley',90000),(2,'Hampden Park',51866),(3,'Stade de France',80698);
INSERT INTO singer VALUES (1,'Ana','France',29),(2,'Ben','Germany',41),(3,'Chloe','France',35),(4,'Dev','India',52),(5,'Eva','Germany',23);
INSERT INTO concert VALUES (1,'Spring Tour',1,2014),(2,'Summer Nights',3,2015),(3,'Autumn Leaves',2,2015),(4,'Winter Songs',1,2016);
INSERT INTO singer_in_concert VALUES (1,1),(2,1),(2,2),(3,4),(4,5);
`;
const TABLES = ['stadium', 'singer', 'concert', 'singer_in_concert'];

const unavailable = await mariaDbUnavailableReason();

describe.skipIf(unavailable)(
  `the rdbms pipeline with the local engine${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let sql: HeuristicRdbms;

    beforeAll(async () => {
      sql = await startHeuristicRdbms(SEED);
    });
    afterAll(async () => sql?.stop());

    const run = (query: string, tables = TABLES, structured?: object) => sql.ask(query, tables, structured);

    async function ask(query: string, structured?: object) {
      const result = await run(query, TABLES, structured);
      expect(result.messages).toHaveLength(2);
      expect(result.messages[0]).toMatch(/^QUERY: SELECT /);
      expect(result.messages.at(-1)).toBe('completed');
      expect(result.calls).toBe(2);
      return { ...result, sql: result.messages[0]!.slice('QUERY: '.length) };
    }

    it('counts with a filter on a value found in the data', async () => {
      const { answer } = await ask('How many singers are from France?');
      expect(answer).toBe('There are 2 singer rows where country is "France".');
    });

    it('lists the rows a value filters', async () => {
      const { answer } = await ask('What are the names of singers from Germany?');
      expect(answer).toBe('Name of singer rows where country is "Germany" (2): Ben and Eva.');
    });

    it('answers a top-N question in order', async () => {
      const { answer } = await ask('What are the names of the 2 oldest singers?');
      expect(answer).toBe('Name of singer rows (2): Dev and Ben.');
    });

    it('counts per group', async () => {
      const { answer } = await ask('How many singers are there for each country?');
      expect(answer.split('\n').slice(1).sort()).toEqual(['- France | 2', '- Germany | 2', '- India | 1']);
    });

    it('joins through the link table for a question about two tables', async () => {
      const { answer, sql } = await ask('What are the names of singers who performed in concerts in 2015?');
      expect(sql).toContain('JOIN `singer_in_concert` AS t2');
      expect(answer).toMatch(/^Name of singer rows where year is 2015 \(3\): /);
      expect(
        answer
          .replace(/^.*\(3\): /, '')
          .replace(/\.$/, '')
          .split(/, | and /)
          .sort(),
      ).toEqual(['Ana', 'Ben', 'Dev']);
    });

    it('returns chart code built from the rows inside the answer', async () => {
      const { answer } = await ask('Plot the capacity of each stadium as a bar chart.');
      expect(answer).toContain('import matplotlib.pyplot as plt');
      // The code's data are JSON-compatible lists; pair them up, whatever order the rows came in.
      const labels = JSON.parse(/^labels = (.*)$/m.exec(answer)![1]!) as string[];
      const values = JSON.parse(/^values = (.*)$/m.exec(answer)![1]!) as number[];
      expect(Object.fromEntries(labels.map((label, i) => [label, values[i]]))).toEqual({
        Wembley: 90000,
        'Hampden Park': 51866,
        'Stade de France': 80698,
      });
    });

    it('writes the same SQL whatever order the tables are listed in', async () => {
      for (const question of [
        'What are the names of singers who performed in concerts in 2015?',
        'How many concerts are there in each stadium?',
      ]) {
        const orders = [TABLES, [...TABLES].reverse(), [...TABLES].sort()];
        const sqls = await Promise.all(orders.map(async (tables) => (await run(question, tables)).messages[0]));
        expect(new Set(sqls).size, question).toBe(1);
      }
    });

    it('answers a request to change data plainly and runs nothing', async () => {
      const admin = await sql.db.admin();
      const checksum = async () =>
        JSON.stringify((await admin.query(`CHECKSUM TABLE \`${sql.db.database}\`.singer EXTENDED`))[0]);
      const before = await checksum();
      const result = await run('Drop the table singer');
      expect(result.answer).toBe(READ_ONLY_ANSWER);
      expect(result.messages).toEqual([
        'NOT RUN: the request asks to change data; the service only reads',
        'completed',
      ]);
      expect(result.calls).toBe(1);
      expect(await checksum()).toBe(before);
      await admin.end();
    });

    it('declines a comparison it cannot tie to a column rather than counting every row', async () => {
      // No column of the singers holds earnings: counting all 5 would answer another question.
      const result = await run('How many singers earn more than 100000?');
      expect(result.answer.startsWith(UNSURE_ANSWER)).toBe(true);
      expect(result.answer).toContain('"more than 100000');
      expect(result.messages.some((m) => m.startsWith('QUERY:'))).toBe(false);
      expect(result.messages[0]).toMatch(/^NOT RUN: the question could not be read into a query with confidence: /);
    });

    it('says that no rows matched an aggregate, with numbers as people write them', async () => {
      // The question names the column: a value stored nowhere ("Peru") tied to no column is declined instead.
      expect((await ask('What is the average age of singers whose country is Peru?')).answer).toBe(
        'No singer rows matched: country is "Peru", so there is no average age.',
      );
      expect((await ask('What is the average age of singers?')).answer).toBe('The average age of singer rows is 36.');
    });

    it('answers in the caller’s JSON schema', async () => {
      const { answer } = await ask('How many concerts are there?', {
        type: 'object',
        properties: { count: { type: 'integer' } },
        required: ['count'],
      });
      expect(JSON.parse(answer)).toEqual({ count: 4 });
    });
  },
);
