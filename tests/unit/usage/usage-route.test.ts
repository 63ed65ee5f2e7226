import { describe, expect, it } from 'vitest';
import { createUsageHandler } from '../../../handlers/http/usage';
import type { UsageReader, UsageRow } from '../../../lib/usage/ports';
import { utcDay } from '../../../lib/usage/ports';
import { usageWindow } from '../../../lib/usage/report';
import { call } from '../../support/api-event';
import { testDeps, testToken } from '../../support/http-deps';

const row = (day: string, endpoint: string, calls = 1): UsageRow => ({
  day,
  endpoint,
  calls,
  errors: 0,
  durationMs: 10 * calls,
  aiTokens: 2 * calls,
});

/** Rows by account, returned in storage order (not sorted), as DynamoDB may. */
class MemoryUsageReader implements UsageReader {
  readonly asked: { account: string; from: string; to: string }[] = [];
  constructor(private readonly rows: Record<string, UsageRow[]>) {}
  async list(account: string, from: string, to: string) {
    this.asked.push({ account, from, to });
    return (this.rows[account] ?? []).filter((r) => r.day >= from && r.day <= to);
  }
}

function setup(rows: Record<string, UsageRow[]> = {}) {
  const reader = new MemoryUsageReader(rows);
  const { deps } = testDeps();
  return { reader, handler: createUsageHandler({ http: deps, reader }) };
}

describe('usage window', () => {
  it('defaults to the last 30 UTC days, today included', () => {
    expect(usageWindow({}, '2026-11-23')).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(usageWindow({ to: '2026-03-01' }, '2026-11-23')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(usageWindow({ from: '2026-11-01' }, '2026-11-23')).toEqual({ from: '2026-11-01', to: '2026-11-23' });
  });

  it('accepts 366 days and refuses 367', () => {
    expect(usageWindow({ from: '2024-01-01', to: '2024-12-31' })).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(() => usageWindow({ from: '2024-01-01', to: '2025-01-01' })).toThrow(
      /spans 367 days, over the limit of 366/,
    );
  });

  it.each([
    [{ from: '2026-02-30' }, /from "2026-02-30" is not a calendar day/],
    [{ to: '2026-13-01' }, /to "2026-13-01" is not a calendar day/],
    [{ from: '26-11-01' }, /not a calendar day/],
    [{ from: '2026-11-05', to: '2026-11-04' }, /is after to/],
  ])('refuses %j', (query, message) => {
    expect(() => usageWindow(query, '2026-11-23')).toThrow(message);
  });
});

describe('GET /usage-service/v1/usage', () => {
  it('answers the caller’s own rows, sorted by day then endpoint, in the agreed shape', async () => {
    const { reader, handler } = setup({
      alice: [
        row('2026-11-02', 'POST /query-service/v1/rdbms', 3),
        row('2026-11-01', 'GET /health'),
        row('2026-11-02', 'GET /embedder-service/v1/status', 2),
      ],
      bob: [row('2026-11-01', 'GET /health', 99)],
    });
    const res = await call(handler, {
      token: await testToken('alice'),
      query: { from: '2026-11-01', to: '2026-11-02' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      spanId: expect.any(String),
      account: 'alice',
      from: '2026-11-01',
      to: '2026-11-02',
      usage: [
        { day: '2026-11-01', endpoint: 'GET /health', calls: 1, errors: 0, durationMs: 10, aiTokens: 2 },
        {
          day: '2026-11-02',
          endpoint: 'GET /embedder-service/v1/status',
          calls: 2,
          errors: 0,
          durationMs: 20,
          aiTokens: 4,
        },
        {
          day: '2026-11-02',
          endpoint: 'POST /query-service/v1/rdbms',
          calls: 3,
          errors: 0,
          durationMs: 30,
          aiTokens: 6,
        },
      ],
    });
    expect(reader.asked).toEqual([{ account: 'alice', from: '2026-11-01', to: '2026-11-02' }]);
  });

  it('reads the last 30 days when no window is given', async () => {
    const { reader, handler } = setup();
    const res = await call(handler, { token: await testToken('alice') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ to: utcDay(), usage: [] });
    expect(reader.asked[0]!.to).toBe(utcDay());
  });

  it('cannot be pointed at another account', async () => {
    const { reader, handler } = setup({ bob: [row('2026-11-01', 'GET /health')] });
    const res = await call(handler, { token: await testToken('alice'), query: { account: 'bob' } });
    expect(res.status).toBe(400);
    expect(reader.asked).toEqual([]);
  });

  it('answers 400 with ISSUE and ADVICE for a range over 366 days, before reading anything', async () => {
    const { reader, handler } = setup();
    const res = await call(handler, {
      token: await testToken('alice'),
      query: { from: '2025-01-01', to: '2026-01-02' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'range_too_long',
      messages: [expect.stringMatching(/^ISSUE: .*ADVICE: Ask for at most 366 days/), 'failed'],
    });
    expect(reader.asked).toEqual([]);
  });

  it('refuses a request without a token', async () => {
    const { handler } = setup();
    expect((await call(handler, {})).status).toBe(401);
  });
});
