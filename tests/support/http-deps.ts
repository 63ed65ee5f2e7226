// HttpDeps for unit tests: an in-memory usage store, a captured log, recorded metrics, an HS256 verifier.
import { createLogger } from '../../lib/log';
import { createVerifier } from '../../lib/http/auth';
import { issueToken } from '../../lib/http/token';
import type { HttpDeps } from '../../lib/http/handler';
import type { UsageDelta, UsageStore } from '../../lib/usage/ports';
import type { Level } from '../../lib/config';
import type { EmfMetrics } from '../../lib/http/middleware/metrics';

/** Powertools Metrics' calls as the metrics middleware makes them; each published set is one entry. */
export class RecordedMetrics implements EmfMetrics {
  readonly published: { dimensions: Record<string, string>; values: Record<string, number> }[] = [];
  coldStarts = 0;
  private dimensions: Record<string, string> = {};
  private values: Record<string, number> = {};
  addDimension(name: string, value: string) {
    this.dimensions[name] = value;
  }
  addMetric(...[name, , value]: Parameters<EmfMetrics['addMetric']>) {
    this.values[name] = value;
  }
  captureColdStartMetric() {
    this.coldStarts++;
  }
  publishStoredMetrics() {
    this.published.push({ dimensions: this.dimensions, values: this.values });
    this.dimensions = {};
    this.values = {};
  }
}

export const TEST_SECRET = 'test-secret-that-is-long-enough-0123456789';

export class MemoryUsageStore implements UsageStore {
  readonly rows = new Map<string, UsageDelta>();
  async add(account: string, day: string, route: string, d: UsageDelta) {
    const key = `${account}|${day}|${route}`;
    const row = this.rows.get(key) ?? { calls: 0, errors: 0, durationMs: 0, aiTokens: 0 };
    this.rows.set(key, {
      calls: row.calls + d.calls,
      errors: row.errors + d.errors,
      durationMs: row.durationMs + d.durationMs,
      aiTokens: row.aiTokens + d.aiTokens,
    });
  }
}

export function testDeps(overrides: Partial<HttpDeps> = {}) {
  const lines: string[] = [];
  const usage = new MemoryUsageStore();
  const metrics = new RecordedMetrics();
  const deps: HttpDeps = {
    usage,
    metrics,
    verify: createVerifier({ jwtSecret: TEST_SECRET }),
    log: createLogger({ level: 'debug', sink: (l) => lines.push(l) }),
    timeoutMarginMs: 500,
    ...overrides,
  };
  return { deps, lines, usage, metrics };
}

export const testToken = (account = 'acct-1', level: Level = 'free', ttlSeconds = 600) =>
  issueToken({ secret: TEST_SECRET, account, level, ttlSeconds });
