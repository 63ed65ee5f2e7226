// Nested and set queries, end to end: the rdbms pipeline with the heuristic engine over a private MariaDB.
// "… that have no …" (NOT IN, with the conditions written after the cue inside it), "… or …" across a
// related table (UNION), two values or two
// ranges on related rows (INTERSECT), "… but not …" (EXCEPT), two values of the row's own column (OR), the
// average and "than every / at least one" as thresholds, and the questions the rules cannot express
// ("than any", an exclusion no key relates), which are declined rather than run without the condition; a
// group's average against the overall one (HAVING) and a comparison with one named row. The data is chosen
// so that dropping the negation, the second set or the grouping gives another answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSURE_ANSWER } from '../../../lib/query/rdbms';
import { startHeuristicRdbms, type HeuristicRdbms } from '../../support/heuristic-rdbms';
import { mariaDbUnavailableReason } from '../../support/mariadb';

const SEED = `
CREATE TABLE skipper (skipper_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, age INT);
CREATE TABLE ferry (ferry_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, tonnage INT, skipper_id INT,
  FOREIGN KEY (skipper_id) REFERENCES skipper(skipper_id));
CREATE TABLE harbour (harbour_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, region VARCHAR(20));
CREATE TABLE crossing (crossing_id INT PRIMARY KEY, ferry_id INT, harbour_id INT, passengers INT,
  FOREIGN KEY (ferry_id) REFERENCES ferry(ferry_id), FOREIGN KEY (harbour_id) REFERENCES harbour(harbour_id));
CREATE TABLE lighthouse (lighthouse_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, keeper VARCHAR(40));
INSERT INTO skipper VALUES (1,'Ines Varro',51),(2,'Tomas Reil',38),(3,'Wren Adair',44);
INSERT INTO ferry VALUES (1,'Ada',900,1),(2,'Brig',400,2),(3,'Corra',650,1),(4,'Dunlin',300,NULL);
INSERT INTO harbour VALUES (1,'Kells','North'),(2,'Orme','South'),(3,'Pellow','North'),(4,'Quay End','West');
INSERT INTO crossing VALUES (1,1,1,120),(2,1,2,80),(3,2,1,45),(4,2,3,60),(5,3,2,150),(6,1,3,30);
INSERT INTO lighthouse VALUES (1,'Stack Light','Odo'),(2,'Gull Point',NULL);
CREATE TABLE cargo (cargo_id INT PRIMARY KEY, kind VARCHAR(20), weight INT);
INSERT INTO cargo VALUES (1,'grain',5),(2,'grain',50),(3,'coal',40),(4,'coal',44),(5,'salt',20),(6,'salt',22);
`;
const TABLES = ['skipper', 'ferry', 'harbour', 'crossing'];

const unavailable = await mariaDbUnavailableReason();

