// The byte budget of execute.ts against a real MariaDB: a result of a few rows of megabytes each
// is stopped at the budget while it streams, so the process never holds the whole result.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabaseSession, type ConnectOptions } from '../../../lib/sql/connect';
import { parseConnectionString } from '../../../lib/sql/dsn';
import { executeGuardedSql, type QueryResult } from '../../../lib/sql/execute';
import { mariaDbUnavailableReason, startMariaDb, type MariaDbServer } from '../../support/mariadb';

const unavailable = await mariaDbUnavailableReason();

const ROW_BYTES = 4 * 1024 * 1024;
const ROWS = 40;
// 40 rows of 4 MB from MariaDB's sequence engine: 160 MB if it were all kept.
const BIG_ROWS = `SELECT seq, REPEAT(CHAR(65 + seq % 26 USING ascii), ${ROW_BYTES}) AS blob_text FROM seq_1_to_${ROWS}`;

describe.skipIf(unavailable)(`the result byte budget${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let server: MariaDbServer;
  const options = (): ConnectOptions => ({
    allowLoopback: true,
    extraCAs: [server.caPem],
    connectTimeoutMs: 5000,
    statementTimeoutMs: 20_000,
  });

  beforeAll(async () => {
    server = await startMariaDb();
  });
  afterAll(async () => server?.stop());

  /** Runs the query while sampling the heap; returns the result and the peak growth in bytes. */
  async function measured(resultBytes: number): Promise<{ result: QueryResult; peakGrowth: number }> {
    global.gc?.();
    const base = process.memoryUsage().heapUsed + process.memoryUsage().external;
    let peak = base;
    const sampler = setInterval(
      () => (peak = Math.max(peak, process.memoryUsage().heapUsed + process.memoryUsage().external)),
      2,
    );
    try {
      const result = await withDatabaseSession(parseConnectionString(server.dsn()), options(), (session) =>
        executeGuardedSql(session, BIG_ROWS, { rowLimit: 1000, resultBytes }),
      );
      peak = Math.max(peak, process.memoryUsage().heapUsed + process.memoryUsage().external);
      return { result, peakGrowth: peak - base };
    } finally {
      clearInterval(sampler);
    }
  }

  it('stops at the budget, says the result was cut, and keeps memory near the budget', async () => {
    const { result, peakGrowth } = await measured(2 * ROW_BYTES + 1000);
    expect(result.rowCount).toBe(2);
    expect(result.truncated).toBe(true);
    expect(result.cutAtBytes).toBe(2 * ROW_BYTES + 1000);
    expect(String(result.rows[1]?.[1]).length).toBe(ROW_BYTES);
    // Kept rows, the row being read and the driver's packet buffers: a few rows, never 40.
    expect(peakGrowth).toBeLessThan(12 * ROW_BYTES);
  }, 60_000);

  it('returns the whole result when it fits, so the budget is what cut it above', async () => {
    const { result, peakGrowth } = await measured(ROWS * ROW_BYTES + 1_000_000);
    expect(result.rowCount).toBe(ROWS);
    expect(result.truncated).toBe(false);
    expect(result.cutAtBytes).toBeUndefined();
    expect(peakGrowth).toBeGreaterThan(ROWS * ROW_BYTES * 0.9);
  }, 60_000);
});
