// Ambiguity by execution, end to end: the rdbms pipeline with the heuristic engine over a private MariaDB
// (TLS). Where the writer had a near-tied other reading, its query runs too; the question is declined,
// naming both readings, only when the two return different rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMBIGUOUS_ANSWER } from '../../../lib/query/rdbms';
import { startHeuristicRdbms, type HeuristicRdbms } from '../../support/heuristic-rdbms';
import { mariaDbUnavailableReason } from '../../support/mariadb';

// Two fares per ferry, and two ports that hold the same harbours: Kells is the home and the last port of
// the same ferry (both readings agree), Oban is not (they differ).
const SEED = `
CREATE TABLE ferry (ferry_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, lowest_fare DECIMAL(6,2),
  highest_fare DECIMAL(6,2), home_port VARCHAR(40), last_port VARCHAR(40), built_year INT);
INSERT INTO ferry VALUES
  (1,'Aurora',12,30,'Kells','Kells',1998),(2,'Tern',8,20,'Oban','Bergen',2011),(3,'Skua',9,9,'Oban','Oban',2016);
`;
const TABLES = ['ferry'];

const unavailable = await mariaDbUnavailableReason();

describe.skipIf(unavailable)(
  `rival readings run beside the query${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let db: HeuristicRdbms;
    beforeAll(async () => {
      db = await startHeuristicRdbms(SEED);
    });
    afterAll(async () => db?.stop());

    it('declines a question whose two readings return different rows, naming both', async () => {
      const { answer, messages } = await db.ask('What is the fare of the ferry Aurora?', TABLES);
      expect(answer.startsWith(AMBIGUOUS_ANSWER)).toBe(true);
      expect(answer).toContain('"ferry.lowest_fare" or "ferry.highest_fare"');
      expect(messages).toEqual([
        'NOT ANSWERED: two readings of the question return different rows: the column "ferry.lowest_fare" or "ferry.highest_fare" for "fare"',
        'completed',
      ]);
      expect(answer).not.toContain('12');
    });

    it('declines a value two columns store when the columns give other rows', async () => {
      const { answer } = await db.ask('Which ferries are from Oban?', TABLES);
      expect(answer.startsWith(AMBIGUOUS_ANSWER)).toBe(true);
      expect(answer).toContain('the value "Oban" as "ferry.home_port" or as "ferry.last_port"');
    });

    it('answers when both readings return the same rows', async () => {
      const { answer, messages } = await db.ask('Which ferries are from Kells?', TABLES);
      expect(messages[0]).toMatch(/^QUERY: SELECT `name` FROM `ferry` WHERE `(home|last)_port` = 'Kells'/);
      expect(answer).toContain('Aurora');
      expect(answer).not.toContain('Tern');
    });

    it('answers a question read one way only', async () => {
      const { answer, messages } = await db.ask('List the names of ferries built after 2000.', TABLES);
      expect(messages[0]).toBe('QUERY: SELECT `name` FROM `ferry` WHERE `built_year` > 2000');
      expect(answer).toContain('Tern');
      expect(answer).toContain('Skua');
      expect(answer).not.toContain('Aurora');
    });
  },
);
