// The rdbms pipeline with the heuristic engine as its model, over a private MariaDB (TLS) seeded for
// one test file: the real CallerDatabases adapter, guard and read-only execution, no handler.
import { heuristicTasks } from '../../lib/ai/heuristic-tasks';
import { answerFromDatabase, type RdbmsOptions } from '../../lib/query/rdbms';
import { prepareModel } from '../../lib/query/shared';
import { MysqlCallerDatabases } from '../../lib/sql/caller-databases';
import { startMariaDb, type MariaDbServer } from './mariadb';

export interface HeuristicRdbms {
  db: MariaDbServer;
  /** Answers `query` over `tables`, with a structured_output schema when given; `calls` counts model calls. */
  ask(
    query: string,
    tables: string[],
    structuredOutput?: unknown,
  ): Promise<Awaited<ReturnType<typeof answerFromDatabase>> & { calls: number }>;
  stop(): Promise<void>;
}

export async function startHeuristicRdbms(seedSql: string): Promise<HeuristicRdbms> {
  const db = await startMariaDb();
  const admin = await db.admin();
  await admin.query(`USE \`${db.database}\`; ${seedSql}`);
  await admin.end();
  const options: RdbmsOptions = {
    databases: new MysqlCallerDatabases({
      connect: { allowLoopback: true, extraCAs: [db.caPem], connectTimeoutMs: 5000, statementTimeoutMs: 5000 },
      rowLimit: 100,
    }),
  };
  return {
    db,
    async ask(query, tables, structuredOutput) {
      const body = {
        query,
        tables,
        sqldb_connection_string: db.dsn(),
        ...(structuredOutput !== undefined && {
          structured_output: Buffer.from(JSON.stringify(structuredOutput)).toString('base64'),
        }),
      };
      const model = await prepareModel(body, {}, heuristicTasks);
      return { ...(await answerFromDatabase(body, model, options)), calls: model.meter.total.calls };
    },
    stop: () => db.stop(),
  };
}
