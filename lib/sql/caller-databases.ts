// CallerDatabases (lib/sql/ports.ts) for MySQL and MariaDB: TLS-only sessions (connect.ts), schema
// introspection, and every statement through the guard before it is executed read-only.
import { withDatabaseSession, type ConnectOptions } from './connect';
import { parseConnectionString } from './dsn';
import { executeGuardedSql } from './execute';
import { guardSql } from './guard';
import { introspectTables } from './introspect';
import type { CallerDatabases, DatabaseQuerySession } from './ports';

export interface CallerDatabaseOptions {
  connect: ConnectOptions;
  rowLimit: number;
  /** Bytes of result kept before the query is stopped (execute.ts). */
  resultBytes?: number;
}

export class MysqlCallerDatabases implements CallerDatabases {
  constructor(private readonly options: CallerDatabaseOptions) {}

  withSession<T>(
    connectionString: string,
    tables: readonly string[],
    work: (session: DatabaseQuerySession) => Promise<T>,
  ): Promise<T> {
    const target = parseConnectionString(connectionString);
    return withDatabaseSession(target, this.options.connect, async (session) => {
      const schema = await introspectTables(session, tables);
      const guardOptions = {
        allowedTables: [...tables],
        rowLimit: this.options.rowLimit,
        flavour: schema.flavour,
        database: schema.database,
      };
      return work({ schema, run: (sql) => executeGuardedSql(session, guardSql(sql, guardOptions), this.options) });
    });
  }
}
