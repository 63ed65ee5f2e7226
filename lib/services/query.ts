// The query endpoints' wiring: the model for a request's platform (the heuristic engine (the embedded default) when
// no AI endpoint is configured), and the SQL endpoint's options from the config.
import { getConfig } from '../config';
import { heuristicChat } from '../ai/heuristic/engine';
import { prepareModel, type QueryModel, type SharedQueryBody } from '../query/shared';
import type { RdbmsOptions } from '../query/rdbms';
import { MysqlCallerDatabases } from '../sql/caller-databases';
import { aiPlatformConfig } from './core';

export const queryModel = (body: SharedQueryBody): QueryModel => prepareModel(body, aiPlatformConfig(), heuristicChat);

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
