// The Spider tuning half database by database, as the development benches read it: each database's
// questions (with their gold SQL), a TLS session on the private MariaDB loaded with Spider, and the schema
// as the service introspects it. Shared by the perturbation and schema-order benches.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCsv } from '../lib/ingest/extract-data';
import { withDatabaseSession, type DatabaseSession } from '../lib/sql/connect';
import { parseConnectionString } from '../lib/sql/dsn';
import { introspectTables, type DatabaseSchema } from '../lib/sql/introspect';
import { SPIDER_DIR, startSpider } from './spider-load';
import { halfOf } from './sql';

export interface SpiderQuestion {
  database: string;
  question: string;
  /** The gold query. */
  sql: string;
}

export interface TuningDatabase {
  database: string;
  questions: SpiderQuestion[];
  allowedTables: string[];
  session: DatabaseSession;
  schema: DatabaseSchema;
}

/** Visits every tuning-half database in turn; false when the Spider data is not there. */
export async function forEachTuningDatabase(visit: (db: TuningDatabase) => Promise<void>): Promise<boolean> {
  const spider = await startSpider();
  if (!spider) return false;
  try {
    const [header, ...rows] = parseCsv(await readFile(join(SPIDER_DIR, 'train_queries.csv'), 'utf8'), ',');
    const at = (name: string) => header?.indexOf(name) ?? -1;
    const questions = rows
      .map((row) => ({
        database: row[at('database')] ?? '',
        question: row[at('question')] ?? '',
        sql: row[at('sql')] ?? '',
      }))
      .filter((q) => halfOf(q.database) === 'tuning');
    const tablesOf = new Map(spider.databases.map((d) => [d.name, d.tables]));
    const options = {
      allowLoopback: true,
      extraCAs: [spider.server.caPem],
      connectTimeoutMs: 5000,
      statementTimeoutMs: 30_000,
    };
    for (const database of new Set(questions.map((q) => q.database))) {
      const allowedTables = tablesOf.get(database) ?? [];
      const target = parseConnectionString(spider.server.dsn({ database }));
      await withDatabaseSession(target, options, async (session) => {
        const schema = await introspectTables(session, allowedTables);
        await visit({
          database,
          questions: questions.filter((q) => q.database === database),
          allowedTables,
          session,
          schema,
        });
      });
    }
  } finally {
    await spider.server.stop();
  }
  return true;
}
