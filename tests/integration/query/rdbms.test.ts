import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RowDataPacket } from 'mysql2/promise';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { startIngestStack, type IngestStack } from '../ingest/stack';
import { startFakeOpenAI, type FakeOpenAI } from '../../support/fake-openai';
import { mariaDbUnavailableReason, startMariaDb, type MariaDbServer } from '../../support/mariadb';
import type { HandlerFn } from '../../support/api-event';

const CALLER_KEY = 'sk-caller-key-rdbms-0123456789';
const SEED = `
CREATE TABLE skipper (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, home_port VARCHAR(40), age INT);
CREATE TABLE voyage (id INT PRIMARY KEY, skipper_id INT, year INT, FOREIGN KEY (skipper_id) REFERENCES skipper(id));
INSERT INTO skipper VALUES (1,'Ana','Hull',29),(2,'Ben','Oban',41),(3,'Chloe','Hull',35),(4,'Dev','Cork',52);
INSERT INTO voyage VALUES (1,1,2014),(2,1,2015),(3,2,2015),(4,4,2016);
`;

const unavailable = await mariaDbUnavailableReason();

describe.skipIf(unavailable)(`POST /query-service/v1/rdbms${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let db: MariaDbServer;
  let plain: MariaDbServer;
  let fake: FakeOpenAI;
  let stack: IngestStack;
  let rdbms: HandlerFn;
  let token: string;

  beforeAll(async () => {
    [db, plain, fake] = await Promise.all([
      startMariaDb(),
      startMariaDb({ tls: false }),
      startFakeOpenAI({ apiKeys: [CALLER_KEY] }),
    ]);
    const admin = await db.admin();
    await admin.query(`USE \`${db.database}\`; ${SEED}`);
    await admin.end();
    stack = await startIngestStack({
      env: { FNQ_OPENAI_BASE_URL: fake.baseURL, FNQ_SQL_ALLOW_LOOPBACK: 'true', FNQ_SQL_CA_PEM: db.caPem },
    });
    rdbms = (await import('../../../handlers/http/query-rdbms')).handler as HandlerFn;
    token = await stack.token('acct-sql');
  });

  afterAll(async () => {
    await stack?.stop();
    await Promise.all([db?.stop(), plain?.stop(), fake?.close()]);
  });

  const ask = (body: Record<string, unknown>) =>
    stack.call(rdbms, {
      method: 'POST',
      path: '/query-service/v1/rdbms',
      token,
      body: { ai_platform: 'openai', 'api+key': CALLER_KEY, ...body },
    });

  function recordChats() {
    const seen: ChatCompletionCreateParamsNonStreaming[] = [];
    return {
      seen,
      reply: (content: string) => (body: ChatCompletionCreateParamsNonStreaming) => (seen.push(body), { content }),
    };
  }
  const userText = (body: ChatCompletionCreateParamsNonStreaming) =>
    body.messages
      .filter((m) => m.role === 'user')
      .map((m) => m.content as string)
      .join('\n');

  it('reads the schema, runs the generated SELECT and answers from the rows, in two model calls', async () => {
    const { seen, reply } = recordChats();
    fake.enqueueChat(
      reply("```sql\nSELECT COUNT(*) AS n FROM `skipper` WHERE `home_port` = 'Hull';\n```"),
      reply('Two skippers are from Hull.'),
    );
    const res = await ask({
      query: 'How many skippers are from Hull?',
      tables: ['skipper', 'voyage'],
      sqldb_connection_string: db.dsn(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      answer: 'Two skippers are from Hull.',
      query: 'How many skippers are from Hull?',
    });
    expect(res.body.messages).toEqual([
      "QUERY: SELECT COUNT(*) AS n FROM `skipper` WHERE `home_port` = 'Hull'",
      'completed',
    ]);
    expect(seen).toHaveLength(2);
    expect(userText(seen[0]!)).toMatch(
      /table `skipper`[\s\S]*`home_port` varchar\(40\)[\s\S]*values: "Cork", "Hull", "Oban"/,
    );
    expect(userText(seen[0]!)).toContain('foreign key (`skipper_id`) references `skipper` (`id`)');
    expect(userText(seen[1]!)).toMatch(/1 row\(s\):\nn\n2/);
  });

  it('sends a refused or failing query back to the model and runs the repair', async () => {
    const { seen, reply } = recordChats();
    fake.enqueueChat(
      reply('SELECT name FROM skippers'),
      reply('SELECT `nme` FROM `skipper`'),
      reply('SELECT `name` FROM `skipper` ORDER BY `age` DESC LIMIT 1'),
      reply('Dev is the oldest.'),
    );
    const res = await ask({
      query: 'Who is the oldest skipper?',
      tables: ['skipper'],
      sqldb_connection_string: db.dsn(),
    });
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe('Dev is the oldest.');
    expect(seen).toHaveLength(4);
    expect(userText(seen[1]!)).toMatch(/skippers/);
    expect(userText(seen[2]!)).toMatch(/Unknown column 'nme'/);
  });

  it('fails after two repairs with the interface’s 400 envelope and the QUERY', async () => {
    fake.enqueueChat(
      { content: 'SELECT `nme` FROM `skipper`' },
      { content: 'SELECT `nme` FROM `skipper`' },
      { content: 'SELECT `nme` FROM `skipper`' },
    );
    const res = await ask({ query: 'List the names', tables: ['skipper'], sqldb_connection_string: db.dsn() });
    expect(res.status).toBe(400);
    expect(res.body.answer).toBe('');
    expect(res.body.query).toBe('List the names');
    const messages = res.body.messages as string[];
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(
      /^ISSUE: The generated query failed to run: Unknown column 'nme' in '[^']+'\. ADVICE: .+\. QUERY: SELECT `nme` FROM `skipper` LIMIT \d+$/,
    );
    expect(messages[1]).toBe('failed');
  });

  it('never runs what a hostile model writes, and the data stays as it was', async () => {
    fake.enqueueChat(
      { content: 'DROP TABLE `skipper`' },
      { content: 'SELECT 1; DELETE FROM `skipper`' },
      { content: 'SELECT * FROM mysql.user' },
    );
    const res = await ask({ query: 'Delete everything', tables: ['skipper'], sqldb_connection_string: db.dsn() });
    expect(res.status).toBe(400);
    const admin = await db.admin();
    const [rows] = await admin.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM \`${db.database}\`.skipper`);
    await admin.end();
    expect(rows[0]!.n).toBe(4);
  });

  it('answers the interface’s "no tables found" issue for unknown or wrongly cased tables', async () => {
    for (const tables of [['nope'], ['Skipper']]) {
      const res = await ask({ query: 'How many?', tables, sqldb_connection_string: db.dsn() });
      expect(res.status).toBe(400);
      expect((res.body.messages as string[]).join(' ')).toMatch(
        /None of the listed tables exists in the database|not found/i,
      );
    }
  });

  it('refuses a server without TLS, and a wrong password without echoing it', async () => {
    const noTls = await ask({ query: 'How many?', tables: ['skipper'], sqldb_connection_string: plain.dsn() });
    expect(noTls.status).toBe(400);
    expect((noTls.body.messages as string[])[0]).toMatch(/^ISSUE: The database does not accept encrypted connections/);
    const wrong = await ask({
      query: 'How many?',
      tables: ['skipper'],
      sqldb_connection_string: db.dsn({ password: 'Wr0ngPassw0rd!' }),
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).not.toContain('Wr0ngPassw0rd');
  });

  it('refuses malformed connection strings and bad bodies with 400 before any model call', async () => {
    const before = fake.requests.length;
    for (const body of [
      { query: 'q', tables: ['skipper'], sqldb_connection_string: 'root:s3cretPass@localhost/db' },
      { query: 'q', tables: [], sqldb_connection_string: db.dsn() },
      { query: 'q', tables: 'skipper', sqldb_connection_string: db.dsn() },
      { query: 'q', tables: ['skipper'] },
    ]) {
      const res = await ask(body);
      expect(res.status, JSON.stringify(body.tables)).toBe(400);
      expect(JSON.stringify(res.body)).not.toContain('s3cretPass');
    }
    expect(fake.requests.length).toBe(before);
  });
});
