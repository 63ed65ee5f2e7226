// The heuristic engine's text-to-SQL, judged by what its SQL returns: each question's SQL, written from
// the schema introspected from a private MariaDB, is guarded and run there, and its rows are
// compared with those of a hand-written reference query (as a multiset; as a sequence when the
// reference orders its rows). The SQL text itself is not pinned: any statement with the reference's
// rows passes. The data is chosen so that each reference returns rows a wrong reading would not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSql } from '@fnquery/heuristic-engine';
import { withDatabaseSession, type ConnectOptions, type DatabaseSession } from '../../../lib/sql/connect';
import { parseConnectionString } from '../../../lib/sql/dsn';
import { executeGuardedSql } from '../../../lib/sql/execute';
import { guardSql } from '../../../lib/sql/guard';
import { introspectTables, type DatabaseSchema } from '../../../lib/sql/introspect';
import type { PlainValue } from '../../../lib/sql/values';
import { mariaDbUnavailableReason, startMariaDb, type MariaDbServer } from '../../support/mariadb';

const SEED = `
CREATE TABLE stadium (stadium_id INT PRIMARY KEY, name VARCHAR(50), location VARCHAR(50), capacity INT, opening_year INT);
CREATE TABLE singer (singer_id INT PRIMARY KEY, name VARCHAR(50), country VARCHAR(50), age INT, is_male CHAR(1));
CREATE TABLE concert (concert_id INT PRIMARY KEY, concert_name VARCHAR(50), theme VARCHAR(50), stadium_id INT, year INT,
  FOREIGN KEY (stadium_id) REFERENCES stadium(stadium_id));
CREATE TABLE singer_in_concert (concert_id INT, singer_id INT, PRIMARY KEY (concert_id, singer_id),
  FOREIGN KEY (concert_id) REFERENCES concert(concert_id), FOREIGN KEY (singer_id) REFERENCES singer(singer_id));
-- No declared foreign key: the join is inferred from the same-named key column.
CREATE TABLE song (song_id INT PRIMARY KEY, title VARCHAR(80), singer_id INT, sales DOUBLE);
INSERT INTO stadium VALUES (1,'Wembley','London',90000,2007),(2,'Hampden Park','Glasgow',51866,1903),
  (3,'Stade de France','Paris',80698,1998),(4,'Arena Nova','Vienna',12000,2004);
INSERT INTO singer VALUES (1,'Joe Sharp','Netherlands',52,'F'),(2,'Timbaland','United States',32,'T'),
  (3,'Justin Brown','France',29,'T'),(4,'Rose White','France',41,'F'),(5,'John Nizinik','France',43,'T'),
  (6,'O''Brien','United States',25,'T'),(7,'Tribal King','France',22,'T');
INSERT INTO concert VALUES (1,'Auditions','Free choice',1,2014),(2,'Super bootcamp','Free choice 2',2,2014),
  (3,'Home Visits','Bleeding Love',2,2015),(4,'Week 1','Wide Awake',3,2014),(5,'Week 2','Party All Night',1,2015);
INSERT INTO singer_in_concert VALUES (1,2),(1,3),(2,1),(3,4),(4,5),(4,6),(5,7);
INSERT INTO song VALUES (1,'Love',3,150000),(2,'Dance',4,90000),(3,'Rain',1,300000),(4,'Sun',5,50000),
  (5,'Moon',2,220000),(6,'Star',7,120000),(7,'Sky',3,80000);
`;
const TABLES = ['stadium', 'singer', 'concert', 'singer_in_concert', 'song'];
const ROW_LIMIT = 100;

