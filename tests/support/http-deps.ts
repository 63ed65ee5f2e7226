// HttpDeps for unit tests: an in-memory usage store, a captured log, an HS256 verifier.
import { createLogger } from '../../lib/log';
import { createVerifier } from '../../lib/http/auth';
import { issueToken } from '../../lib/http/token';
import type { HttpDeps } from '../../lib/http/handler';
import type { UsageDelta, UsageStore } from '../../lib/http/metrics';
import type { Level } from '../../lib/config';

export const TEST_SECRET = 'test-secret-that-is-long-enough-0123456789';

export class MemoryUsageStore implements UsageStore {
  readonly rows = new Map<string, UsageDelta>();
  async add(account: string, day: string, route: string, d: UsageDelta) {
    const key = `${account}|${day}|${route}`;
    const row = this.rows.get(key) ?? { calls: 0, errors: 0, durationMs: 0, aiTokens: 0 };
    this.rows.set(key, { calls: row.calls + d.calls, errors: row.errors + d.errors, durationMs: row.durationMs + d.durationMs, aiTokens: row.aiTokens + d.aiTokens });
  }
}

export function testDeps(overrides: Partial<HttpDeps> = {}) {
  const lines: string[] = [];
  const usage = new MemoryUsageStore();
  const deps: HttpDeps = {
    usage,
    verify: createVerifier({ jwtSecret: TEST_SECRET }),
    log: createLogger({ level: 'debug', sink: (l) => lines.push(l) }),
    timeoutMarginMs: 500,
    ...overrides,
  };
  return { deps, lines, usage, get: () => deps };
}

export const testToken = (account = 'acct-1', level: Level = 'free', ttlSeconds = 600) =>
  issueToken({ secret: TEST_SECRET, account, level, ttlSeconds });
