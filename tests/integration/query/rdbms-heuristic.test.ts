// The rdbms pipeline end to end with the heuristic engine (the embedded default) as the model, against a private
// MariaDB with TLS: the engine writes the SQL from the schema, the guard and the read-only
// execution run it, and the engine answers from the rows — two model calls per question.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ONLY_ANSWER, UNSURE_ANSWER } from '../../../lib/query/rdbms';
import { startHeuristicRdbms, type HeuristicRdbms } from '../../support/heuristic-rdbms';
import { mariaDbUnavailableReason } from '../../support/mariadb';

const SEED = `
CREATE TABLE harbour (harbour_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, capacity INT);
CREATE TABLE skipper (skipper_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, home_port VARCHAR(40), age INT);
CREATE TABLE voyage (voyage_id INT PRIMARY KEY, route_name VARCHAR(40), harbour_id INT, year INT,
  FOREIGN KEY (harbour_id) REFERENCES harbour(harbour_id));
CREATE TABLE skipper_on_voyage (voyage_id INT, skipper_id INT, PRIMARY KEY (voyage_id, skipper_id),
  FOREIGN KEY (voyage_id) REFERENCES voyage(voyage_id), FOREIGN KEY (skipper_id) REFERENCES skipper(skipper_id));
INSERT INTO harbour VALUES (1,'North Quay',400),(2,'Old Dock',150),(3,'Sand Pier',320);
INSERT INTO skipper VALUES (1,'Ana','Hull',29),(2,'Ben','Oban',41),(3,'Chloe','Hull',35),(4,'Dev','Cork',52),(5,'Eva','Oban',23);
INSERT INTO voyage VALUES (1,'Fjord Run',1,2014),(2,'Cape Loop',3,2015),(3,'Island Hop',2,2015),(4,'Bay Circuit',1,2016);
INSERT INTO skipper_on_voyage VALUES (1,1),(2,1),(2,2),(3,4),(4,5);
`;
const TABLES = ['harbour', 'skipper', 'voyage', 'skipper_on_voyage'];

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
      const { answer } = await ask('How many skippers are from Hull?');
      expect(answer).toBe('There are 2 skipper rows where home port is "Hull".');
    });

    it('lists the rows a value filters', async () => {
      const { answer } = await ask('What are the names of skippers from Oban?');
      expect(answer).toBe('Name of skipper rows where home port is "Oban" (2): Ben and Eva.');
    });

    it('answers a top-N question in order', async () => {
      const { answer } = await ask('What are the names of the 2 oldest skippers?');
      expect(answer).toBe('Name of skipper rows (2): Dev and Ben.');
    });

    it('counts per group', async () => {
      const { answer } = await ask('How many skippers are there for each home port?');
      expect(answer.split('\n').slice(1).sort()).toEqual(['- Cork | 1', '- Hull | 2', '- Oban | 2']);
    });

    it('joins through the link table for a question about two tables', async () => {
      const { answer, sql } = await ask('What are the names of skippers who sailed on voyages in 2015?');
      expect(sql).toContain('JOIN `skipper_on_voyage` AS t2');
      expect(answer).toMatch(/^Name of skipper rows where year is 2015 \(3\): /);
      expect(
        answer
          .replace(/^.*\(3\): /, '')
          .replace(/\.$/, '')
          .split(/, | and /)
          .sort(),
      ).toEqual(['Ana', 'Ben', 'Dev']);
    });

    it('returns chart code built from the rows inside the answer', async () => {
      const { answer } = await ask('Plot the capacity of each harbour as a bar chart.');
      expect(answer).toContain('import matplotlib.pyplot as plt');
      // The code's data are JSON-compatible lists; pair them up, whatever order the rows came in.
      const labels = JSON.parse(/^labels = (.*)$/m.exec(answer)![1]!) as string[];
      const values = JSON.parse(/^values = (.*)$/m.exec(answer)![1]!) as number[];
      expect(Object.fromEntries(labels.map((label, i) => [label, values[i]]))).toEqual({
        'North Quay': 400,
        'Old Dock': 150,
        'Sand Pier': 320,
      });
    });

    it('writes the same SQL whatever order the tables are listed in', async () => {
      for (const question of [
        'What are the names of skippers who sailed on voyages in 2015?',
        'How many voyages are there in each harbour?',
      ]) {
        const orders = [TABLES, [...TABLES].reverse(), [...TABLES].sort()];
        const sqls = await Promise.all(orders.map(async (tables) => (await run(question, tables)).messages[0]));
        expect(new Set(sqls).size, question).toBe(1);
      }
    });

    it('answers a request to change data plainly and runs nothing', async () => {
      const admin = await sql.db.admin();
      const checksum = async () =>
        JSON.stringify((await admin.query(`CHECKSUM TABLE \`${sql.db.database}\`.skipper EXTENDED`))[0]);
      const before = await checksum();
      const result = await run('Drop the table skipper');
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
      // No column of the skippers holds earnings: counting all 5 would answer another question.
      const result = await run('How many skippers earn more than 100000?');
      expect(result.answer.startsWith(UNSURE_ANSWER)).toBe(true);
      expect(result.answer).toContain('"more than 100000');
      expect(result.messages.some((m) => m.startsWith('QUERY:'))).toBe(false);
      expect(result.messages[0]).toMatch(/^NOT RUN: the question could not be read into a query with confidence: /);
    });

    it('says that no rows matched an aggregate, with numbers as people write them', async () => {
      expect(
        (await ask('What is the average age of skippers whose home port is Hull and age is above 60?')).answer,
      ).toBe('No skipper rows matched: home port is "Hull" and age is greater than 60, so there is no average age.');
      // A home port no row holds: nothing could have matched, and the answer says why rather than "none".
      const { answer, messages } = await run('What is the average age of skippers whose home port is Dover?');
      expect(messages).toEqual([
        'NOT ANSWERED: the query found nothing and no row holds "Dover" in "skipper.home_port"',
        'completed',
      ]);
      expect(answer).toBe(
        'Nothing matched, and nothing could have: no row holds "Dover" in "skipper.home_port". If the value is stored in another column, or written another way, rephrase the question with the table and column names it is about.',
      );
      expect((await ask('What is the average age of skippers?')).answer).toBe('The average age of skipper rows is 36.');
    });

    it('answers in the caller’s JSON schema', async () => {
      const { answer } = await ask('How many voyages are there?', {
        type: 'object',
        properties: { count: { type: 'integer' } },
        required: ['count'],
      });
      expect(JSON.parse(answer)).toEqual({ count: 4 });
    });
  },
);
