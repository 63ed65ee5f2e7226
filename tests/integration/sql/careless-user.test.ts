// The hostile suite with the database user many callers have: ALL PRIVILEGES on *.* (FILE and
// SUPER included), and stored routines defined by root that write files, change server variables
// and plant rows. Nothing the guard lets through may change a table, a variable, a routine or a
// file; the valid corpus must run. Real MariaDB with TLS (tests/support/mariadb.ts).

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServiceError } from '../../../lib/errors';
import { withDatabaseSession, type ConnectOptions } from '../../../lib/sql/connect';
import { parseConnectionString } from '../../../lib/sql/dsn';
import { executeGuardedSql } from '../../../lib/sql/execute';
import { guardSql } from '../../../lib/sql/guard';
import { mariaDbUnavailableReason, startMariaDb, type MariaDbServer } from '../../support/mariadb';
import {
  ALLOWED_TABLES,
  FIXTURE_DATABASE_SQL,
  FIXTURE_TABLES,
  HOSTILE_QUERIES,
  STORED_ROUTINES_SQL,
} from '../../support/mariadb-sql-fixtures';
import { CORPUS_DATABASE_SQL, CORPUS_TABLES, KNOWN_PARSER_GAPS, VALID_CORPUS } from '../../support/sql-valid-corpus';

const unavailable = await mariaDbUnavailableReason();

describe.skipIf(unavailable)(
  `the guard with a careless database user${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let server: MariaDbServer;
    let fileDir: string;
    const options = (): ConnectOptions => ({
      allowLoopback: true,
      extraCAs: [server.caPem],
      connectTimeoutMs: 5000,
      statementTimeoutMs: 5000,
    });

    async function admin<T>(work: (query: (sql: string) => Promise<unknown>) => Promise<T>): Promise<T> {
      const connection = await server.admin();
      try {
        return await work(async (sql) => (await connection.query(sql))[0]);
      } finally {
        await connection.end();
      }
    }

    /** Tables, routines, users, every global variable and the files the server may write. */
    const fingerprint = () =>
      admin(async (query) =>
        JSON.stringify([
          await query(`CHECKSUM TABLE ${FIXTURE_TABLES.map((t) => `fnq_test.\`${t}\``).join(', ')} EXTENDED`),
          await query(
            "SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'fnq_test' ORDER BY BINARY TABLE_NAME",
          ),
          await query(
            "SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = 'fnq_test' ORDER BY 1",
          ),
          await query('SELECT User, Host FROM mysql.user ORDER BY BINARY User, BINARY Host'),
          await query('SELECT VARIABLE_NAME, VARIABLE_VALUE FROM information_schema.GLOBAL_VARIABLES ORDER BY 1'),
          await readdir(fileDir),
        ]),
      );

    beforeAll(async () => {
      fileDir = await mkdtemp(join(tmpdir(), 'fnq-careless-files-'));
      server = await startMariaDb({ fileDir });
      await admin(async (query) => {
        await query(`USE fnq_test; ${FIXTURE_DATABASE_SQL}`);
        for (const sql of STORED_ROUTINES_SQL(fileDir)) await query(sql);
        await query(`CREATE DATABASE fnq_corpus; USE fnq_corpus; ${CORPUS_DATABASE_SQL}`);
        await query(`GRANT ALL PRIVILEGES ON *.* TO '${server.user}'@'%' WITH GRANT OPTION`);
      });
    });
    afterAll(async () => {
      await server?.stop();
      await rm(fileDir, { recursive: true, force: true });
    });

    it('has routines that really do harm when called without the guard', async () => {
      const variable = async () =>
        admin(async (query) => ((await query('SELECT @@GLOBAL.max_connections AS n')) as { n: number }[])[0]?.n);
      const before = await variable();
      await withDatabaseSession(parseConnectionString(server.dsn()), options(), async ({ connection }) => {
        await connection.query('SELECT f_global(), f_file()');
      });
      expect(await variable()).toBe(77);
      expect(await readdir(fileDir)).toEqual(['f_file.txt']);
      await admin((query) => query(`SET GLOBAL max_connections = ${before}`));
      await rm(join(fileDir, 'f_file.txt'));
    });

    it('refuses more than a hundred hostile statements and changes nothing', async () => {
      expect(HOSTILE_QUERIES.length).toBeGreaterThanOrEqual(100);
      const before = await fingerprint();
      await withDatabaseSession(parseConnectionString(server.dsn()), options(), async (session) => {
        for (const sql of HOSTILE_QUERIES) {
          const guardOptions = {
            allowedTables: ALLOWED_TABLES,
            rowLimit: 100,
            flavour: session.flavour,
            database: session.database,
          };
          const outcome = await Promise.resolve()
            .then(() => executeGuardedSql(session, guardSql(sql, guardOptions), { rowLimit: 100 }))
            .then(
              () => 'ran',
              (error: unknown) => (isServiceError(error) ? error.status : error),
            );
          expect(outcome, sql).toBe(400);
        }
      });
      expect(await fingerprint()).toBe(before);
    });

    it('names the stored function it refuses', () => {
      expect(() =>
        guardSql('SELECT f_global() FROM Faculty', { allowedTables: ALLOWED_TABLES, rowLimit: 10, flavour: 'MariaDB' }),
      ).toThrow('The generated query calls f_global, which is not a built-in function the service allows');
    });

    it('accepts and runs the valid corpus, apart from the parser gaps it names', async () => {
      const refused: string[] = [];
      await withDatabaseSession(
        parseConnectionString(server.dsn({ database: 'fnq_corpus' })),
        options(),
        async (session) => {
          for (const sql of VALID_CORPUS) {
            // The server runs the statement as written: the corpus holds valid SQL only.
            await session.connection.query(sql);
            let guarded: string;
            try {
              guarded = guardSql(sql, {
                allowedTables: CORPUS_TABLES,
                rowLimit: 100,
                flavour: session.flavour,
                database: 'fnq_corpus',
              });
            } catch {
              refused.push(sql);
              continue;
            }
            const result = await executeGuardedSql(session, guarded, { rowLimit: 100 });
            expect(result.columns.length, sql).toBeGreaterThan(0);
          }
        },
      );
      expect(refused).toEqual(KNOWN_PARSER_GAPS.MariaDB);
    });
  },
);
