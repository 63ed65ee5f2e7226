// Hosted function calls on the local runtime: the service's invocation overhead (routing, auth,
// request validation, output check, logging) as the difference and ratio between a call through
// the invoke handler and the same call made straight to the warm worker, measured in one run;
// warm and cold call latency for Node and Python (cold = a fresh worker process); and the cost of
// the confinement (bubblewrap sandbox) against the unconfined runner (FNQ_FUNCTIONS_UNSAFE_LOCAL=1:
// the same runner under the same OS limits, without namespaces), warm and cold, in the same run.
// Run: npm run bench -- functions
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBundle, directoryFiles } from '../lib/functions/bundle';
import { ProcessInvoker } from '../lib/functions/process-runtime/process-invoker';
import { deployFunction } from '../lib/functions/deploy';
import type { FunctionRecord, FunctionRequest } from '../lib/functions/ports';
import { createVerifier } from '../lib/http/auth';
import { issueToken } from '../lib/http/token';
import { createLogger } from '../lib/log';
import { PROJECT_ROOT } from '../local/serverless-config';
import { apiEvent, lambdaContext } from '../tests/support/api-event';
import { MemoryBlobStore } from '../tests/support/memory-ingest-stores';
import { MemoryFunctionRegistry } from '../tests/unit/functions/support';
import { prepareHandlerEnvironment } from './handler-env';
import { isMain, ms, percentile, time, type Timing } from './stats';
import { NO_METRICS } from '../lib/http/middleware/metrics';

const SECRET = 'bench-secret-that-is-long-enough-0123456789';
const N = 2000;
const COLD_RUNS = 25;
const TARGETS = { overheadP50: 2, warmP50: 10, coldP50: 300, confinementWarmP50: 1, confinementColdRatio: 2 };

interface LanguageFigures {
  language: string;
  direct: Timing;
  viaHandler: Timing;
  cold: Timing;
  unconfinedDirect: Timing;
  unconfinedCold: Timing;
}

/** Cold calls (worker stopped first) on each invoker, alternating, so machine load falls on both alike. */
export async function coldCalls(
  invokers: ProcessInvoker[],
  fn: FunctionRecord,
  request: FunctionRequest,
  runs = COLD_RUNS,
): Promise<Timing[]> {
  const log = createLogger({ sink: () => undefined });
  const samples: number[][] = invokers.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [k, invoker] of invokers.entries()) {
      invoker.stopAll();
      const started = performance.now();
      await invoker.invoke(fn, request, { timeoutMs: 10_000, log });
      samples[k]!.push(performance.now() - started);
    }
  }
  return samples.map((s) => {
    s.sort((x, y) => x - y);
    return {
      p50: percentile(s, 50),
      p99: percentile(s, 99),
      mean: s.reduce((x, y) => x + y, 0) / s.length,
      n: s.length,
    };
  });
}

