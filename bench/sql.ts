// Spider (../shared/data/spider) on MariaDB through lib/sql:
// - the SQL guard against every gold query of train_queries.csv: how many it accepts (target: all),
//   how many then run, and what the guard costs per query;
// - the guard on the false-refusal corpus (tests/support/sql-valid-corpus.ts), against node-sql-parser
//   alone on the raw text as the baseline (what the guard accepted before it learnt the servers' words);
// - the heuristic engine (the embedded default)'s text-to-SQL: execution accuracy (its SQL's rows against the gold SQL's
//   rows), by shape (simple, join, nested/set) and form, each question right, wrong (the SQL ran and
//   returned other rows: confidently wrong), declined (the engine said it was unsure) or failed (refused
//   or did not run). The databases are split in two halves by a salted hash of their names (halfOf):
//   rules are tuned on the tuning half; the reporting half is frozen, only its totals are printed.
//   `--half=tuning --show-failures[=<shape>]` prints the tuning half's misses one by one (it refuses
//   to for the reporting half); `--accuracy-only` skips everything but the accuracy pass. Each
//   question runs with the tables as listed, sorted and reversed; the listed order is the baseline.
//   Two naive baselines run in the same pass on the same questions, scored the same way: `SELECT *
//   FROM <the table the question names most>` and that with `SELECT COUNT(*)` for "how many" questions
//   (naiveSelect), so the engine's accuracy reads as a ratio to something that needs no engine.
// - the rdbms pipeline end to end with the heuristic engine on a fixed sample: service overhead per
//   request without model and database time, and AI round trips per question.
//   `--shape=<simple|join|nested/set>` runs only that shape's questions (totals of the others read 0).
//   `--sql-out=<file>` (tuning half only) writes each question's SQL and outcome, one JSON line each, to diff runs.
// - ambiguity by execution (bench/sql-rivals.ts): each written query runs with the queries of its near-tied
//   rival readings, as the pipeline runs them; the outcomes with and without them, and per kind of rival
//   (the tuning half's differing rivals one by one with --show-failures).
// - what the written query returned (bench/sql-result-kinds.ts): right and wrong answers of the tuning half by
//   kind of result (no rows, a count of 0, a WHERE that filtered nothing, repeated rows …); with
//   --show-failures, each answer that found nothing.
// - the SQL writer's confidence model (bench/sql-confidence.ts): on the tuning half, by the shape of the
//   written query, right / wrong / declined at a few thresholds; `--fit-confidence` fits its weights
//   there, per shape.
// Run: node --import tsx bench/sql.ts [--accuracy-only] [--half=tuning --show-failures] [--shape=nested/set] [--fit-confidence]

import { readFile, writeFile } from 'node:fs/promises';
import { parseCsv } from '../lib/ingest/extract-data';
import { MysqlCallerDatabases } from '../lib/sql/caller-databases';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { SQL_MIN_CONFIDENCE, assessSql, writeSql } from '@fnquery/heuristic-engine';
import { doubtCosts, fitConfidence, thresholdTable, type ConfidenceSample } from './sql-confidence';
import { heuristicTasks } from '../lib/ai/heuristic-tasks';
import type { AiTasks } from '../lib/ai/tasks';
import type { UsageMeter } from '../lib/ai/usage';
import { isServiceError } from '../lib/errors';
import { answerFromDatabase } from '../lib/query/rdbms';
import { prepareModel } from '../lib/query/shared';
import { withDatabaseSession, type ConnectOptions, type DatabaseSession } from '../lib/sql/connect';
import { parseConnectionString } from '../lib/sql/dsn';
import { executeGuardedSql, type QueryResult } from '../lib/sql/execute';
import { guardSql } from '../lib/sql/guard';
import { introspectTables, type DatabaseSchema } from '../lib/sql/introspect';
import type { PlainValue } from '../lib/sql/values';
import { createHash } from 'node:crypto';
import mariadbGrammar from 'node-sql-parser/build/mariadb';
import { CORPUS_TABLES, VALID_CORPUS } from '../tests/support/sql-valid-corpus';
import { SPIDER_DIR, startSpider } from './spider-load';
import { isMain, percentile } from './stats';
import { emptyRivalFigures, rivalLines, rivalsDecline, type RivalFigures } from './sql-rivals';
import type { SqlRival, SqlValueProbe } from '../lib/ai/tasks';
import {
  countResultKinds,
  emptyResultKinds,
  resultKindLines,
  resultKinds,
  unfilteredSql,
  type ResultKindFigures,
} from './sql-result-kinds';

export const ROW_LIMIT = 1000;
/** Large enough that no Spider result is cut: a cut closes the session the next queries share. */
export const BENCH_RESULT_BYTES = 256 * 1024 * 1024;
/** Generated SQL that runs longer than this counts as a miss (gold queries get 30 s). */
export const GENERATED_TIMEOUT_MS = 5000;
/** Every how-many-th question runs through the whole pipeline for the overhead figures. */
const PIPELINE_SAMPLE_EVERY = 13;

