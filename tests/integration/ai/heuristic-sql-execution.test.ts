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
CREATE TABLE harbour (harbour_id INT PRIMARY KEY, name VARCHAR(50), town VARCHAR(50), capacity INT, opening_year INT);
CREATE TABLE skipper (skipper_id INT PRIMARY KEY, name VARCHAR(50), home_port VARCHAR(50), age INT, is_licensed CHAR(1));
CREATE TABLE voyage (voyage_id INT PRIMARY KEY, route_name VARCHAR(50), purpose VARCHAR(50), harbour_id INT, year INT,
  FOREIGN KEY (harbour_id) REFERENCES harbour(harbour_id));
CREATE TABLE skipper_on_voyage (voyage_id INT, skipper_id INT, PRIMARY KEY (voyage_id, skipper_id),
  FOREIGN KEY (voyage_id) REFERENCES voyage(voyage_id), FOREIGN KEY (skipper_id) REFERENCES skipper(skipper_id));
-- No declared foreign key: the join is inferred from the same-named key column.
CREATE TABLE shipment (shipment_id INT PRIMARY KEY, label VARCHAR(80), skipper_id INT, tonnage DOUBLE);
INSERT INTO harbour VALUES (1,'North Quay','Bergen',400,2007),(2,'Old Dock','Tromso',150,1903),
  (3,'Sand Pier','Stavanger',320,1998),(4,'East Basin','Alesund',60,2004);
INSERT INTO skipper VALUES (1,'Ivo Marsh','Oban',52,'F'),(2,'Kai Lund','Cork',32,'T'),
  (3,'Nell Ward','Hull',29,'T'),(4,'Rhea Stone','Hull',41,'F'),(5,'Mavis Kerr','Hull',43,'T'),
  (6,'O''Neill','Cork',25,'T'),(7,'Tam Reed','Hull',22,'T');
INSERT INTO voyage VALUES (1,'Fjord Run','Survey',1,2014),(2,'Cape Loop','Ferry',2,2014),
  (3,'Island Hop','Freight',2,2015),(4,'Coast Line','Survey',3,2014),(5,'Bay Circuit','Ferry',1,2015);
INSERT INTO skipper_on_voyage VALUES (1,2),(1,3),(2,1),(3,4),(4,5),(4,6),(5,7);
INSERT INTO shipment VALUES (1,'Nets',3,150),(2,'Rope',4,90),(3,'Ice',1,300),(4,'Salt',5,50),
  (5,'Timber',2,220),(6,'Tar',7,120),(7,'Coal',3,80);
`;
const TABLES = ['harbour', 'skipper', 'voyage', 'skipper_on_voyage', 'shipment'];
const ROW_LIMIT = 100;

// [form, question, reference SQL]: the reference is what a person would write, not the engine's text.
const CASES: [form: string, question: string, reference: string][] = [
  ['count', 'How many skippers are there?', 'SELECT COUNT(*) FROM skipper'],
  ['list', 'List the names of all skippers.', 'SELECT name FROM skipper'],
  [
    'filter by a stored value',
    'What are the names of skippers from Hull?',
    "SELECT name FROM skipper WHERE home_port = 'Hull'",
  ],
  ['numeric comparison', 'Show the names of skippers older than 40.', 'SELECT name FROM skipper WHERE age > 40'],
  [
    'between',
    'List the names of skippers whose age is between 20 and 30.',
    'SELECT name FROM skipper WHERE age >= 20 AND age <= 30',
  ],
  [
    'after a year',
    'Show the names of harbours opened after 2000.',
    'SELECT name FROM harbour WHERE opening_year > 2000',
  ],
  [
    'average with a filter',
    'What is the average age of skippers from Hull?',
    "SELECT AVG(age) FROM skipper WHERE home_port = 'Hull'",
  ],
  [
    'maximum and minimum',
    'What are the maximum and minimum capacity of harbours?',
    'SELECT MAX(capacity), MIN(capacity) FROM harbour',
  ],
  ['total', 'What is the total tonnage of shipments?', 'SELECT SUM(tonnage) FROM shipment'],
  [
    'superlative',
    'Show the name of the harbour with the highest capacity.',
    'SELECT name FROM harbour ORDER BY capacity DESC LIMIT 1',
  ],
  [
    'top N by an adjective',
    'What are the names of the 3 youngest skippers?',
    'SELECT name FROM skipper ORDER BY age LIMIT 3',
  ],
  [
    'top N by a column',
    'Show the labels of the top 5 shipments by tonnage.',
    'SELECT label FROM shipment ORDER BY tonnage DESC LIMIT 5',
  ],
  [
    'group-by count',
    'How many skippers are there for each home port?',
    'SELECT home_port, COUNT(*) FROM skipper GROUP BY home_port',
  ],
  [
    'most common',
    'Which home port has the most skippers?',
    'SELECT home_port FROM skipper GROUP BY home_port ORDER BY COUNT(*) DESC LIMIT 1',
  ],
  ['distinct', 'What are the different home ports of skippers?', 'SELECT DISTINCT home_port FROM skipper'],
  [
    'count distinct',
    'How many different home ports do skippers sail from?',
    'SELECT COUNT(DISTINCT home_port) FROM skipper',
  ],
  ['order', 'List the names of skippers in descending order of age.', 'SELECT name FROM skipper ORDER BY age DESC'],
  ['pattern', 'Which skippers have names containing "Ma"?', "SELECT name FROM skipper WHERE name LIKE '%Ma%'"],
  [
    'quote in a copied value',
    `Which skippers are named "O'Neill"?`,
    "SELECT name FROM skipper WHERE name = 'O''Neill'",
  ],
  [
    'join along a foreign key',
    "What are the route names of voyages starting at the harbour named 'North Quay'?",
    "SELECT v.route_name FROM voyage v, harbour h WHERE v.harbour_id = h.harbour_id AND h.name = 'North Quay'",
  ],
  [
    'join through a link table',
    'What are the names of skippers who sailed on voyages in 2014?',
    'SELECT s.name FROM skipper s WHERE s.skipper_id IN (SELECT sv.skipper_id FROM skipper_on_voyage sv JOIN voyage v USING (voyage_id) WHERE v.year = 2014)',
  ],
  [
    'join inferred from a same-named key',
    'What are the labels of shipments by skippers from Hull?',
    "SELECT label FROM shipment WHERE skipper_id IN (SELECT skipper_id FROM skipper WHERE home_port = 'Hull')",
  ],
  [
    'having a count of related rows',
    'Which harbours have at least 2 voyages?',
    'SELECT name FROM harbour WHERE (SELECT COUNT(*) FROM voyage WHERE voyage.harbour_id = harbour.harbour_id) >= 2',
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