export async function run(): Promise<LanguageFigures[]> {
  const workDir = await mkdtemp(join(tmpdir(), 'fnq-bench-functions-'));
  const log = createLogger({ sink: () => undefined });
  const blobs = new MemoryBlobStore();
  const registry = new MemoryFunctionRegistry();
  const invoker = new ProcessInvoker({ blobs, workDir: join(workDir, 'confined'), memoryMb: 256, log });
  const unconfined = new ProcessInvoker({
    blobs,
    workDir: join(workDir, 'unconfined'),
    memoryMb: 256,
    log,
    unsafeLocal: true,
  });
  const http = {
    usage: { add: async () => undefined },
    verify: createVerifier({ jwtSecret: SECRET }),
    log,
    metrics: NO_METRICS,
    timeoutMarginMs: 500,
  };
  prepareHandlerEnvironment(SECRET);
  const { createInvokeHandler } = await import('../handlers/http/invoke');
  const handler = createInvokeHandler({
    http,
    invoke: { registry, invoker, settings: { timeoutMs: 10_000, outputCheck: 'header' } },
  });
  const token = await issueToken({ secret: SECRET, account: 'bench', level: 'pro', ttlSeconds: 3600 });
  const context = lambdaContext(60_000);
  const figures: LanguageFigures[] = [];
  try {
    for (const language of ['node', 'python']) {
      const bundle = writeBundle(await directoryFiles(join(PROJECT_ROOT, 'examples', 'functions', language)));
      const { record: fn } = await deployFunction({ registry, blobs, invoker, log }, 'bench', bundle);
      const request: FunctionRequest = {
        method: 'POST',
        query: { greeting: 'Hi' },
        headers: { 'content-type': 'application/json' },
        body: { name: 'Ada' },
      };
      const event = apiEvent({
        method: 'POST',
        path: `/functions/v1/${fn.shortname}`,
        pathParams: { shortname: fn.shortname },
        query: { greeting: 'Hi' },
        body: { name: 'Ada' },
        token,
      });
      await unconfined.deploy(fn, bundle);
      const direct = await time(() => invoker.invoke(fn, request, { timeoutMs: 10_000, log }), N);
      const unconfinedDirect = await time(() => unconfined.invoke(fn, request, { timeoutMs: 10_000, log }), N);
      const viaHandler = await time(() => handler(event, context), N);
      const [cold, unconfinedCold] = (await coldCalls([invoker, unconfined], fn, request)) as [Timing, Timing];
      figures.push({ language, direct, viaHandler, cold, unconfinedDirect, unconfinedCold });
    }
  } finally {
    invoker.stopAll();
    unconfined.stopAll();
    await rm(workDir, { recursive: true, force: true });
  }
  return figures;
}

const verdict = (value: number, target: number, unit = ' ms') =>
  `target ≤ ${target}${unit}: ${value <= target ? 'met' : 'MISSED'}`;

export function print(figures: LanguageFigures[]) {
  console.log(
    `Hosted function calls on the local runtime (examples/functions/<language>, ${N} warm calls after warm-up, ${COLD_RUNS} cold)`,
  );
  for (const f of figures) {
    const overheadP50 = f.viaHandler.p50 - f.direct.p50;
    const overheadP99 = f.viaHandler.p99 - f.direct.p99;
    console.log(`  ${f.language}`);
    console.log(
      `    warm worker, direct      p50 ${ms(f.direct.p50)}  p99 ${ms(f.direct.p99)}  (${verdict(f.direct.p50, TARGETS.warmP50)})`,
    );
    console.log(
      `    through the invoke route p50 ${ms(f.viaHandler.p50)}  p99 ${ms(f.viaHandler.p99)}  (×${(f.viaHandler.p50 / f.direct.p50).toFixed(2)} of direct at p50)`,
    );
    console.log(
      `    service overhead         p50 ${ms(overheadP50)}  p99 ${ms(overheadP99)}  (${verdict(overheadP50, TARGETS.overheadP50)})`,
    );
    console.log(
      `    cold call (new worker)   p50 ${ms(f.cold.p50)}  p99 ${ms(f.cold.p99)}  (${verdict(f.cold.p50, TARGETS.coldP50)})`,
    );
    const warmOverhead = f.direct.p50 - f.unconfinedDirect.p50;
    const coldRatio = f.cold.p50 / f.unconfinedCold.p50;
    console.log(`    unconfined warm, direct  p50 ${ms(f.unconfinedDirect.p50)}  p99 ${ms(f.unconfinedDirect.p99)}`);
    console.log(
      `    confinement, warm call   p50 +${ms(warmOverhead)}  (×${(f.direct.p50 / f.unconfinedDirect.p50).toFixed(2)} of unconfined; ${verdict(warmOverhead, TARGETS.confinementWarmP50)})`,
    );
    console.log(`    unconfined cold call     p50 ${ms(f.unconfinedCold.p50)}  p99 ${ms(f.unconfinedCold.p99)}`);
    console.log(
      `    confinement, cold start  p50 ×${coldRatio.toFixed(2)} of unconfined  (${verdict(coldRatio, TARGETS.confinementColdRatio, '×')})`,
    );
  }
}

if (isMain(import.meta.url)) print(await run());
