// lib/sql against a real MariaDB with TLS and require_secure_transport=ON.

import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { connectToDatabase, withDatabaseSession, type ConnectOptions } from '../../../lib/sql/connect';
import { parseConnectionString } from '../../../lib/sql/dsn';
import { executeGuardedSql } from '../../../lib/sql/execute';
import { guardSql } from '../../../lib/sql/guard';
import { introspectTables } from '../../../lib/sql/introspect';
import { mariaDbUnavailableReason, startMariaDb, type MariaDbServer } from '../../support/mariadb';
import {
  ALLOWED_TABLES,
  FIXTURE_DATABASE_SQL,
  FIXTURE_TABLES,
  HOSTILE_QUERIES,
  LEGIT_QUERIES,
} from '../../support/mariadb-sql-fixtures';

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

const unavailable = await mariaDbUnavailableReason();

describe.skipIf(unavailable)(
  `lib/sql against a private MariaDB${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let server: MariaDbServer;
    const options = (overrides: Partial<ConnectOptions> = {}): ConnectOptions => ({
      allowLoopback: true,
      extraCAs: [server.caPem],
      connectTimeoutMs: 5000,
      statementTimeoutMs: 5000,
      ...overrides,
    });
    const target = () => parseConnectionString(server.dsn());

    async function fingerprint(): Promise<string> {
      const admin = await server.admin();
      try {
        const [checksums] = await admin.query(
          `CHECKSUM TABLE ${FIXTURE_TABLES.map((t) => `fnq_test.\`${t}\``).join(', ')} EXTENDED`,
        );
        const [tables] = await admin.query(
          "SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'fnq_test' ORDER BY BINARY TABLE_NAME",
        );
        const [grants] = await admin.query('SELECT User, Host FROM mysql.user ORDER BY BINARY User, BINARY Host');
        return JSON.stringify([checksums, tables, grants]);
      } finally {
        await admin.end();
      }
    }

    beforeAll(async () => {
      server = await startMariaDb();
      const admin = await server.admin();
      await admin.query(`USE fnq_test; ${FIXTURE_DATABASE_SQL}`);
      await admin.end();
    });
    afterAll(async () => server?.stop());

    it('connects over TLS, reads the listed tables and runs a guarded query', async () => {
      await withDatabaseSession(target(), options(), async (session) => {
        expect(session.flavour).toBe('MariaDB');
        expect(session.serverVersion).toBe(server.version);
        const [[cipher]] = await session.connection.query<RowDataPacket[]>("SHOW SESSION STATUS LIKE 'Ssl_cipher'");
        expect(cipher?.Value).not.toBe('');

        const schema = await introspectTables(session, ALLOWED_TABLES);
        expect(schema.tables.map((t) => [t.name, t.kind])).toEqual([
          ['Faculty', 'table'],
          ['Student', 'table'],
          ['professors', 'view'],
        ]);
        const [faculty, student] = schema.tables;
        expect(faculty?.comment).toBe('teaching staff');
        expect(faculty?.primaryKey).toEqual(['FacID']);
        expect(faculty?.columns.find((c) => c.name === 'Rank')).toEqual({
          name: 'Rank',
          type: 'varchar(20)',
          nullable: true,
          comment: 'academic rank',
          distinctValues: ['AsstProf', 'Instructor', 'Professor'],
        });
        expect(faculty?.columns.find((c) => c.name === 'Lname')?.nullable).toBe(false);
        expect(faculty?.sampleRows).toHaveLength(3);
        expect(student?.foreignKeys).toEqual([
          { columns: ['Advisor'], referencedTable: 'Faculty', referencedColumns: ['FacID'] },
        ]);
        const bio = student?.columns.find((c) => c.name === 'Bio');
        expect(bio?.distinctValues).toBeUndefined(); // one value is longer than 60 characters
        const bioSample = student?.sampleRows[0]?.[student.columns.indexOf(bio!)];
        expect(String(bioSample)).toHaveLength(101); // 100 characters and an ellipsis

        const sql = guardSql("SELECT Lname, `Rank` FROM Faculty WHERE `Rank` = 'Professor' ORDER BY Lname", {
          allowedTables: ALLOWED_TABLES,
          rowLimit: 100,
          flavour: session.flavour,
          database: session.database,
        });
        expect(await executeGuardedSql(session, sql, { rowLimit: 100 })).toEqual({
          columns: ['Lname', 'Rank'],
          rows: [
            ['Goodrich', 'Professor'],
            ['Masson', 'Professor'],
          ],
          rowCount: 2,
          truncated: false,
        });
      });
    });

    it('returns at most rowLimit rows and says when it cut', async () => {
      await withDatabaseSession(target(), options(), async (session) => {
        const run = async (rowLimit: number) => {
          const guardOptions = { allowedTables: ALLOWED_TABLES, rowLimit, flavour: session.flavour };
          return executeGuardedSql(session, guardSql('SELECT FacID FROM Faculty ORDER BY FacID', guardOptions), {
            rowLimit,
          });
        };
        expect(await run(2)).toMatchObject({ rows: [[1], [2]], rowCount: 2, truncated: true });
        expect(await run(4)).toMatchObject({ rowCount: 4, truncated: false });
      });
    });

    it('runs every legitimate query of the guard suite', async () => {
      await withDatabaseSession(target(), options(), async (session) => {
        for (const [sql] of LEGIT_QUERIES) {
          const guarded = guardSql(sql, {
            allowedTables: ALLOWED_TABLES,
            rowLimit: 100,
            flavour: session.flavour,
            database: session.database,
          });
          const result = await executeGuardedSql(session, guarded, { rowLimit: 100 });
          expect(result.columns.length, sql).toBeGreaterThan(0);
        }
      });
    });

    it('refuses every hostile query and leaves every table, view and user as it was', async () => {
      const before = await fingerprint();
      await withDatabaseSession(target(), options(), async (session) => {
        for (const sql of HOSTILE_QUERIES) {
          const attempt = async () => {
            const guarded = guardSql(sql, {
              allowedTables: ALLOWED_TABLES,
              rowLimit: 100,
              flavour: session.flavour,
              database: session.database,
            });
            return executeGuardedSql(session, guarded, { rowLimit: 100 });
          };
          const error = await failure(attempt());
          expect(error.status, sql).toBe(400);
        }
      });
      expect(await fingerprint()).toBe(before);
      expect(existsSync('/tmp/fnq-out.txt') || existsSync('/tmp/fnq-out.bin')).toBe(false);
    });

    it('keeps writes out even without the guard, through the read-only transaction', async () => {
      const before = await fingerprint();
      await withDatabaseSession(target(), options(), async (session) => {
        for (const sql of [
          "INSERT INTO Faculty VALUES (9, 'x', 'y', 'z', 'w')",
          "UPDATE Faculty SET Lname = 'x'",
          'DELETE FROM Student',
        ]) {
          const error = await failure(executeGuardedSql(session, sql, { rowLimit: 10 }));
          expect(error.lines()[0]).toContain(
            'ISSUE: The generated query failed to run: Cannot execute statement in a READ ONLY transaction',
          );
        }
      });
      expect(await fingerprint()).toBe(before);
    });

    it('reports a failing generated query with the database message, the advice and the query', async () => {
      await withDatabaseSession(target(), options(), async (session) => {
        const error = await failure(executeGuardedSql(session, 'SELECT order FROM Student LIMIT 5', { rowLimit: 5 }));
        expect(error.status).toBe(400);
        expect(error.lines()[0]).toMatch(
          /^ISSUE: The generated query failed to run: You have an error in your SQL syntax.+ADVICE: .+reserved word.+backticks; repeating the request usually succeeds\. QUERY: SELECT order FROM Student LIMIT 5$/,
        );
      });
    });

    it('stops a long statement at the time limit with a 504', async () => {
      await withDatabaseSession(target(), options({ statementTimeoutMs: 200 }), async (session) => {
        const heavy = guardSql(
          'SELECT SUM(a.FacID * b.FacID * c.StuID * d.StuID) FROM Faculty a, Faculty b, Student c, Student d, Student e, Student f, Student g, Student h, Student i, Student j, Student k, Student l, Student m',
          {
            allowedTables: ALLOWED_TABLES,
            rowLimit: 10,
            flavour: session.flavour,
          },
        );
        const started = Date.now();
        const error = await failure(executeGuardedSql(session, heavy, { rowLimit: 10 }));
        expect([error.status, error.code]).toEqual([504, 'database_timeout']);
        expect(error.problems[0]?.query).toBe(heavy);
        expect(Date.now() - started).toBeLessThan(2000);
        // The session survives its statement's timeout.
        expect((await executeGuardedSql(session, 'SELECT 1', { rowLimit: 1 })).rows).toEqual([[1]]);
      });
    });

    it('says which tables are missing, which exist, the closest name to a typo, and that names are case-sensitive', async () => {
      await withDatabaseSession(target(), options(), async (session) => {
        const none = await failure(introspectTables(session, ['nope']));
        expect(none.code).toBe('no_tables_found');
        expect(none.lines()[0]).toMatch(
          /^ISSUE: None of the listed tables exists in the database fnq_test: nope\. ADVICE: The database fnq_test has \d+ tables: .*Student.*\. Table names are case-sensitive\.$/,
        );
        // A typo gets the closest existing name, not "no tables found".
        const typo = await failure(introspectTables(session, ['Studnet']));
        expect(typo.lines()[0]).toContain('ADVICE: Did you mean Student for Studnet?');
        const wrongCase = await failure(introspectTables(session, ['STUDENT']));
        expect(wrongCase.lines()[0]).toContain(
          'ISSUE: None of the listed tables exists in the database fnq_test: STUDENT.',
        );
        expect(wrongCase.lines()[0]).toContain('The database has Student, which differs only in case');
        const some = await failure(introspectTables(session, ['Faculty', 'Nope', 'Other']));
        expect(some.lines()[0]).toMatch(
          /^ISSUE: Some listed tables were not found in the database fnq_test: Nope, Other\. ADVICE: /,
        );
        // `faculty` and `Faculty` both exist: each name gets its own table, nothing is mixed.
        const both = await introspectTables(session, ['faculty', 'Faculty']);
        expect(both.tables.map((t) => t.columns.map((c) => c.name).join(','))).toEqual([
          'id',
          'FacID,Lname,Fname,Rank,Building',
        ]);
      });
    });

    it('refuses a wrong password without showing it, and a missing database', async () => {
      const wrong = 'wr0ng-p@ss:word/1';
      const error = await failure(connectToDatabase(parseConnectionString(server.dsn({ password: wrong })), options()));
      expect([error.status, error.code]).toEqual([400, 'database_access_denied']);
      expect(error.lines()[0]).toMatch(/^ISSUE: The database refused the user name or password\. ADVICE: /);
      expect(JSON.stringify([error.message, error.lines()])).not.toContain(wrong);
      const missing = await failure(
        connectToDatabase(parseConnectionString(server.dsn({ database: 'nope' })), options()),
      );
      expect(missing.status).toBe(400);
    });

    it('verifies the certificate chain and the host name, and skips only on tls=skip-verify', async () => {
      const untrusted = await failure(connectToDatabase(target(), options({ extraCAs: [] })));
      expect([untrusted.status, untrusted.code]).toEqual([400, 'database_tls_rejected']);
      // A name the certificate does not carry, resolved to the server's address.
      const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
      const renamed = { ...target(), host: 'db.example.com' };
      const mismatch = await failure(connectToDatabase(renamed, options({ lookup })));
      expect(mismatch.lines()[0]).toContain("does not match certificate's altnames");
      // Connected by name, to the address that was checked.
      await withDatabaseSession({ ...target(), host: 'localhost' }, options({ lookup }), async (session) =>
        expect(session.flavour).toBe('MariaDB'),
      );
      const skip = parseConnectionString(server.dsn({ params: 'tls=skip-verify' }));
      await withDatabaseSession(skip, options({ extraCAs: [] }), async (session) => {
        const [[cipher]] = await session.connection.query<RowDataPacket[]>("SHOW SESSION STATUS LIKE 'Ssl_cipher'");
        expect(cipher?.Value).not.toBe('');
      });
    });

    it('refuses loopback unless the operator allows it', async () => {
      const error = await failure(connectToDatabase(target(), options({ allowLoopback: false })));
      expect([error.status, error.code]).toEqual([400, 'database_address_refused']);
    });

    it("drops the server's ANSI_QUOTES and NO_BACKSLASH_ESCAPES, which would make it read SQL unlike the guard", async () => {
      const admin = await server.admin();
      await admin.query("SET GLOBAL sql_mode = 'ANSI_QUOTES,NO_BACKSLASH_ESCAPES,STRICT_TRANS_TABLES'");
      try {
        await withDatabaseSession(target(), options(), async (session) => {
          const [[row]] = await session.connection.query<RowDataPacket[]>('SELECT @@SESSION.sql_mode AS mode');
          expect(String(row?.mode).split(',')).toEqual(['STRICT_TRANS_TABLES']);
        });
      } finally {
        await admin.query('SET GLOBAL sql_mode = DEFAULT');
        await admin.end();
      }
    });

    it('never offers the server a local file', async () => {
      await withDatabaseSession(target(), options(), async (session) => {
        await expect(
          session.connection.query("LOAD DATA LOCAL INFILE '/etc/hostname' INTO TABLE secrets"),
        ).rejects.toThrow();
      });
    });
  },
);

describe('connection failures without a database', () => {
  const base = { allowLoopback: true, connectTimeoutMs: 300, statementTimeoutMs: 1000 };
  let silent: Server;
  let silentPort = 0;
  beforeAll(async () => {
    silent = createServer(() => {}); // accepts and never speaks
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    silent.close();
  });

  it('answers 504 when the server does not answer in time', async () => {
    const error = await failure(connectToDatabase(parseConnectionString(`u:p@tcp(127.0.0.1:${silentPort})/d`), base));
    expect([error.status, error.code]).toEqual([504, 'database_timeout']);
  });

  it('answers 502 when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(connectToDatabase(parseConnectionString(`u:p@tcp(127.0.0.1:${port})/d`), base));
    expect([error.status, error.code]).toEqual([502, 'database_unreachable']);
  });

  it('answers a clean 502 or 504 in time when another kind of server floods the port', async () => {
    // Packet headers that announce 16 MB packets, then bytes without end: a wrong server or a hostile one.
    // The filler is fixed, not random: a random first byte of 0xff would read as a MySQL error packet
    // whose random code may map to a caller's mistake (400) instead of an unreachable server.
    const FILLER = Buffer.alloc(64 * 1024, 0x5a);
    const flood = createServer((socket) => {
      socket.on('error', () => {});
      const timer = setInterval(
        () => socket.writable && socket.write(Buffer.concat([Buffer.from([0xff, 0xff, 0xff, 0]), FILLER])),
        2,
      );
      socket.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => flood.listen(0, '127.0.0.1', resolve));
    const port = (flood.address() as { port: number }).port;
    try {
      const before = process.memoryUsage().rss;
      const started = Date.now();
      const error = await failure(
        connectToDatabase(parseConnectionString(`u:p@tcp(127.0.0.1:${port})/d`), { ...base, connectTimeoutMs: 1000 }),
      );
      expect([502, 504]).toContain(error.status);
      expect(error.lines().join('\n')).not.toMatch(/\n\s+at |\.[jt]s:\d|node_modules/);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    } finally {
      flood.close();
    }
  });
});
