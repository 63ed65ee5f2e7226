// The full middleware stack's overhead per request (auth, JSON body, validation, span, log,
// metrics, envelope) against a bare Lambda handler doing the same work, in one run.
// Run: node --import tsx bench/http-stack.ts
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { httpHandler } from '../lib/http/handler';
import { createVerifier } from '../lib/http/auth';
import { createLogger } from '../lib/log';
import { issueToken } from '../lib/http/token';
import { apiEvent, lambdaContext } from '../tests/support/api-event';
import { isMain, ms, time } from './stats';
import { NO_METRICS } from '../lib/http/middleware/metrics';

const SECRET = 'bench-secret-that-is-long-enough-0123456789';
const N = 5000;

const bodySchema = {
  type: 'object',
  required: ['query', 'vector_docdb_collection'],
  properties: { query: { type: 'string', minLength: 1 }, vector_docdb_collection: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' }, ai_platform: { type: 'string' } },
};

export async function run() {
  const usageWrites: number[] = [];
  const deps = {
    usage: { add: async () => void usageWrites.push(1) },
    verify: createVerifier({ jwtSecret: SECRET }),
    // The real logger, writing to a sink that drops lines: formatting and redaction are measured.
    log: createLogger({ sink: () => undefined }),
    metrics: NO_METRICS,
    timeoutMarginMs: 500,
  };
  const work = (body: unknown) => ({ answer: 'ok', query: (body as { query: string }).query, messages: ['completed'] });
  const full = httpHandler({ route: 'POST /bench', body: 'json', bodySchema, envelope: 'query' }, async (req) => ({ status: 200, body: work(req.body) }), deps);
  const bare = async (event: APIGatewayProxyEventV2) => ({ statusCode: 200, body: JSON.stringify(work(JSON.parse(event.body!))) });

  const token = await issueToken({ secret: SECRET, account: 'bench', level: 'pro', ttlSeconds: 3600 });
  const event = apiEvent({ method: 'POST', path: '/bench', token, body: { query: 'what is in the docs?', vector_docdb_collection: 'docs' } });
  const context = lambdaContext(60_000);

  const baseline = await time(() => bare(event), N);
  const stack = await time(() => full(event, context), N);
  return {
    baseline,
    stack,
    overheadP50: stack.p50 - baseline.p50,
    overheadP99: stack.p99 - baseline.p99,
    ratioP50: stack.p50 / baseline.p50,
    usageWrites: usageWrites.length,
  };
}

export function print(f: Awaited<ReturnType<typeof run>>) {
  console.log(`HTTP middleware stack, ${f.stack.n} requests after warm-up (same event, real HS256 check, validation, logger)`);
  console.log(`  bare handler        p50 ${ms(f.baseline.p50)}  p99 ${ms(f.baseline.p99)}`);
  console.log(`  full stack          p50 ${ms(f.stack.p50)}  p99 ${ms(f.stack.p99)}  (×${f.ratioP50.toFixed(1)} of bare at p50)`);
  console.log(`  overhead per request p50 ${ms(f.overheadP50)}  p99 ${ms(f.overheadP99)}  (target p50 ≤ 1 ms: ${f.overheadP50 <= 1 ? 'met' : 'MISSED'})`);
}

if (isMain(import.meta.url)) print(await run());
