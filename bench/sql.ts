// The SQL guard against every Spider gold query: how many it accepts (target: all), how
// many then run on MariaDB through lib/sql, and what the guard costs per query.
// Run: node --import tsx bench/sql.ts

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isServiceError } from '../lib/errors';
import { withDatabaseSession } from '../lib/sql/connect';
import { parseConnectionString } from '../lib/sql/dsn';
import { executeGuardedSql } from '../lib/sql/execute';
import { guardSql } from '../lib/sql/guard';
import { SPIDER_DIR, startSpider } from './spider-load';
import { isMain, percentile } from './stats';

const ROW_LIMIT = 1000;

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
}

interface GoldQuery {
  database: string;
  sql: string;
}

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted || (char !== ',' && char !== '\n' && char !== '\r')) {
      field += char;
    } else if (char === ',') {
      endField();
    } else if (char === '\n') {
      endField();
      rows.push(row);
      row = [];
    }
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;
const reasonOf = (error: unknown) => (isServiceError(error) ? (error.problems[0]?.issue ?? error.message) : String(error));

/** Undefined when the Spider data is absent. */
export async function run(): Promise<SqlBenchFigures | undefined> {
  const spider = await startSpider();
  if (!spider) return undefined;
  const { server } = spider;
  try {
    const [header, ...rows] = parseCsv(await readFile(join(SPIDER_DIR, 'train_queries.csv'), 'utf8'));
    const databaseColumn = header?.indexOf('database') ?? -1;
    const sqlColumn = header?.indexOf('sql') ?? -1;
    const queries: GoldQuery[] = rows.map((row) => ({ database: row[databaseColumn] ?? '', sql: row[sqlColumn] ?? '' }));
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
    };
    const guardMs: number[] = [];
    const executeMs: number[] = [];
    const options = { allowLoopback: true, extraCAs: [server.caPem], connectTimeoutMs: 5000, statementTimeoutMs: 30_000 };

    for (const database of new Set(queries.map((query) => query.database))) {
      const target = parseConnectionString(server.dsn({ database }));
      await withDatabaseSession(target, options, async (session) => {
        for (const query of queries.filter((q) => q.database === database)) {
          const started = performance.now();
          let guarded: string;
          try {
            const guardOptions = { allowedTables: tablesOf.get(database) ?? [], rowLimit: ROW_LIMIT, flavour: session.flavour, database };
            guarded = guardSql(query.sql, guardOptions);
            figures.accepted += 1;
          } catch (error) {
            figures.refused.push({ ...query, reason: reasonOf(error) });
            continue;
          } finally {
            guardMs.push(performance.now() - started);
          }
          try {
            await executeGuardedSql(session, guarded, { rowLimit: ROW_LIMIT });
            figures.ran += 1;
            executeMs.push(performance.now() - started);
          } catch (error) {
            figures.failedToRun.push({ ...query, reason: reasonOf(error) });
          }
        }
      });
    }
    guardMs.sort((a, b) => a - b);
    executeMs.sort((a, b) => a - b);
    figures.guardMsP50 = round(percentile(guardMs, 50));
    figures.guardMsP99 = round(percentile(guardMs, 99));
    figures.executeMsP50 = round(percentile(executeMs, 50));
    figures.executeMsP99 = round(percentile(executeMs, 99));
    return figures;
  } finally {
    await server.stop();
  }
}

function print(figures: SqlBenchFigures | undefined): void {
  if (!figures) {
    console.log(`SQL guard bench: Spider data not found at ${SPIDER_DIR}; nothing measured.`);
    return;
  }
  const share = (n: number) => `${((100 * n) / figures.queries).toFixed(2)}%`;
  console.log(`SQL guard on Spider gold queries (${figures.serverVersion}, ${figures.databases} databases)`);
  console.log(`  load: ${(figures.loadMs / 1000).toFixed(1)} s${figures.loadedFromCache ? ' (measured when the .tmp/ cache was filled; this run reused it)' : ''}`);
  console.log(`  accepted by the guard: ${figures.accepted}/${figures.queries} (${share(figures.accepted)}); refused: ${figures.refused.length}`);
  console.log(`  ran on MariaDB after the guard: ${figures.ran}/${figures.queries} (${share(figures.ran)}); failed to run: ${figures.failedToRun.length}`);
  console.log(`  guard time per query: p50 ${figures.guardMsP50} ms, p99 ${figures.guardMsP99} ms`);
  console.log(`  guard + execution per query (local server): p50 ${figures.executeMsP50} ms, p99 ${figures.executeMsP99} ms`);
  for (const { database, sql, reason } of figures.refused) console.log(`  REFUSED [${database}] ${sql}\n    ${reason}`);
  for (const { database, sql, reason } of figures.failedToRun) console.log(`  FAILED [${database}] ${sql}\n    ${reason}`);
}

if (isMain(import.meta.url)) {
  print(await run());
}
