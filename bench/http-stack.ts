// The full middleware stack's overhead per request (auth, JSON body, validation, span, log,
// metrics, envelope) against a bare Lambda handler doing the same work, in one run. Twice: with
// the usage store stubbed (the stack's own CPU time), and with the real adapter (DynamoUsageStore)
// against the local DynamoDB emulator, since a real request awaits that UpdateItem before it
// answers. The adapter's round trip alone is measured too, and the usage writes are counted.
// The emulator (dynalite) runs in this process, so its server time is inside the round trip.
// Run: node --import tsx bench/http-stack.ts
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { httpHandler } from '../lib/http/handler';
import { createVerifier } from '../lib/http/auth';
import { createLogger } from '../lib/log';
import { issueToken } from '../lib/http/token';
import { apiEvent, lambdaContext } from '../tests/support/api-event';
import { startEmulators } from '../local/emulators';
import { dynamoDocuments } from '../lib/aws/dynamo-client';
import { DynamoUsageStore } from '../lib/aws/dynamo-usage-store';
import { loadConfig } from '../lib/config';
import { isMain, ms, time } from './stats';
import { NO_METRICS } from '../lib/http/middleware/metrics';

const SECRET = 'bench-secret-that-is-long-enough-0123456789';
const N = 5000;
/** Requests with the real usage store: each pays a DynamoDB round trip. */
const N_DYNAMO = 1000;

const bodySchema = {
  type: 'object',
  required: ['query', 'vector_docdb_collection'],
  properties: {
    query: { type: 'string', minLength: 1 },
    vector_docdb_collection: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    ai_platform: { type: 'string' },
  },
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
  const full = httpHandler(
    { route: 'POST /bench', body: 'json', bodySchema, envelope: 'query' },
    async (req) => ({ status: 200, body: work(req.body) }),
    deps,
  );
  const bare = async (event: APIGatewayProxyEventV2) => ({
    statusCode: 200,
    body: JSON.stringify(work(JSON.parse(event.body!))),
  });

  const token = await issueToken({ secret: SECRET, account: 'bench', level: 'pro', ttlSeconds: 3600 });
  const event = apiEvent({
    method: 'POST',
    path: '/bench',
    token,
    body: { query: 'what is in the docs?', vector_docdb_collection: 'docs' },
  });
  const context = lambdaContext(60_000);

  const baseline = await time(() => bare(event), N);
  const stack = await time(() => full(event, context), N);

  // The same stack with the real usage adapter, against the emulator; and its round trip alone.
  const emulators = await startEmulators({ stage: `httpbench${process.pid}` });
  try {
    const config = loadConfig({
      ...emulators.env,
      FNQ_JWT_SECRET: SECRET,
      FNQ_LANCE_URI: '/tmp/fnq-http-bench-unused',
    });
    const store = new DynamoUsageStore(dynamoDocuments(config.aws), config.aws.tables.usage);
    let dynamoWrites = 0;
    const counted = { add: (...args: Parameters<DynamoUsageStore['add']>) => (dynamoWrites++, store.add(...args)) };
    const realDeps = { ...deps, usage: counted };
    const real = httpHandler(
      { route: 'POST /bench', body: 'json', bodySchema, envelope: 'query' },
      async (req) => ({ status: 200, body: work(req.body) }),
      realDeps,
    );
    const delta = { calls: 1, errors: 0, durationMs: 1, aiTokens: 0 };
    const roundTrip = await time(() => store.add('bench', '2026-11-24', 'POST /bench', delta), N_DYNAMO);
    const writesBefore = dynamoWrites;
    const realStack = await time(() => real(event, context), N_DYNAMO);
    const realWritesPerRequest = (dynamoWrites - writesBefore) / (N_DYNAMO + Math.min(200, N_DYNAMO));
    return {
      baseline,
      stack,
      overheadP50: stack.p50 - baseline.p50,
      overheadP99: stack.p99 - baseline.p99,
      ratioP50: stack.p50 / baseline.p50,
      usageWrites: usageWrites.length,
      roundTrip,
      realStack,
      realWritesPerRequest,
      realOverheadP50: realStack.p50 - baseline.p50,
      realOverheadP99: realStack.p99 - baseline.p99,
    };
  } finally {
    await emulators.stop();
  }
}

export function print(f: Awaited<ReturnType<typeof run>>) {
  console.log(
    `HTTP middleware stack, ${f.stack.n} requests after warm-up (same event, real HS256 check, validation, logger)`,
  );
  console.log(`  bare handler        p50 ${ms(f.baseline.p50)}  p99 ${ms(f.baseline.p99)}`);
  console.log(
    `  full stack          p50 ${ms(f.stack.p50)}  p99 ${ms(f.stack.p99)}  (×${f.ratioP50.toFixed(1)} of bare at p50)`,
  );
  console.log(
    `  overhead per request p50 ${ms(f.overheadP50)}  p99 ${ms(f.overheadP99)}  (usage store stubbed: the stack's own time; target p50 ≤ 1 ms: ${f.overheadP50 <= 1 ? 'met' : 'MISSED'})`,
  );
  console.log(
    `with the real usage adapter (DynamoUsageStore → local DynamoDB emulator, in this process), ${f.realStack.n} requests:`,
  );
  console.log(`  usage UpdateItem alone  p50 ${ms(f.roundTrip.p50)}  p99 ${ms(f.roundTrip.p99)}`);
  console.log(
    `  full stack              p50 ${ms(f.realStack.p50)}  p99 ${ms(f.realStack.p99)}  (×${(f.realStack.p50 / f.baseline.p50).toFixed(1)} of bare at p50; ${f.realWritesPerRequest.toFixed(2)} usage writes per request)`,
  );
  console.log(
    `  overhead per request    p50 ${ms(f.realOverheadP50)}  p99 ${ms(f.realOverheadP99)}  (= stack + ${f.realWritesPerRequest.toFixed(0)} DynamoDB round trip; AWS's round trip adds the network, which the emulator's lacks)`,
  );
}

if (isMain(import.meta.url)) print(await run());