export type Shape = 'simple' | 'join' | 'nested/set';
export const SHAPES: Shape[] = ['simple', 'join', 'nested/set'];
/** wrong: ran and returned other rows; declined: the engine said it was unsure; failed: refused or did not run. */
export type Outcome = 'right' | 'wrong' | 'declined' | 'failed';
export const OUTCOMES: Outcome[] = ['right', 'wrong', 'declined', 'failed'];

export interface AccuracyFigures {
  questions: number;
  correct: number;
  byForm: Record<string, { questions: number; correct: number }>;
  byShape: Record<Shape, Record<Outcome, number>>;
  failures: Record<string, number>;
}

export type TableOrder = 'listed' | 'sorted' | 'reversed';
export type Half = 'tuning' | 'reporting';

export type Baseline = 'select-star' | 'count-or-star';
const BASELINES: Baseline[] = ['select-star', 'count-or-star'];

export interface OrderFigures {
  /** Correct answers per half and table order. */
  correct: Record<Half, Record<TableOrder, number>>;
  questions: Record<Half, number>;
  /** Questions whose SQL differed between the three orders. */
  sqlChanged: number;
  /** Correct answers of the naive baselines per half (same questions, same comparison). */
  baselines: Record<Half, Record<Baseline, number>>;
}

export interface CorpusFigures {
  statements: number;
  accepted: number;
  /** node-sql-parser alone on the raw text, the guard's reading before this round. */
  parserAlone: number;
  refused: { sql: string; reason: string }[];
}

export interface PipelineFigures {
  requests: number;
  /** Pipeline time minus model time minus database time (connect, introspection, execution, close). */
  overheadMsP50: number;
  overheadMsP99: number;
  totalMsP50: number;
  modelMsP50: number;
  databaseMsP50: number;
  /** Model calls per request: how many requests made 1, 2, 3 … calls. */
  roundTrips: Record<number, number>;
}

export interface SqlBenchFigures {
  queries: number;
  accepted: number;
  refused: { database: string; sql: string; reason: string }[];
  ran: number;
  failedToRun: { database: string; sql: string; reason: string }[];
  guardMsP50: number;
  guardMsP99: number;
  /** Guard plus execution on a local server, per query (the database's time included). */
  executeMsP50: number;
  executeMsP99: number;
  loadMs: number;
  loadedFromCache: boolean;
  databases: number;
  serverVersion: string;
  /** Per half, tables as listed. */
  accuracy: Record<Half, AccuracyFigures>;
  /** The reporting half's right answers by the half its database was in under the previous split. */
  reportingByPreviousHalf: Record<Half, { questions: number; correct: number }>;
  /** One sample per question of the tuning half: the confidence model's evidence. */
  confidence: ConfidenceSample[];
  /** The tuning half's misses, kept only when asked for (--show-failures). */
  tuningMisses: { question: string; sql: string; gold: string; shape: Shape; outcome: Outcome; why: string }[];
  orders: OrderFigures;
  corpus: CorpusFigures;
  /** node-sql-parser alone on the Spider gold queries: the baseline of `accepted`. */
  goldParserAlone: number;
  pipeline: PipelineFigures;
  /** The rival readings run beside each written query (bench/sql-rivals.ts). */
  rivals: RivalFigures;
  /** The tuning half's right and wrong answers by what their query returned (bench/sql-result-kinds.ts). */
  resultKinds: ResultKindFigures;
}

/**
 * Deterministic halves by database name, so no database's questions inform both. The salt is new on
 * 2026-11-26: the split before it (unsalted, `previousHalfOf`) had rules tuned while its reporting half
 * was quoted in code comments, so its figures are development figures (docs/heuristic-engine.md).
 */
const SPLIT_SALT = 'fnquery spider split 2026-11-26\n';
export const halfOf = (database: string): Half =>
  (createHash('sha256')
    .update(SPLIT_SALT + database)
    .digest()[0]! &
    1) ===
  0
    ? 'tuning'
    : 'reporting';
/** The split used until 2026-11-25, kept to say how much of today's reporting half earlier rules saw. */
export const previousHalfOf = (database: string): Half =>
  (createHash('sha256').update(database).digest()[0]! & 1) === 0 ? 'tuning' : 'reporting';

export interface BenchOptions {
  /** Only the accuracy pass: no table orders, baselines, corpus or pipeline figures. */
  accuracyOnly: boolean;
  /** Only this half's questions (`--half=tuning` while working on rules). */
  half?: Half;
  /** Print every miss of the tuning half (optionally of one shape). Never for the reporting half. */
  showFailures?: Shape | 'all';
  /** Only questions of this shape (`--shape=nested/set` while working on one kind of rule): a faster loop. */
  shape?: Shape;
  /** Print the logistic fit of the confidence model's weights on the tuning half. */
  fitConfidence?: boolean;
  /** Write each tuning question's SQL and outcome to this file, one JSON line each: diff two runs to see
   *  which questions a rule changed (tied LIMIT 1 rankings move the totals between runs of the same code). */
  sqlOut?: string;
}

