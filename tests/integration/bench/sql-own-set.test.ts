// Our own text-to-SQL sets (bench/data/sql-own-set-<n>.json), each loaded into a private MariaDB with TLS: every
// gold query passes the service's guard, runs, and returns rows, so a question scored wrong by
// bench/sql-own-set.ts is the engine's miss and not a broken gold query. The bench's runner then scores
// every question of each set once (its figures are not pinned here: they are the engine's, quoted in the
// docs). A new set is scored here only after its one unseen run (docs/heuristic-engine.md): until then no test
// may run the engine on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabaseSession } from '../../../lib/sql/connect';
import { parseConnectionString } from '../../../lib/sql/dsn';
import { executeGuardedSql } from '../../../lib/sql/execute';
import { guardSql } from '../../../lib/sql/guard';
import { OWN_SETS, loadOwnSet, ownSetPath, readOwnSet } from '../../../bench/sql-own-set-data';
import { runOwnSet } from '../../../bench/sql-own-set';
import { OUTCOMES, SHAPES } from '../../../bench/sql';
import { mariaDbUnavailableReason, startMariaDb, type MariaDbServer } from '../../support/mariadb';

const unavailable = await mariaDbUnavailableReason();
const sets = await Promise.all(OWN_SETS.map(async (n) => ({ n, set: await readOwnSet(ownSetPath(n)) })));

describe.skipIf(unavailable).each(sets)(
  `own SQL set $n on MariaDB${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  ({ n, set }) => {
    const answerable = set.questions.flatMap((q) => ('gold' in q ? [q] : []));
    let server: MariaDbServer;
    beforeAll(async () => {
      server = await startMariaDb();
      await loadOwnSet(server, set);
    });
    afterAll(() => server?.stop());

    it('loads every row of every table', async () => {
      const admin = await server.admin();
      try {
        for (const [table, { rows }] of Object.entries(set.tables)) {
          const [counted] = await admin.query(`SELECT COUNT(*) AS n FROM \`${set.database}\`.\`${table}\``);
          expect((counted as { n: number }[])[0]!.n, table).toBe(rows.length);
        }
      } finally {
        await admin.end();
      }
    });

    it('runs every gold query through the guard and gets rows back', async () => {
      const target = parseConnectionString(server.dsn({ database: set.database }));
      const options = {
        allowLoopback: true,
        extraCAs: [server.caPem],
        connectTimeoutMs: 5000,
        statementTimeoutMs: 5000,
      };
      const tables = Object.keys(set.tables);
      await withDatabaseSession(target, options, async (session) => {
        for (const { id, gold } of answerable) {
          const guarded = guardSql(gold, {
            allowedTables: tables,
            rowLimit: 1000,
            flavour: session.flavour,
            database: set.database,
          });
          const result = await executeGuardedSql(session, guarded, { rowLimit: 1000, resultBytes: 1 << 20 });
          expect(result.rows.length, `${id}: ${gold}`).toBeGreaterThan(0);
          // A NULL-only answer (an aggregate over no rows) would score any empty reading right.
          expect(
            result.rows.flat().some((value) => value !== null),
            `${id}: ${gold}`,
          ).toBe(true);
        }
      });
    });

    it('scores each question of the set exactly once in the bench runner', async () => {
      const figures = await runOwnSet(ownSetPath(n));
      const scored = SHAPES.flatMap((shape) => OUTCOMES.map((o) => figures.byShape[shape][o])).reduce((a, b) => a + b);
      expect(scored).toBe(answerable.length);
      for (const shape of SHAPES)
        expect(
          OUTCOMES.reduce((n, o) => n + figures.byShape[shape][o], 0),
          shape,
        ).toBe(answerable.filter((q) => q.shape === shape).length);
      expect(figures.declines.questions).toBe(set.questions.length - answerable.length);
    }, 120_000);
  },
);
