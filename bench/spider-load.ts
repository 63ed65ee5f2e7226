// Loads the Spider databases (../shared/data/spider, MySQL dialect) into a private MariaDB
// started with tests/support/mariadb.ts. The loaded data directory is kept under .tmp/,
// keyed by a hash of the data, so later runs start in about a second.

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile, mkdir, open } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connection } from 'mysql2/promise';
import { startMariaDb, type MariaDbServer } from '../tests/support/mariadb';

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** FNQ_SHARED_DATA points elsewhere than ../shared/data (a worktree one level deeper, say), as bench/retrieval.ts reads it. */
export const SPIDER_DIR = resolve(process.env.FNQ_SHARED_DATA ?? resolve(PROJECT_ROOT, '../shared/data'), 'spider');
/** Part of the cache key: change it when the loading below changes. */
const LOADER_VERSION = '1';
const PARALLEL_LOADS = 4;

export interface SpiderDatabase {
  name: string;
  /** Tables created from schema.sql, in load order. */
  tables: string[];
  /** Tables whose CSV file is absent (they exist, empty). */
  tablesWithoutData: string[];
}

export interface LoadedSpider {
  server: MariaDbServer;
  databases: SpiderDatabase[];
  /** Time the load took, measured when the cache was filled if it came from the cache. */
  loadMs: number;
  fromCache: boolean;
}

const quoteIdentifier = (name: string) => `\`${name.replace(/`/g, '``')}\``;
const quoteString = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Undefined when the Spider data is not there. */
export async function startSpider(spiderDir = SPIDER_DIR): Promise<LoadedSpider | undefined> {
  const databasesDir = join(spiderDir, 'databases');
  if (!existsSync(databasesDir)) return undefined;
  const order: Record<string, string[]> = JSON.parse(await readFile(join(spiderDir, 'ordered_tables.json'), 'utf8'));
  const names = (await readdir(databasesDir))
    .filter((name) => existsSync(join(databasesDir, name, 'schema.sql')))
    .sort();

  const key = await dataHash(databasesDir, names, order);
  const datadir = join(PROJECT_ROOT, '.tmp', `spider-mariadb-${key}`);
  const marker = `${datadir}.json`;
  if (existsSync(marker)) {
    const cached = JSON.parse(await readFile(marker, 'utf8')) as { databases: SpiderDatabase[]; loadMs: number };
    try {
      const server = await startMariaDb({ datadir, fileDir: databasesDir });
      await grantRead(server, cached.databases);
      return { server, ...cached, fromCache: true };
    } catch {
      // A data directory from another MariaDB version, or damaged: load again.
    }
  }
  await rm(marker, { force: true });
  await rm(datadir, { recursive: true, force: true });
  await mkdir(datadir, { recursive: true });

  const server = await startMariaDb({ datadir, fileDir: databasesDir });
  const started = performance.now();
  const databases: SpiderDatabase[] = [];
  const queue = [...names];
  const worker = async () => {
    const admin = await server.admin();
    try {
      for (let name = queue.shift(); name; name = queue.shift()) {
        databases.push(await loadDatabase(admin, join(databasesDir, name), name, order[name] ?? []));
      }
    } finally {
      await admin.end();
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_LOADS }, worker));
  databases.sort((a, b) => a.name.localeCompare(b.name));
  await grantRead(server, databases);
  const loadMs = Math.round(performance.now() - started);
  await writeFile(marker, JSON.stringify({ databases, loadMs }));
  return { server, databases, loadMs, fromCache: false };
}

/** The test user reads every Spider database (granted on each start: the helper may re-create the user). */
async function grantRead(server: MariaDbServer, databases: SpiderDatabase[]): Promise<void> {
  const admin = await server.admin();
  try {
    const user = `${quoteString(server.user)}@'%'`;
    await admin.query(databases.map(({ name }) => `GRANT SELECT ON ${quoteIdentifier(name)}.* TO ${user};`).join('\n'));
  } finally {
    await admin.end();
  }
}

async function dataHash(databasesDir: string, names: string[], order: Record<string, string[]>): Promise<string> {
  const hash = createHash('sha256').update(LOADER_VERSION).update(JSON.stringify(order));
  for (const name of names) {
    const dir = join(databasesDir, name);
    hash.update(name).update(await readFile(join(dir, 'schema.sql')));
    const dataDir = join(dir, 'data');
    const files = existsSync(dataDir) ? (await readdir(dataDir)).sort() : [];
    for (const file of files) hash.update(file).update(await readFile(join(dataDir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function loadDatabase(admin: Connection, dir: string, name: string, order: string[]): Promise<SpiderDatabase> {
  // Malformed rows (flight_4) load only without strict mode; foreign keys point every way.
  await admin.query(`SET SESSION sql_mode = '', SESSION foreign_key_checks = 0;
    CREATE DATABASE ${quoteIdentifier(name)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
    USE ${quoteIdentifier(name)};`);
  await admin.query(await readFile(join(dir, 'schema.sql'), 'utf8'));

  const [rows] = await admin.query('SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?', [
    name,
  ]);
  const created = (rows as { name: string }[]).map((row) => row.name);
  const tables = [
    ...order.filter((table) => created.includes(table)),
    ...created.filter((table) => !order.includes(table)),
  ];
  const tablesWithoutData: string[] = [];
  for (const table of tables) {
    const csv = join(dir, 'data', `${table}.csv`);
    if (existsSync(csv)) await loadCsv(admin, name, table, csv);
    else tablesWithoutData.push(table);
  }
  return { name, tables, tablesWithoutData };
}

/** Server-side LOAD DATA (the server reads the file itself); the literal text NULL is NULL. */
async function loadCsv(admin: Connection, database: string, table: string, path: string): Promise<void> {
  const header = await firstLine(path);
  const columns = header.line.split(',').map((column) => column.replace(/^"|"$/g, ''));
  const variables = columns.map((_, index) => `@c${index}`);
  const assignments = columns.map((column, index) => `${quoteIdentifier(column)} = NULLIF(@c${index}, 'NULL')`);
  await admin.query(
    `LOAD DATA INFILE ${quoteString(path)} INTO TABLE ${quoteIdentifier(database)}.${quoteIdentifier(table)}
     CHARACTER SET utf8mb4 FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '"' ESCAPED BY ''
     LINES TERMINATED BY ${header.crlf ? "'\\r\\n'" : "'\\n'"} IGNORE 1 LINES
     (${variables.join(', ')}) SET ${assignments.join(', ')}`,
  );
}

async function firstLine(path: string): Promise<{ line: string; crlf: boolean }> {
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const end = text.indexOf('\n');
    const line = end < 0 ? text : text.slice(0, end);
    return { line: line.replace(/\r$/, ''), crlf: line.endsWith('\r') };
  } finally {
    await file.close();
  }
}
