// The heuristic engine's text-to-SQL on a question set of our own (bench/data/sql-own-set-<n>.json), written
// before the engine ran on it: the unseen figure beside Spider's, whose totals earlier rounds have seen.
// The set is loaded into a private MariaDB with TLS (tests/support/mariadb.ts) and each question is asked
// as bench/sql.ts asks Spider's: the engine's SELECT (localSelect) through the service's guard and statement
// limit (runGenerated), its rows against the gold rows (compareRows), its rival readings run beside it
// (rivalsDecline, declined when their rows differ). Per shape: right / wrong (ran, other rows: confidently
// wrong) / declined / failed (refused or did not run); for the questions with no single right reading, how
// many the engine declined or asked back about. `--show-failures` prints each miss; the figures first.
// Run: node --import tsx bench/sql-own-set.ts [--set=2] [--show-failures] (set 1 unless told)
import { SQL_MIN_CONFIDENCE } from '@fnquery/heuristic-engine';
import { withDatabaseSession, type ConnectOptions } from '../lib/sql/connect';
import { parseConnectionString } from '../lib/sql/dsn';
import { executeGuardedSql, type QueryResult } from '../lib/sql/execute';
import { guardSql } from '../lib/sql/guard';
import { introspectTables } from '../lib/sql/introspect';
import { startMariaDb } from '../tests/support/mariadb';
import {
  BENCH_RESULT_BYTES,
  DECLINED,
  GENERATED_TIMEOUT_MS,
  OUTCOMES,
  ROW_LIMIT,
  SHAPES,
  compareRows,
  isOrdered,
  localSelect,
  outcomeOfMiss,
  runGenerated,
  type Outcome,
  type Shape,
} from './sql';
import { rivalsDecline } from './sql-rivals';
import { INTEGRATOR_SQL_SETS, OWN_SET_1, loadOwnSet, ownSetPath, readOwnSet } from './sql-own-set-data';
import { isMain } from './stats';

export interface OwnSetFigures {
  byShape: Record<Shape, Record<Outcome, number>>;
  /** The written query alone, its rivals not run: what the rivals change. */
  withoutRivals: Record<Shape, Record<Outcome, number>>;
  /** Questions that should be asked back: how many the engine declined (alone or by its rivals). */
  declines: { questions: number; declined: number };
  misses: { id: string; question: string; expected: string; sql: string; why: string }[];
}

export async function runOwnSet(path = OWN_SET_1): Promise<OwnSetFigures> {
  const set = await readOwnSet(path);
  const table = () =>
    Object.fromEntries(
      SHAPES.map((shape) => [shape, Object.fromEntries(OUTCOMES.map((o) => [o, 0]))]),
    ) as OwnSetFigures['byShape'];
  const figures: OwnSetFigures = {
    byShape: table(),
    withoutRivals: table(),
    declines: { questions: 0, declined: 0 },
    misses: [],
  };
  const server = await startMariaDb();
  try {
    await loadOwnSet(server, set);
    const tables = Object.keys(set.tables);
    const target = parseConnectionString(server.dsn({ database: set.database }));
    const options: ConnectOptions = {
      allowLoopback: true,
      extraCAs: [server.caPem],
      connectTimeoutMs: 5000,
      statementTimeoutMs: 30_000,
    };
    const generatedOptions = { ...options, statementTimeoutMs: GENERATED_TIMEOUT_MS };
    await withDatabaseSession(target, options, (session) =>
      withDatabaseSession(target, generatedOptions, async (generated) => {
        const schema = await introspectTables(session, tables);
        const rowsOf = async (sql: string): Promise<QueryResult> => {
          const ours = await runGenerated(generated, sql, tables, set.database);
          if (typeof ours === 'string') throw new Error(ours);
          return ours;
        };
        for (const item of set.questions) {
          const draft = localSelect(item.question, schema);
          const ran = draft.sql.startsWith(DECLINED)
            ? undefined
            : await runGenerated(generated, draft.sql, tables, set.database);
          if (!('gold' in item)) {
            figures.declines.questions += 1;
            // Asked back: declined outright, or its rivals returned other rows (the pipeline asks then).
            const asked = !ran || (typeof ran !== 'string' && (await rivalsDecline(draft, rowsOf, 'wrong')));
            if (asked) figures.declines.declined += 1;
            else
              figures.misses.push({
                id: item.id,
                question: item.question,
                expected: `decline (${item.decline})`,
                sql: draft.sql,
                why: typeof ran === 'string' ? ran : 'answered instead of asking',
              });
            continue;
          }
          const guarded = guardSql(item.gold, {
            allowedTables: tables,
            rowLimit: ROW_LIMIT,
            flavour: session.flavour,
            database: set.database,
          });
          const gold = await executeGuardedSql(session, guarded, {
            rowLimit: ROW_LIMIT,
            resultBytes: BENCH_RESULT_BYTES,
          });
          let why = !ran
            ? 'declined'
            : typeof ran === 'string'
              ? ran.replace(/:.*$/, '')
              : compareRows(gold, ran, isOrdered(item.gold));
          const alone = outcomeOfMiss(why);
          figures.withoutRivals[item.shape][alone] += 1;
          if ((alone === 'right' || alone === 'wrong') && (await rivalsDecline(draft, rowsOf, alone))) why = 'declined';
          figures.byShape[item.shape][outcomeOfMiss(why)] += 1;
          if (why)
            figures.misses.push({ id: item.id, question: item.question, expected: item.gold, sql: draft.sql, why });
        }
      }),
    );
    return figures;
  } finally {
    await server.stop();
  }
}