export function readOptions(argv: string[]): BenchOptions {
  const flag = (name: string) => argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  const half = flag('half')?.split('=')[1];
  const show = flag('show-failures');
  if (show && half !== 'tuning')
    throw new Error('--show-failures needs --half=tuning: the reporting half is frozen and never printed item by item');
  if (flag('sql-out') && half !== 'tuning')
    throw new Error('--sql-out needs --half=tuning: the reporting half is frozen and never written item by item');
  if (flag('fit-confidence') && half !== 'tuning')
    throw new Error('--fit-confidence needs --half=tuning: the model is fitted on the tuning half only');
  const shape = show?.split('=')[1];
  if (shape && !SHAPES.includes(shape as Shape)) throw new Error(`--show-failures=<${SHAPES.join('|')}>`);
  const only = flag('shape')?.split('=')[1];
  if (only !== undefined && !SHAPES.includes(only as Shape)) throw new Error(`--shape=<${SHAPES.join('|')}>`);
  return {
    accuracyOnly: !!flag('accuracy-only'),
    ...(half === 'tuning' || half === 'reporting' ? { half } : {}),
    ...(show && { showFailures: (shape as Shape | undefined) ?? 'all' }),
    ...(only && { shape: only as Shape }),
    ...(flag('fit-confidence') && { fitConfidence: true }),
    ...(flag('sql-out')?.includes('=') && { sqlOut: flag('sql-out')!.slice('--sql-out='.length) }),
  };
}

const rawParser = new mariadbGrammar.Parser();
const parsesAlone = (sql: string) => {
  try {
    rawParser.parse(sql, { database: 'MariaDB' });
    return true;
  } catch {
    return false;
  }
};

function measureCorpus(): CorpusFigures {
  const figures: CorpusFigures = { statements: VALID_CORPUS.length, accepted: 0, parserAlone: 0, refused: [] };
  for (const sql of VALID_CORPUS) {
    if (parsesAlone(sql)) figures.parserAlone += 1;
    try {
      guardSql(sql, { allowedTables: CORPUS_TABLES, rowLimit: ROW_LIMIT, flavour: 'MariaDB', database: 'fnq_corpus' });
      figures.accepted += 1;
    } catch (error) {
      figures.refused.push({ sql, reason: reasonOf(error) });
    }
  }
  return figures;
}

const ORDERS: TableOrder[] = ['listed', 'sorted', 'reversed'];
const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const ordered = (schema: DatabaseSchema, order: TableOrder): DatabaseSchema =>
  order === 'listed'
    ? schema
    : { ...schema, tables: order === 'sorted' ? [...schema.tables].sort(byName) : [...schema.tables].reverse() };

