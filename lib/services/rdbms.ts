// The SQL endpoint's wiring: callers' databases over MySQL/MariaDB with the config's limits.
import { getConfig } from '../config';
import type { RdbmsOptions } from '../query/rdbms';
import { MysqlCallerDatabases } from '../sql/caller-databases';

// One array for the process: the SQL layer caches its TLS context per CA list.
let extraCAs: string[] | undefined;

export function rdbmsOptions(): RdbmsOptions {
  const { sql } = getConfig();
  extraCAs ??= sql.caPem ? [sql.caPem] : [];
  return {
    databases: new MysqlCallerDatabases({
      connect: {
        allowLoopback: sql.allowLoopback,
        allowPrivate: sql.allowPrivate,
        extraCAs,
        connectTimeoutMs: sql.connectTimeoutMs,
        statementTimeoutMs: sql.statementTimeoutMs,
      },
      rowLimit: sql.rowLimit,
      resultBytes: sql.resultBytes,
    }),
  };
}
