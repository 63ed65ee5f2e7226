// GET /usage-service/v1/usage through serverless offline: the counters the metrics middleware of
// the other routes wrote, for the caller's account only.
import { describe, expect, inject, it } from 'vitest';
import { issueToken } from '../../lib/http/token';
import { utcDay } from '../../lib/usage/ports';

const url = inject('stackUrl');
const secret = inject('stackSecret');
const token = (account: string) => issueToken({ secret, account, level: 'free', ttlSeconds: 600 });

interface UsageBody {
  account: string;
  from: string;
  to: string;
  usage: { day: string; endpoint: string; calls: number; errors: number }[];
}

describe('usage route', () => {
  it('reports the caller’s calls of other routes by day and endpoint, and nobody else’s', async () => {
    const alice = await token('e2e-usage-alice');
    for (let i = 0; i < 2; i++)
      await fetch(`${url}/embedder-service/v1/status?upload_id=none`, { headers: { svcwt: alice } });
    await fetch(`${url}/embedder-service/v1/status?upload_id=none`, {
      headers: { svcwt: await token('e2e-usage-bob') },
    });

    const res = await fetch(`${url}/usage-service/v1/usage`, { headers: { svcwt: alice } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as UsageBody;
    expect(body).toMatchObject({ account: 'e2e-usage-alice', to: utcDay() });
    const status = body.usage.find((r) => r.endpoint === 'GET /embedder-service/v1/status');
    // Two calls, both answered 404 (no such upload): counted as errors.
    expect(status).toMatchObject({ day: utcDay(), calls: 2, errors: 2 });
  });

  it('answers 400 for a window over 366 days', async () => {
    const res = await fetch(`${url}/usage-service/v1/usage?from=2024-01-01&to=2025-06-01`, {
      headers: { svcwt: await token('e2e-usage-alice') },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('range_too_long');
  });
});