// [form, question, reference SQL]: the reference is what a person would write, not the engine's text.
const CASES: [form: string, question: string, reference: string][] = [
  ['count', 'How many singers are there?', 'SELECT COUNT(*) FROM singer'],
  ['list', 'List the names of all singers.', 'SELECT name FROM singer'],
  [
    'filter by a stored value',
    'What are the names of singers from France?',
    "SELECT name FROM singer WHERE country = 'France'",
  ],
  ['numeric comparison', 'Show the names of singers older than 40.', 'SELECT name FROM singer WHERE age > 40'],
  [
    'between',
    'List the names of singers whose age is between 20 and 30.',
    'SELECT name FROM singer WHERE age >= 20 AND age <= 30',
  ],
  [
    'after a year',
    'Show the names of stadiums opened after 2000.',
    'SELECT name FROM stadium WHERE opening_year > 2000',
  ],
  [
    'average with a filter',
    'What is the average age of singers from France?',
    "SELECT AVG(age) FROM singer WHERE country = 'France'",
  ],
  [
    'maximum and minimum',
    'What are the maximum and minimum capacity of stadiums?',
    'SELECT MAX(capacity), MIN(capacity) FROM stadium',
  ],
  ['total', 'What is the total sales of songs?', 'SELECT SUM(sales) FROM song'],
  [
    'superlative',
    'Show the name of the stadium with the highest capacity.',
    'SELECT name FROM stadium ORDER BY capacity DESC LIMIT 1',
  ],
  [
    'top N by an adjective',
    'What are the names of the 3 youngest singers?',
    'SELECT name FROM singer ORDER BY age LIMIT 3',
  ],
  [
    'top N by a column',
    'Show the titles of the top 5 songs by sales.',
    'SELECT title FROM song ORDER BY sales DESC LIMIT 5',
  ],
  [
    'group-by count',
    'How many singers are there for each country?',
    'SELECT country, COUNT(*) FROM singer GROUP BY country',
  ],
  [
    'most common',
    'Which country has the most singers?',
    'SELECT country FROM singer GROUP BY country ORDER BY COUNT(*) DESC LIMIT 1',
  ],
  ['distinct', 'What are the different countries of singers?', 'SELECT DISTINCT country FROM singer'],
  [
    'count distinct',
    'How many different countries do singers come from?',
    'SELECT COUNT(DISTINCT country) FROM singer',
  ],
  ['order', 'List the names of singers in descending order of age.', 'SELECT name FROM singer ORDER BY age DESC'],
  ['pattern', 'Which singers have names containing "Jo"?', "SELECT name FROM singer WHERE name LIKE '%Jo%'"],
  ['quote in a copied value', `Which singers are named "O'Brien"?`, "SELECT name FROM singer WHERE name = 'O''Brien'"],
  [
    'join along a foreign key',
    "What are the names of concerts held in the stadium named 'Wembley'?",
    "SELECT c.concert_name FROM concert c, stadium s WHERE c.stadium_id = s.stadium_id AND s.name = 'Wembley'",
  ],
  [
    'join through a link table',
    'What are the names of singers who performed in concerts in 2014?',
    'SELECT s.name FROM singer s WHERE s.singer_id IN (SELECT sc.singer_id FROM singer_in_concert sc JOIN concert c USING (concert_id) WHERE c.year = 2014)',
  ],
  [
    'join inferred from a same-named key',
    'What are the titles of songs by singers from France?',
    "SELECT title FROM song WHERE singer_id IN (SELECT singer_id FROM singer WHERE country = 'France')",
  ],
  [
    'having a count of related rows',
    'Which stadiums have at least 2 concerts?',
    'SELECT name FROM stadium WHERE (SELECT COUNT(*) FROM concert WHERE concert.stadium_id = stadium.stadium_id) >= 2',
  ],
];

/** Numbers, also those written as text (DECIMAL results), compare by value to 9 significant digits. */
function cell(value: PlainValue): string {
  if (value === null) return 'NULL';
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?\s*$/i.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isNaN(n)) return `#${Number(n.toPrecision(9))}`;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const unavailable = await mariaDbUnavailableReason();

describe.skipIf(unavailable)(
  `local text-to-SQL, executed and compared with a reference query${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let db: MariaDbServer;
    let session: DatabaseSession;
    let schema: DatabaseSchema;
    let close: () => void;

    beforeAll(async () => {
      db = await startMariaDb();
      const admin = await db.admin();
      await admin.query(`USE \`${db.database}\`; ${SEED}`);
      await admin.end();
      const options: ConnectOptions = {
        allowLoopback: true,
        extraCAs: [db.caPem],
        connectTimeoutMs: 5000,
        statementTimeoutMs: 5000,
      };
      // One session for the whole file, held open until afterAll.
      await new Promise<void>((ready, failed) => {
        withDatabaseSession(parseConnectionString(db.dsn()), options, async (s) => {
          session = s;
          schema = await introspectTables(s, TABLES);
          ready();
          await new Promise<void>((done) => (close = done));
        }).catch(failed);
      });
    });
    afterAll(async () => {
      close?.();
      await db?.stop();
    });

    /** The rows of a statement after the guard, each as its normalised cells. */
    async function rowsOf(sql: string): Promise<{ columns: number; rows: string[][] }> {
      const guarded = guardSql(sql, {
        allowedTables: TABLES,
        rowLimit: ROW_LIMIT,
        flavour: session.flavour,
        database: db.database,
      });
      const result = await executeGuardedSql(session, guarded, { rowLimit: ROW_LIMIT });
      return { columns: result.columns.length, rows: result.rows.map((r) => r.map(cell)) };
    }

    it.each(CASES)('%s: %s', async (_form, question, reference) => {
      const expected = await rowsOf(reference);
      expect(expected.rows.length, 'the reference returns rows').toBeGreaterThan(0);
      const draft = writeSql({ question, schema }).value;
      if (!('sql' in draft)) throw new Error(`The engine wrote no SELECT: ${JSON.stringify(draft)}`);
      const { sql } = draft;
      const actual = await rowsOf(sql);
      const sequence = (r: { rows: string[][] }) => r.rows.map((row) => JSON.stringify(row));
      expect(actual.columns, sql).toBe(expected.columns);
      if (/\bORDER\s+BY\b/i.test(reference)) expect(sequence(actual), sql).toEqual(sequence(expected));
      else expect(sequence(actual).sort(), sql).toEqual(sequence(expected).sort());
    });
  },
);