describe.skipIf(unavailable)(`nested and set queries${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let db: HeuristicRdbms;
  beforeAll(async () => {
    db = await startHeuristicRdbms(SEED);
  });
  afterAll(async () => db?.stop());

  async function ask(query: string, tables = TABLES) {
    const result = await db.ask(query, tables);
    expect(result.messages.at(-1)).toBe('completed');
    return { answer: result.answer, messages: result.messages, sql: result.messages[0]!.replace(/^QUERY: /, '') };
  }

  it('"… that have no …" keeps only the rows nothing refers to', async () => {
    const { answer, sql } = await ask('Which ferries have no crossings?');
    expect(sql).toMatch(/NOT IN \(SELECT/);
    expect(answer).toContain('Dunlin');
    for (const sailed of ['Ada', 'Brig', 'Corra']) expect(answer).not.toMatch(new RegExp(`\\b${sailed}\\b`));
  });

  it('"never" counts the rows without a related row', async () => {
    const { answer } = await ask('How many harbours have never had a crossing?');
    expect(answer).toMatch(/^There is 1 harbour row where|^There is 1 /);
  });

  it('a skipper who does not have any ferry', async () => {
    const { answer } = await ask('Which skippers do not command any ferry?');
    expect(answer).toContain('Wren Adair');
    expect(answer).not.toContain('Ines Varro');
  });

  it('"… or …" across a related table: a UNION keeps the rows with no related row (Dunlin)', async () => {
    const { answer, sql } = await ask('Which ferries have a tonnage below 350 or a crossing to Pellow?');
    expect(sql).toMatch(/\bUNION\b/);
    for (const either of ['Dunlin', 'Brig', 'Ada']) expect(answer).toContain(either);
    expect(answer).not.toContain('Corra');
  });

  it('two values on related rows: harbours both ferries called at (INTERSECT)', async () => {
    const { answer, sql } = await ask('Which harbours had crossings by the Ada and the Brig?');
    expect(sql).toMatch(/\bINTERSECT\b/);
    for (const both of ['Kells', 'Pellow']) expect(answer).toContain(both);
    expect(answer).not.toContain('Orme');
  });

  it('"… but not …" on related rows (EXCEPT)', async () => {
    const { answer, sql } = await ask('Which harbours had crossings by Ada but not by Brig?');
    expect(sql).toMatch(/\bEXCEPT\b/);
    expect(answer).toContain('Orme');
    expect(answer).not.toContain('Kells');
  });

  it('declines a set operation through a table the question does not name, and says which to name', async () => {
    // "visited" relates harbours to ferries through crossings; joined nested queries of that kind are wrong
    // too often on the tuning half to run unchecked (the confidence model of nested and set queries).
    const { answer, messages } = await ask('Which harbours were visited by the Ada and the Brig?');
    expect(messages[0]).toMatch(/^NOT RUN: /);
    expect(messages[0]).toContain('"crossing"');
    expect(answer).toMatch(/^Nothing was run/);
  });

  it('a negated value on related rows takes those rows away (EXCEPT), not "some other value"', async () => {
    const { answer, sql } = await ask('Which harbours were never visited by the Brig?');
    expect(sql).toMatch(/\bEXCEPT\b/);
    for (const name of ['Orme', 'Quay End']) expect(answer).toContain(name);
    for (const visited of ['Kells', 'Pellow']) expect(answer).not.toContain(visited);
  });

  it('declines a negation no condition expresses instead of dropping it', async () => {
    const { answer, messages } = await ask('Which skippers are not retired?');
    expect(answer.startsWith(UNSURE_ANSWER)).toBe(true);
    expect(messages[0]).toMatch(/^NOT RUN: .*"not retired/);
  });

  it("two values of the row's own column mean either (OR), not an empty AND", async () => {
    const { answer } = await ask('List the names of harbours in the North and West regions.');
    for (const name of ['Kells', 'Pellow', 'Quay End']) expect(answer).toContain(name);
    expect(answer).not.toContain('Orme');
  });

  it('compares with the average of the column', async () => {
    const { sql, answer } = await ask('What are the names of ferries with a tonnage above the average tonnage?');
    expect(sql).toMatch(/> \(SELECT AVG\(`tonnage`\) FROM `ferry`\)/);
    expect(answer).toContain('Ada');
    expect(answer).toContain('Corra');
    expect(answer).not.toContain('Brig');
  });

  it('compares with an aggregate of the rows the words after "than every / at least one" describe', async () => {
    // Skipper 2 has the Brig (400); skipper 1 the Ada (900) and the Corra (650).
    const every = await ask('Which ferries have a tonnage larger than every ferry of skipper 2?');
    expect(every.sql).toMatch(/> \(SELECT MAX\(`tonnage`\) FROM `ferry` WHERE `skipper_id` = 2\)/);
    for (const name of ['Ada', 'Corra']) expect(every.answer).toContain(name);
    for (const name of ['Brig', 'Dunlin']) expect(every.answer).not.toContain(name);
    const some = await ask('Which ferries have a larger tonnage than at least one ferry of skipper 1?');
    expect(some.sql).toMatch(/> \(SELECT MIN\(`tonnage`\) FROM `ferry` WHERE `skipper_id` = 1\)/);
    expect(some.answer).toContain('Ada');
    for (const name of ['Brig', 'Corra', 'Dunlin']) expect(some.answer).not.toContain(name);
  });

  it("compares each group's average with the overall average in HAVING, not row by row", async () => {
    // Overall average weight 30.2: coal averages 42; grain has a 50 but averages 27.5; salt averages 21.
    const { sql, answer } = await ask('Which kinds of cargo have an average weight above the overall average?', [
      'cargo',
    ]);
    expect(sql).toMatch(/GROUP BY `kind` HAVING AVG\(`weight`\) > \(SELECT AVG\(`weight`\) FROM `cargo`\)/);
    expect(answer).toContain('coal');
    for (const kind of ['grain', 'salt']) expect(answer).not.toContain(kind);
  });

  it('compares with the column of one row the question names, by name or by key', async () => {
    const byName = await ask('Which ferries have a larger tonnage than the Corra?');
    expect(byName.sql).toMatch(/> \(SELECT MAX\(`tonnage`\) FROM `ferry` WHERE `name` = 'Corra'\)/);
    // The answer restates the condition before the colon; the rows found come after it.
    const found = byName.answer.split(':').at(-1)!;
    expect(found).toContain('Ada');
    for (const name of ['Brig', 'Corra', 'Dunlin']) expect(found).not.toContain(name);
    const byKey = await ask('Which skippers are older than the skipper with skipper id 3?');
    expect(byKey.sql).toMatch(/> \(SELECT `age` FROM `skipper` WHERE `skipper_id` = 3\)/);
    expect(byKey.answer).toContain('Ines Varro');
    for (const name of ['Tomas Reil', 'Wren Adair']) expect(byKey.answer).not.toContain(name);
  });

  it('declines "than any" rather than guessing between every and at least one', async () => {
    const { answer, messages } = await ask('Which ferries have a tonnage larger than any ferry of skipper 1?');
    expect(answer.startsWith(UNSURE_ANSWER)).toBe(true);
    expect(messages.some((m) => m.startsWith('QUERY:'))).toBe(false);
  });

  it('two tests of related rows no single row passes: the rows that have both (INTERSECT)', async () => {
    // Kells had crossings of 120 and 45 passengers; Orme 80 and 150; Pellow 60 and 30.
    const { answer, sql } = await ask(
      'Which harbours had crossings with more than 100 passengers and crossings with fewer than 50 passengers?',
    );
    expect(sql).toMatch(/\bINTERSECT\b/);
    expect(answer).toContain('Kells');
    for (const name of ['Orme', 'Pellow']) expect(answer).not.toContain(name);
  });

  it('an exclusion keeps the conditions written after its cue inside it', async () => {
    // Only the Ada crossed to Pellow with fewer than 40 passengers; the Brig and the Corra did not.
    const { answer, sql } = await ask('Which ferries have no crossings with fewer than 40 passengers?');
    expect(sql).toMatch(/NOT IN \(SELECT `ferry_id` FROM `crossing` WHERE `passengers` < 40/);
    for (const name of ['Brig', 'Corra', 'Dunlin']) expect(answer).toContain(name);
    expect(answer).not.toMatch(/\bAda\b/);
  });

  it('declines an exclusion it cannot relate to the rows asked for, and runs nothing', async () => {
    const { answer, messages } = await ask('Which lighthouses have no ferries?', ['lighthouse', 'ferry']);
    expect(answer.startsWith(UNSURE_ANSWER)).toBe(true);
    expect(messages[0]).toMatch(/^NOT RUN: the question could not be read into a query with confidence: /);
    expect(messages.some((m) => m.startsWith('QUERY:'))).toBe(false);
  });
});
