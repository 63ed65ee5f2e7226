// After the query ran, end to end over a private MariaDB (TLS): a query that found nothing is checked against
// the values it tests (an empty answer because a column holds no such value in any row is declined, one where
// the values are stored but nothing else matched is answered), and a count over a join is run beside the
// count of each row once (declined when the join repeats rows), and a reading that only the order of the
// columns decided runs beside the reading of the other order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMBIGUOUS_ANSWER, UNMATCHED_ANSWER } from '../../../lib/query/rdbms';
import { startHeuristicRdbms, type HeuristicRdbms } from '../../support/heuristic-rdbms';
import { mariaDbUnavailableReason } from '../../support/mariadb';

// Aurora crossed to Pellow twice, Tern once; no ferry is based at a port called Zed.
const SEED = `
CREATE TABLE ferry (ferry_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, home_port VARCHAR(40), built_year INT);
CREATE TABLE deckhand (deckhand_id INT PRIMARY KEY, first_name VARCHAR(40), last_name VARCHAR(40), age INT);
INSERT INTO deckhand VALUES (1,'Ines','Varro',45),(2,'Tomas','Keel',52),(3,'Ada','Lund',23);
CREATE TABLE crossing (crossing_id INT PRIMARY KEY, ferry_id INT, harbour VARCHAR(40), passengers INT,
  FOREIGN KEY (ferry_id) REFERENCES ferry(ferry_id));
INSERT INTO ferry VALUES (1,'Aurora','Kells',1998),(2,'Tern','Oban',2011),(3,'Skua','Oban',2016);
INSERT INTO crossing VALUES (1,1,'Pellow',40),(2,1,'Pellow',55),(3,2,'Pellow',12),(4,3,'Kells',30);
`;
const TABLES = ['ferry', 'crossing'];

const unavailable = await mariaDbUnavailableReason();

describe.skipIf(unavailable)(`checks after the query ran${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let db: HeuristicRdbms;
  beforeAll(async () => {
    db = await startHeuristicRdbms(SEED);
  });
  afterAll(async () => db?.stop());

  it('declines a count of nothing whose tested column holds the value in no row, naming both', async () => {
    const { answer, messages } = await db.ask('How many ferries have the home port Zed?', TABLES);
    expect(answer.startsWith(UNMATCHED_ANSWER)).toBe(true);
    expect(messages).toEqual([
      'NOT ANSWERED: the query found nothing and no row holds "Zed" in "ferry.home_port"',
      'completed',
    ]);
  });

  it('answers a count of nothing when the values it tests are stored', async () => {
    const { answer, messages } = await db.ask('How many ferries from Kells were built after 2020?', TABLES);
    expect(messages[0]).toBe("QUERY: SELECT COUNT(*) FROM `ferry` WHERE `home_port` = 'Kells' AND `built_year` > 2020");
    expect(answer.startsWith(UNMATCHED_ANSWER)).toBe(false);
  });

  it('declines a count over a join that repeats rows: each ferry once, or once per crossing', async () => {
    const { answer } = await db.ask('How many ferries made a crossing to Pellow?', TABLES);
    expect(answer.startsWith(AMBIGUOUS_ANSWER)).toBe(true);
    expect(answer).toContain('the number of rows of "ferry" or of the rows the join makes');
    expect(answer).not.toMatch(/\b[23]\b/);
  });

  it('declines a reading that only the order of the columns decided, when the other order gives other rows', async () => {
    const { answer, messages } = await db.ask('Which deckhands are older than 40?', ['deckhand']);
    expect(answer.startsWith(AMBIGUOUS_ANSWER)).toBe(true);
    expect(messages[0]).toBe(
      'NOT ANSWERED: two readings of the question return different rows: the column "deckhand.first_name" or "deckhand.last_name", which fit the question equally well',
    );
    expect(answer).not.toContain('Tomas');
  });
});