interface GoldQuery {
  database: string;
  question: string;
  sql: string;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;
const reasonOf = (error: unknown) =>
  isServiceError(error) ? (error.problems[0]?.issue ?? error.message) : String(error);

/** The shape of a question, read from its gold SQL. */
export function shapeOf(sql: string): Shape {
  const form = questionForm(sql);
  return form === 'nested/set' || form === 'join' ? form : 'simple';
}

/** The form of a question, read from its gold SQL: what the templates would have to produce. */
export function questionForm(sql: string): string {
  const text = sql.toUpperCase();
  if (/\b(?:INTERSECT|UNION|EXCEPT)\b|\(\s*SELECT\b/.test(text)) return 'nested/set';
  if (/\bJOIN\b/.test(text)) return 'join';
  if (/\bGROUP BY\b/.test(text)) return 'group';
  if (/\bLIMIT\b/.test(text)) return 'top-N';
  if (/\bCOUNT\s*\(/.test(text)) return 'count';
  if (/\b(?:AVG|SUM|MIN|MAX)\s*\(/.test(text)) return 'aggregate';
  if (/\bWHERE\b/.test(text)) return 'filter';
  return 'list';
}

/** Numbers (also written as text, as DECIMAL results are) compare by value to 9 significant digits. */
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

const multiset = (values: string[]) => [...values].sort().join('\u0001');

/**
 * Why the generated rows are not the gold rows, or undefined when they are: the same rows as a
 * multiset (as a sequence when the gold SQL orders them), with the columns in any order.
 */
export function compareRows(gold: QueryResult, ours: QueryResult, ordered: boolean): string | undefined {
  const width = gold.columns.length;
  if (ours.columns.length !== width) return 'wrong number of columns';
  if (ours.rows.length !== gold.rows.length) return ours.rows.length === 0 ? 'no rows' : 'wrong number of rows';
  const goldCells = gold.rows.map((r) => r.map(cell));
  const ourCells = ours.rows.map((r) => r.map(cell));
  const column = (rows: string[][], i: number) => multiset(rows.map((r) => r[i]!));
  // Each gold column takes one generated column holding the same values.
  const mapping: number[] = [];
  const assign = (j: number, used: Set<number>): boolean => {
    if (j === width) return true;
    for (let i = 0; i < width; i++) {
      if (used.has(i) || column(ourCells, i) !== column(goldCells, j)) continue;
      mapping[j] = i;
      if (assign(j + 1, new Set([...used, i]))) return true;
    }
    return false;
  };
  if (!assign(0, new Set())) return 'same shape, different values';
  const ourRows = ourCells.map((r) => mapping.map((i) => r[i]!).join('\u0002'));
  const goldRows = goldCells.map((r) => r.join('\u0002'));
  if (multiset(ourRows) !== multiset(goldRows)) return 'same columns, rows paired differently';
  if (ordered && ourRows.some((r, i) => r !== goldRows[i])) return 'right rows, wrong order';
  return undefined;
}

/** Whether the gold SQL orders its result (an ORDER BY outside any parentheses). */
export const isOrdered = (sql: string) => /\bORDER\s+BY\b/i.test(sql.replace(/\([^()]*\)/g, ''));

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
const stem = (word: string) => word.replace(/(?:es|s)$/, '');

/** The listed table whose name's words the question mentions most (the first listed on a tie). */
export function mostMentionedTable(question: string, tables: string[]): string | undefined {
  const said = words(question).map(stem);
  let best: string | undefined;
  let bestScore = -1;
  for (const table of tables) {
    const score = words(table.replace(/_/g, ' '))
      .map(stem)
      .reduce((n, w) => n + said.filter((s) => s === w).length, 0);
    if (score > bestScore) [best, bestScore] = [table, score];
  }
  return best;
}

/** A baseline's SQL: no engine, only the question's words and the table names. */
export function naiveSelect(baseline: Baseline, question: string, tables: string[]): string {
  const table = mostMentionedTable(question, tables) ?? 'missing_table';
  const counting = baseline === 'count-or-star' && /\b(?:how many|number of|count)\b/i.test(question);
  return `SELECT ${counting ? 'COUNT(*)' : '*'} FROM \`${table.replace(/`/g, '``')}\``;
}

/** Marks a declined question's reason where the SQL would be (shown with --show-failures). */
export const DECLINED = 'declined: ';

/**
 * The heuristic engine's SELECT for a question, asked the way the rdbms pipeline asks, with its rival
 * readings, or why it declined.
 */
export function localSelect(
  question: string,
  schema: DatabaseSchema,
): { sql: string; rivals?: SqlRival[]; probes?: SqlValueProbe[] } {
  const draft = writeSql({ question, schema }).value;
  if ('sql' in draft) return draft;
  return { sql: `${DECLINED}${'unsure' in draft ? draft.unsure : 'read-only'}` };
}

export async function runGenerated(
  session: DatabaseSession,
  sql: string,
  allowedTables: string[],
  database: string,
): Promise<QueryResult | string> {
  let guarded: string;
  try {
    guarded = guardSql(sql, { allowedTables, rowLimit: ROW_LIMIT, flavour: session.flavour, database });
  } catch (error) {
    return `refused by the guard: ${reasonOf(error)}`;
  }
  try {
    return await executeGuardedSql(session, guarded, { rowLimit: ROW_LIMIT, resultBytes: BENCH_RESULT_BYTES });
  } catch (error) {
    return isServiceError(error) && error.status === 504 ? 'timed out' : 'failed to run';
  }
}

/** Undefined when the Spider data is absent. */
const emptyAccuracy = (): AccuracyFigures => ({
  questions: 0,
  correct: 0,
  byForm: {},
  byShape: Object.fromEntries(
    SHAPES.map((shape) => [shape, Object.fromEntries(OUTCOMES.map((o) => [o, 0]))]),
  ) as AccuracyFigures['byShape'],
  failures: {},
});

/** What a miss says about the engine: a declined question is not a wrong answer. */
export function outcomeOfMiss(why: string | undefined): Outcome {
  if (!why) return 'right';
  if (why === 'declined') return 'declined';
  return /^(?:refused by the guard|failed to run|timed out)/.test(why) ? 'failed' : 'wrong';
}

export async function run(bench: BenchOptions = { accuracyOnly: false }): Promise<SqlBenchFigures | undefined> {
  const spider = await startSpider();
  if (!spider) return undefined;
  const { server } = spider;
  try {
    const [header, ...rows] = parseCsv(await readFile(join(SPIDER_DIR, 'train_queries.csv'), 'utf8'), ',');
    const column = (name: string) => header?.indexOf(name) ?? -1;
    const queries: GoldQuery[] = rows.map((row) => ({
      database: row[column('database')] ?? '',
      question: row[column('question')] ?? '',
      sql: row[column('sql')] ?? '',
    }));
    const tablesOf = new Map(spider.databases.map((database) => [database.name, database.tables]));
    const figures: SqlBenchFigures = {
      queries: queries.length,
      accepted: 0,
      refused: [],
      ran: 0,
      failedToRun: [],
      guardMsP50: 0,
      guardMsP99: 0,
      executeMsP50: 0,
      executeMsP99: 0,
      loadMs: spider.loadMs,
      loadedFromCache: spider.fromCache,
      databases: spider.databases.length,
      serverVersion: server.version,
      accuracy: { tuning: emptyAccuracy(), reporting: emptyAccuracy() },
      reportingByPreviousHalf: { tuning: { questions: 0, correct: 0 }, reporting: { questions: 0, correct: 0 } },
      tuningMisses: [],
      confidence: [],
      orders: {
        correct: { tuning: { listed: 0, sorted: 0, reversed: 0 }, reporting: { listed: 0, sorted: 0, reversed: 0 } },
        questions: { tuning: 0, reporting: 0 },
        sqlChanged: 0,
        baselines: {
          tuning: { 'select-star': 0, 'count-or-star': 0 },
          reporting: { 'select-star': 0, 'count-or-star': 0 },
        },
      },
      corpus: bench.accuracyOnly ? { statements: 0, accepted: 0, parserAlone: 0, refused: [] } : measureCorpus(),
      goldParserAlone: bench.accuracyOnly ? 0 : queries.filter((query) => parsesAlone(query.sql)).length,
      pipeline: {
        requests: 0,
        overheadMsP50: 0,
        overheadMsP99: 0,
        totalMsP50: 0,
        modelMsP50: 0,
        databaseMsP50: 0,
        roundTrips: {},
      },
      rivals: emptyRivalFigures(),
      resultKinds: emptyResultKinds(),
    };
    const guardMs: number[] = [];
    const executeMs: number[] = [];
    const written: string[] = [];
    const options: ConnectOptions = {
      allowLoopback: true,
      extraCAs: [server.caPem],
      connectTimeoutMs: 5000,
      statementTimeoutMs: 30_000,
    };

    for (const database of new Set(queries.map((query) => query.database))) {
      if (bench.half && halfOf(database) !== bench.half) continue;
      const allowedTables = tablesOf.get(database) ?? [];
      const target = parseConnectionString(server.dsn({ database }));
      await withDatabaseSession(target, options, (session) =>
        withDatabaseSession(
          target,
          { ...options, statementTimeoutMs: GENERATED_TIMEOUT_MS },
          async (generatedSession) => {
            const schema = await introspectTables(session, allowedTables);
            const asked = queries.filter(
              (q) => q.database === database && (!bench.shape || shapeOf(q.sql) === bench.shape),
            );
            for (const query of asked) {
              const started = performance.now();
              let guarded: string;
              try {
                guarded = guardSql(query.sql, {
                  allowedTables,
                  rowLimit: ROW_LIMIT,
                  flavour: session.flavour,
                  database,
                });
                figures.accepted += 1;
              } catch (error) {
                figures.refused.push({ database, sql: query.sql, reason: reasonOf(error) });
                continue;
              } finally {
                guardMs.push(performance.now() - started);
              }
              let gold: QueryResult;
              try {
                gold = await executeGuardedSql(session, guarded, {
                  rowLimit: ROW_LIMIT,
                  resultBytes: BENCH_RESULT_BYTES,
                });
                figures.ran += 1;
                executeMs.push(performance.now() - started);
              } catch (error) {
                figures.failedToRun.push({ database, sql: query.sql, reason: reasonOf(error) });
                continue;
              }
              const half = halfOf(database);
              figures.orders.questions[half] += 1;
              const orders = bench.accuracyOnly ? (['listed'] as const) : ORDERS;
              const drafts = orders.map((order) => localSelect(query.question, ordered(schema, order)));
              const sqls = drafts.map((draft) => draft.sql);
              if (new Set(sqls).size > 1) figures.orders.sqlChanged += 1;
              // The same SQL gives the same rows: each distinct statement runs once.
              const outcomes = new Map<string, string | undefined>();
              // Rows of the queries that ran, kept for their rivals' comparison: a second run of the same
              // statement on a loaded machine could time out where the first did not.
              const rowsRun = new Map<string, QueryResult>();
              const outcomeOf = async (sql: string) => {
                if (sql.startsWith(DECLINED)) return 'declined';
                if (!outcomes.has(sql)) {
                  const ours = await runGenerated(generatedSession, sql, allowedTables, database);
                  if (typeof ours !== 'string') rowsRun.set(sql, ours);
                  outcomes.set(
                    sql,
                    typeof ours === 'string' ? ours.replace(/:.*$/, '') : compareRows(gold, ours, isOrdered(query.sql)),
                  );
                }
                return outcomes.get(sql);
              };
              // The rows of a query that ran, for its rivals' comparison (lib/query/rival-readings.ts).
              const rowsOf = async (sql: string) => {
                const ours = rowsRun.get(sql) ?? (await runGenerated(generatedSession, sql, allowedTables, database));
                if (typeof ours === 'string') throw new Error(ours);
                return ours;
              };
              /** A query's outcome once its rivals ran: declined when one returned other rows. */
              const settledOutcome = async (
                draft: { sql: string; rivals?: SqlRival[]; probes?: SqlValueProbe[] },
                why: string | undefined,
                rivals?: RivalFigures,
              ) => {
                const alone = outcomeOfMiss(why);
                if (alone !== 'right' && alone !== 'wrong') return why;
                return (await rivalsDecline(draft, rowsOf, alone, rivals)) ? 'declined' : why;
              };
              for (const baseline of bench.accuracyOnly ? [] : BASELINES) {
                if (!(await outcomeOf(naiveSelect(baseline, query.question, allowedTables))))
                  figures.orders.baselines[half][baseline] += 1;
              }
              for (const [i, order] of orders.entries()) {
                const alone = await outcomeOf(sqls[i]!);
                const listed = order === 'listed';
                const why = await settledOutcome(
                  drafts[i]!,
                  alone,
                  listed && half === 'tuning' ? figures.rivals : undefined,
                );
                if (!why) figures.orders.correct[half][order] += 1;
                if (!listed) continue;
                const shape = shapeOf(query.sql);
                figures.rivals.withoutRivals[half][shape][outcomeOfMiss(alone)] += 1;
                if (half === 'tuning') {
                  // The query written whatever its confidence, for the threshold table and the fit, under
                  // the shape it is judged as (the written query's, not the gold query's).
                  const assessed = assessSql(query.question, schema);
                  const whyUnjudged = assessed.unsure
                    ? 'declined'
                    : await settledOutcome(assessed, await outcomeOf(assessed.sql));
                  figures.confidence.push({
                    shape: assessed.shape,
                    outcome: outcomeOfMiss(whyUnjudged),
                    confidence: assessed.confidence,
                    doubts: assessed.doubts,
                  });
                }
                // By shape, form and kind of miss: tables as listed.
                const accuracy = figures.accuracy[half];
                const form = questionForm(query.sql);
                const outcome = outcomeOfMiss(why);
                const rows = rowsRun.get(sqls[i]!);
                if (half === 'tuning' && rows && (outcome === 'right' || outcome === 'wrong')) {
                  const unfiltered = unfilteredSql(sqls[i]!);
                  const all = unfiltered && (await runGenerated(generatedSession, unfiltered, allowedTables, database));
                  const kinds = resultKinds(sqls[i]!, rows, typeof all === 'object' ? all : undefined);
                  countResultKinds(figures.resultKinds, kinds, outcome, { question: query.question, sql: sqls[i]! });
                }
                const byForm = (accuracy.byForm[form] ??= { questions: 0, correct: 0 });
                accuracy.questions += 1;
                byForm.questions += 1;
                accuracy.byShape[shape][outcome] += 1;
                if (half === 'reporting') {
                  const previous = figures.reportingByPreviousHalf[previousHalfOf(database)];
                  previous.questions += 1;
                  if (!why) previous.correct += 1;
                }
                if (why) accuracy.failures[why] = (accuracy.failures[why] ?? 0) + 1;
                else {
                  accuracy.correct += 1;
                  byForm.correct += 1;
                }
                if (half === 'tuning' && bench.sqlOut)
                  written.push(JSON.stringify({ database, question: query.question, shape, outcome, sql: sqls[i] }));
                const shown = bench.showFailures;
                if (why && half === 'tuning' && shown && (shown === 'all' || shown === shape))
                  figures.tuningMisses.push({
                    question: query.question,
                    sql: sqls[i]!,
                    gold: query.sql,
                    shape,
                    outcome,
                    why,
                  });
              }
            }
          },
        ),
      );
    }
    if (bench.sqlOut) await writeFile(bench.sqlOut, written.map((line) => `${line}\n`).join(''));
    guardMs.sort((a, b) => a - b);
    executeMs.sort((a, b) => a - b);
    figures.guardMsP50 = round(percentile(guardMs, 50));
    figures.guardMsP99 = round(percentile(guardMs, 99));
    figures.executeMsP50 = round(percentile(executeMs, 50));
    figures.executeMsP99 = round(percentile(executeMs, 99));
    if (bench.accuracyOnly) return figures;
    figures.pipeline = await measurePipeline(
      queries.filter((_, i) => i % PIPELINE_SAMPLE_EVERY === 0),
      (database) => server.dsn({ database }),
      tablesOf,
      { ...options, statementTimeoutMs: GENERATED_TIMEOUT_MS },
    );
    return figures;
  } finally {
    await server.stop();
  }
}

// Database time, for the overhead figure: every statement and the goodbye, timed where mysql2's
// promise API sends them; connecting (TCP, TLS, login) is the time before a request's first statement.
let databaseMs = 0;
let firstStatementAt: number | undefined;
function timeDatabaseCalls(): void {
  // The class is not in mysql2's type declarations; it is the one lib/sql's connections are made of.
  const { PromiseConnection } = createRequire(import.meta.url)('mysql2/promise') as {
    PromiseConnection: { prototype: unknown };
  };
  const prototype = PromiseConnection.prototype as Record<'query' | 'end', (...args: unknown[]) => Promise<unknown>>;
  for (const name of ['query', 'end'] as const) {
    const original = prototype[name];
    prototype[name] = async function (this: unknown, ...args: unknown[]) {
      const started = performance.now();
      firstStatementAt ??= started;
      try {
        return await original.apply(this, args);
      } finally {
        databaseMs += performance.now() - started;
      }
    };
  }
}

async function measurePipeline(
  sample: GoldQuery[],
  dsnOf: (database: string) => string,
  tablesOf: Map<string, string[]>,
  connect: ConnectOptions,
): Promise<PipelineFigures> {
  timeDatabaseCalls();
  let modelMs = 0;
  const timed =
    <A extends unknown[], R>(task: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = performance.now();
      try {
        return await task(...args);
      } finally {
        modelMs += performance.now() - started;
      }
    };
  const timedLocal = (meter: UsageMeter): AiTasks => {
    const tasks = heuristicTasks(meter);
    return {
      ...tasks,
      sqlWriter: { write: timed(tasks.sqlWriter.write) },
      sqlAnswerer: { answer: timed(tasks.sqlAnswerer.answer) },
    };
  };
  const totals: number[] = [];
  const models: number[] = [];
  const databases: number[] = [];
  const overheads: number[] = [];
  const roundTrips: Record<number, number> = {};
  for (const [i, query] of sample.entries()) {
    const body = {
      query: query.question,
      tables: tablesOf.get(query.database) ?? [],
      sqldb_connection_string: dsnOf(query.database),
    };
    const model = await prepareModel(body, {}, timedLocal);
    [modelMs, databaseMs, firstStatementAt] = [0, 0, undefined];
    const started = performance.now();
    // Failed queries end in the 400 envelope: that path is the service's work too.
    await answerFromDatabase(body, model, {
      databases: new MysqlCallerDatabases({ connect, rowLimit: ROW_LIMIT }),
    }).catch(() => undefined);
    const total = performance.now() - started;
    const database = databaseMs + ((firstStatementAt ?? started) - started);
    // The first requests warm the JIT and the TLS context; they are not measured.
    if (i < 20) continue;
    totals.push(total);
    models.push(modelMs);
    databases.push(database);
    overheads.push(total - modelMs - database);
    roundTrips[model.meter.total.calls] = (roundTrips[model.meter.total.calls] ?? 0) + 1;
  }
  const p = (values: number[], at: number) =>
    round(
      percentile(
        [...values].sort((a, b) => a - b),
        at,
      ),
    );
  return {
    requests: overheads.length,
    overheadMsP50: p(overheads, 50),
    overheadMsP99: p(overheads, 99),
    totalMsP50: p(totals, 50),
    modelMsP50: p(models, 50),
    databaseMsP50: p(databases, 50),
    roundTrips,
  };
}

const share = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(2)}%`;

function printGuard(figures: SqlBenchFigures): void {
  console.log(`SQL guard on Spider gold queries (${figures.serverVersion}, ${figures.databases} databases)`);
  console.log(
    `  load: ${(figures.loadMs / 1000).toFixed(1)} s${figures.loadedFromCache ? ' (measured when the .tmp/ cache was filled; this run reused it)' : ''}`,
  );
  console.log(
    `  accepted by the guard: ${figures.accepted}/${figures.queries} (${share(figures.accepted, figures.queries)}); refused: ${figures.refused.length}`,
  );
  console.log(
    `  baseline, node-sql-parser alone on the raw text: ${figures.goldParserAlone}/${figures.queries} (${share(figures.goldParserAlone, figures.queries)}); guard/baseline ${(figures.accepted / Math.max(1, figures.goldParserAlone)).toFixed(3)}`,
  );
  const { corpus } = figures;
  console.log(`SQL guard on the false-refusal corpus (tests/support/sql-valid-corpus.ts, all run by MariaDB in tests)`);
  console.log(
    `  accepted by the guard: ${corpus.accepted}/${corpus.statements} (${share(corpus.accepted, corpus.statements)})`,
  );
  console.log(
    `  baseline, node-sql-parser alone on the raw text: ${corpus.parserAlone}/${corpus.statements} (${share(corpus.parserAlone, corpus.statements)}); guard/baseline ${(corpus.accepted / Math.max(1, corpus.parserAlone)).toFixed(3)}`,
  );
  for (const { sql, reason } of corpus.refused) console.log(`  REFUSED ${sql}\n    ${reason}`);
  console.log(
    `  ran on MariaDB after the guard: ${figures.ran}/${figures.queries} (${share(figures.ran, figures.queries)}); failed to run: ${figures.failedToRun.length}`,
  );
  console.log(`  guard time per query: p50 ${figures.guardMsP50} ms, p99 ${figures.guardMsP99} ms`);
  console.log(
    `  guard + execution per query (local server): p50 ${figures.executeMsP50} ms, p99 ${figures.executeMsP99} ms`,
  );
  for (const { database, sql, reason } of figures.refused) console.log(`  REFUSED [${database}] ${sql}\n    ${reason}`);
  for (const { database, sql, reason } of figures.failedToRun)
    console.log(`  FAILED [${database}] ${sql}\n    ${reason}`);
}

function print(figures: SqlBenchFigures | undefined, options: BenchOptions): void {
  if (!figures) {
    console.log(`SQL bench: Spider data not found at ${SPIDER_DIR}; nothing measured.`);
    return;
  }
  if (!options.accuracyOnly) printGuard(figures);
  const { accuracy, pipeline, orders } = figures;
  console.log(
    'Local engine text-to-SQL, execution accuracy by half (databases split by a salted hash of their name) and table order',
  );
  for (const half of ['reporting', 'tuning'] as const) {
    const n = orders.questions[half];
    if (!n) continue;
    const base = orders.correct[half].listed;
    const cells = ORDERS.filter((order) => order === 'listed' || !options.accuracyOnly).map(
      (order) =>
        `${order} ${share(orders.correct[half][order], n)} (${orders.correct[half][order]}/${n}, ×${(orders.correct[half][order] / Math.max(1, base)).toFixed(3)} of listed)`,
    );
    console.log(`  ${half.padEnd(9)} half: ${cells.join('; ')}`);
    for (const baseline of options.accuracyOnly ? [] : BASELINES) {
      const b = orders.baselines[half][baseline];
      console.log(
        `  ${''.padEnd(9)}       baseline ${baseline}: ${share(b, n)} (${b}/${n}); engine (listed) ×${(base / Math.max(1, b)).toFixed(2)} of it`,
      );
    }
  }
  if (!options.accuracyOnly)
    console.log(
      `  questions whose SQL changed with the order of the tables: ${orders.sqlChanged}/${orders.questions.tuning + orders.questions.reporting}`,
    );
  for (const half of ['reporting', 'tuning'] as const) {
    const figuresOf = accuracy[half];
    if (!figuresOf.questions) continue;
    console.log(
      `${half === 'reporting' ? 'Reporting half (frozen: totals only)' : 'Tuning half'}, tables as listed: ${figuresOf.questions} questions whose gold query ran`,
    );
    console.log(
      `  overall: ${figuresOf.correct}/${figuresOf.questions} (${share(figuresOf.correct, figuresOf.questions)})`,
    );
    console.log(`  by shape: ${OUTCOMES.join(' / ')} (wrong = ran and returned other rows)`);
    for (const shape of SHAPES) {
      const cells = figuresOf.byShape[shape];
      const total = OUTCOMES.reduce((n, o) => n + cells[o], 0);
      console.log(
        `    ${shape.padEnd(10)} ${String(total).padStart(5)}: ${OUTCOMES.map((o) => `${o} ${cells[o]} (${share(cells[o], total)})`).join(', ')}`,
      );
    }
    const forms = Object.entries(figuresOf.byForm).sort((a, b) => b[1].questions - a[1].questions);
    console.log('  by form:');
    for (const [form, { questions, correct }] of forms)
      console.log(`    ${form.padEnd(11)} ${share(correct, questions).padStart(7)} (${correct}/${questions})`);
    console.log('  misses by kind:');
    for (const [kind, n] of Object.entries(figuresOf.failures).sort((a, b) => b[1] - a[1]))
      console.log(`    ${String(n).padStart(5)}  ${kind}`);
  }
  for (const previous of ['reporting', 'tuning'] as const) {
    const { questions, correct } = figures.reportingByPreviousHalf[previous];
    if (!questions) continue;
    console.log(
      `  reporting half, databases in the previous split's ${previous} half: ${correct}/${questions} (${share(correct, questions)})`,
    );
  }
  for (const line of resultKindLines(figures.resultKinds, !!options.showFailures)) console.log(line);
  for (const line of rivalLines(figures.rivals, accuracy, !!options.showFailures)) console.log(line);
  if (figures.confidence.length) {
    for (const line of thresholdTable(figures.confidence, SQL_MIN_CONFIDENCE)) console.log(line);
    for (const line of doubtCosts(figures.confidence, SQL_MIN_CONFIDENCE)) console.log(line);
    if (options.fitConfidence) {
      for (const shape of SHAPES) {
        const fit = Object.entries(fitConfidence(figures.confidence.filter((s) => s.shape === shape)));
        console.log(`  logistic fit, ${shape}: ${fit.map(([d, w]) => `${d} ${w.toFixed(2)}`).join(', ')}`);
      }
    }
  }
  for (const miss of figures.tuningMisses)
    console.log(
      `MISS [${miss.shape}, ${miss.outcome}: ${miss.why}] ${miss.question}\n  ours: ${miss.sql}\n  gold: ${miss.gold}`,
    );
  if (options.accuracyOnly) return;
  console.log(
    `rdbms pipeline with the local engine, ${pipeline.requests} sampled questions (every ${PIPELINE_SAMPLE_EVERY}th, after 20 warm-up requests)`,
  );
  console.log(
    `  service overhead without model and database time: p50 ${pipeline.overheadMsP50} ms, p99 ${pipeline.overheadMsP99} ms (target p50 ≤ 5 ms)`,
  );
  console.log(
    `  for scale, p50: whole request ${pipeline.totalMsP50} ms, model (local engine) ${pipeline.modelMsP50} ms, database incl. TLS connect ${pipeline.databaseMsP50} ms`,
  );
  const trips = Object.entries(pipeline.roundTrips)
    .map(([calls, n]) => `${n} × ${calls}`)
    .join(', ');
  console.log(`  AI round trips per question (target 2 on the happy path): ${trips}`);
}

if (isMain(import.meta.url)) {
  const options = readOptions(process.argv.slice(2));
  print(await run(options), options);
}