const share = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;

/** One line per shape and one for all: each outcome's count and share. Returns the totals. */
function shapeLines(byShape: OwnSetFigures['byShape']): Record<Outcome, number> {
  const total = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  const line = (label: string, cells: Record<Outcome, number>) => {
    const n = OUTCOMES.reduce((sum, o) => sum + cells[o], 0);
    console.log(
      `    ${label.padEnd(10)} ${String(n).padStart(3)}: ${OUTCOMES.map((o) => `${o} ${cells[o]} (${share(cells[o], n)})`).join(', ')}`,
    );
  };
  for (const shape of SHAPES) {
    line(shape, byShape[shape]);
    for (const o of OUTCOMES) total[o] += byShape[shape][o];
  }
  line('all', total);
  return total;
}

export function printOwnSet(figures: OwnSetFigures, setNumber: number, showFailures: boolean): void {
  console.log(
    `Own text-to-SQL set ${setNumber} (bench/data/sql-own-set-${setNumber}.json), heuristic engine, confidence thresholds ${JSON.stringify(SQL_MIN_CONFIDENCE)}`,
  );
  console.log(
    `  by shape: ${OUTCOMES.join(' / ')} (wrong = ran and returned other rows than the gold: confidently wrong)`,
  );
  const total = shapeLines(figures.byShape);
  const n = OUTCOMES.reduce((sum, o) => sum + total[o], 0);
  console.log(`  confidently wrong: ${total.wrong}/${n} (${share(total.wrong, n)})`);
  const { declines } = figures;
  console.log(
    `  declines right (questions with no single right reading, declined or asked back): ${declines.declined}/${declines.questions}`,
  );
  console.log('  the written query alone, its rival readings not run:');
  shapeLines(figures.withoutRivals);
  if (!showFailures) return;
  if (INTEGRATOR_SQL_SETS.includes(setNumber)) {
    console.log(`  set ${setNumber} was written by the integrator and is kept from the rule writers: totals only`);
    return;
  }
  for (const miss of figures.misses)
    console.log(`MISS ${miss.id} [${miss.why}] ${miss.question}\n  ours: ${miss.sql}\n  gold: ${miss.expected}`);
}

/** `--set=<n>` picks bench/data/sql-own-set-<n>.json; set 1 when absent. */
export function setNumberOf(argv: readonly string[]): number {
  const given = argv.find((arg) => arg.startsWith('--set='))?.slice('--set='.length);
  if (given === undefined) return 1;
  if (!/^[1-9]\d*$/.test(given)) throw new Error(`--set wants a set number, got "${given}"`);
  return Number(given);
}

if (isMain(import.meta.url)) {
  const setNumber = setNumberOf(process.argv);
  printOwnSet(await runOwnSet(ownSetPath(setNumber)), setNumber, process.argv.includes('--show-failures'));
}
