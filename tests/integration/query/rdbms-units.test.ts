// Units against columns, end to end: the rdbms pipeline with the heuristic engine over a private MariaDB.
// A quantity the question writes in one unit must be compared in the unit the column stores. The
// data is chosen so that the unconverted comparison (or none at all) gives another answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHeuristicRdbms, type HeuristicRdbms } from '../../support/heuristic-rdbms';
import { mariaDbUnavailableReason } from '../../support/mariadb';

const SEED = `
CREATE TABLE episodes (episode_id INT PRIMARY KEY, title VARCHAR(60) NOT NULL, duration_ms INT,
  released_on DATE, skip_rate DECIMAL(4,3));
CREATE TABLE trails (trail_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, distance_km DOUBLE, climb_m INT);
CREATE TABLE kilns (kiln_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, firing_hours DOUBLE,
  cooling_time INT COMMENT 'cooling time in minutes');
INSERT INTO episodes VALUES
  (1,'Tide Tables',1830000,'2024-03-02',0.120),(2,'Lantern Makers',95000,'2023-11-20',0.400),
  (3,'Salt Roads',420000,'2022-06-15',0.050),(4,'Copper Bells',290000,'2024-08-30',0.310),
  (5,'Night Ferries',61000,'2021-01-09',0.220);
INSERT INTO trails VALUES (1,'Fern Loop',2.4,120),(2,'Ridge Walk',11.8,950),(3,'Mill Path',4.1,60),(4,'Crag Line',7.5,610);
INSERT INTO kilns VALUES (1,'Red Kiln',9.5,600),(2,'Salt Kiln',30,1500),(3,'Small Kiln',3,180);
`;
const TABLES = ['episodes', 'trails', 'kilns'];

const unavailable = await mariaDbUnavailableReason();

describe.skipIf(unavailable)(
  `quantities against the column's unit${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let db: HeuristicRdbms;
    beforeAll(async () => {
      db = await startHeuristicRdbms(SEED);
    });
    afterAll(async () => db?.stop());

    async function ask(query: string) {
      const result = await db.ask(query, TABLES);
      expect(result.messages[0]).toMatch(/^QUERY: SELECT /);
      expect(result.messages.at(-1)).toBe('completed');
      const notApplied = result.messages.filter((m) => m.startsWith('NOT APPLIED'));
      return { answer: result.answer, sql: result.messages[0]!.slice('QUERY: '.length), notApplied };
    }

    it('minutes against a milliseconds column: the count of the longer ones, and nothing reported unapplied', async () => {
      const { answer, sql, notApplied } = await ask('How many episodes are longer than 5 minutes?');
      expect(sql).toMatch(/`duration_ms` > 300000\b/);
      expect(answer).toBe('There are 2 episodes where duration ms is greater than 300000.');
      expect(notApplied).toEqual([]);
    });

    it('a range written with one unit converts both ends', async () => {
      const { answer } = await ask('List the titles of episodes between 1 and 5 minutes long.');
      expect(answer).toMatch(/\(3\): Copper Bells, Lantern Makers and Night Ferries|\(3\):/);
      for (const title of ['Copper Bells', 'Lantern Makers', 'Night Ferries']) expect(answer).toContain(title);
      expect(answer).not.toContain('Tide Tables');
    });

    it('miles against kilometres, and kilometres against metres', async () => {
      const shorter = await ask('Which trails are shorter than 3 miles?');
      expect(shorter.sql).toMatch(/`distance_km` < 4\.828032\b/);
      for (const name of ['Fern Loop', 'Mill Path']) expect(shorter.answer).toContain(name);
      expect(shorter.answer).not.toContain('Crag Line');
      const climbs = await ask('How many trails climb more than 0.5 km?');
      expect(climbs.sql).toMatch(/`climb_m` > 500\b/);
      expect(climbs.answer).toMatch(/^There are 2 trails where/);
    });

    it('a unit said in the column comment counts too (hours against minutes)', async () => {
      const { answer, sql } = await ask('Which kilns have a cooling time over 12 hours?');
      expect(sql).toMatch(/`cooling_time` > 720\b/);
      expect(answer).toContain('Salt Kiln');
      expect(answer).not.toContain('Red Kiln');
    });

    it('a percentage against a column of fractions', async () => {
      const { answer, sql } = await ask('Which episodes have a skip rate above 30%?');
      expect(sql).toMatch(/`skip_rate` > 0\.3\b/);
      expect(answer).toContain('Lantern Makers');
      expect(answer).toContain('Copper Bells');
      expect(answer).not.toContain('Tide Tables');
    });

    it('a year against a DATE column compares the year, not the date as a number', async () => {
      const { answer, sql } = await ask('How many episodes were released after 2023?');
      expect(sql).toMatch(/YEAR\(`released_on`\) > 2023/);
      expect(answer).toMatch(/^There are 2 episodes where/);
    });
  },
);
