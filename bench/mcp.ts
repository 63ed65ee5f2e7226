// What MCP adds to a hosted-function call: tools/call through POST /mcp against a direct REST
// invoke of the same function, both through their real handlers and middleware (HS256 check,
// span, logger, metrics), with the same registry and an invoker that answers at once, so the
// difference is the MCP layer: JSON-RPC framing, argument checks, output check and shaping; once
// as a 2025-06-18 client calls, once as a 2026-07-28 one (_meta and routing headers checked).
// Run: npm run bench -- mcp
import { createVerifier } from '../lib/http/auth';
import { issueToken } from '../lib/http/token';
import { createLogger } from '../lib/log';
import type { FunctionInvoker } from '../lib/functions/ports';
import { validateSpec } from '../lib/spec/index';
import { apiEvent, lambdaContext } from '../tests/support/api-event';
import { jsonObject, MemoryFunctionRegistry, recordOf, specFor } from '../tests/unit/functions/support';
import { prepareHandlerEnvironment } from './handler-env';
import { isMain, ms, time } from './stats';
import { NO_METRICS } from '../lib/http/middleware/metrics';

const SECRET = 'bench-secret-that-is-long-enough-0123456789';
const N = 4000;
const TARGET_MS = 2;

export async function run() {
  prepareHandlerEnvironment(SECRET);
  const { createInvokeHandler } = await import('../handlers/http/invoke');
  const { createMcpHandler } = await import('../handlers/http/mcp');
  const http = {
    usage: { add: async () => undefined },
    verify: createVerifier({ jwtSecret: SECRET }),
    log: createLogger({ sink: () => undefined }),
    metrics: NO_METRICS,
    timeoutMarginMs: 500,
  };
  const spec = validateSpec(
    specFor({
      shortname: 'forecast',
      files: {},
      requirements: {
        requestType: 'POST',
        queryParams: [{ name: 'units', required: true }],
        inputType: 'JSON',
        inputSchema: jsonObject({ city: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 7 } }, [
          'city',
          'days',
        ]),
        outputType: 'JSON',
        outputSchema: jsonObject({ city: { type: 'string' }, days: { type: 'integer' }, units: { type: 'string' } }, [
          'city',
          'days',
          'units',
        ]),
      },
    }),
  ).spec!;
  const registry = new MemoryFunctionRegistry();
  await registry.register(recordOf(spec, 'o'), undefined);
  const invoker: FunctionInvoker = {
    build: async () => undefined,
    deploy: async () => undefined,
    remove: async () => undefined,
    logs: async () => undefined,
    invoke: async (_fn, r) => ({ body: { ...(r.body as object), units: r.query.units } }),
  };
  const rest = createInvokeHandler({
    http,
    invoke: { registry, invoker, settings: { timeoutMs: 1000, outputCheck: 'header' } },
  });
  // The collection and job tools are not called here, so their stores are not built.
  const mcp = createMcpHandler({
    http,
    mcp: {
      registry,
      invoker,
      timeoutMs: 1000,
      version: 'bench',
      retrieval: undefined as never,
      queryModel: undefined as never,
      jobs: undefined as never,
    },
  });

  const token = await issueToken({ secret: SECRET, account: 'bench', level: 'pro', ttlSeconds: 3600 });
  const body = { city: 'Vienna', days: 3 };
  const restEvent = apiEvent({
    method: 'POST',
    path: '/functions/v1/forecast',
    pathParams: { shortname: 'forecast' },
    query: { units: 'metric' },
    token,
    body,
  });
  const mcpEvent = apiEvent({
    method: 'POST',
    path: '/mcp',
    token,
    headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'forecast', arguments: { query: { units: 'metric' }, body } },
    },
  });
  // The same call as a 2026-07-28 client sends it: _meta and routing headers, checked on every request.
  const modernEvent = apiEvent({
    method: 'POST',
    path: '/mcp',
    token,
    headers: {
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'forecast',
    },
    body: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'forecast',
        arguments: { query: { units: 'metric' }, body },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    },
  });
  const context = lambdaContext(60_000);
  const check = async (handler: typeof rest, event: typeof restEvent) => {
    const r = (await handler(event, context)) as { statusCode: number };
    if (r.statusCode !== 200) throw new Error(`bench call answered ${r.statusCode}`);
  };

  const baseline = await time(() => check(rest, restEvent), N);
  const viaMcp = await time(() => check(mcp, mcpEvent), N);
  const viaModern = await time(() => check(mcp, modernEvent), N);
  return {
    baseline,
    viaMcp,
    viaModern,
    overheadP50: Math.max(viaMcp.p50, viaModern.p50) - baseline.p50,
    ratioP50: viaMcp.p50 / baseline.p50,
    modernRatioP50: viaModern.p50 / baseline.p50,
  };
}

export function print(f: Awaited<ReturnType<typeof run>>) {
  console.log(
    `MCP tools/call against REST invoke of the same function, ${f.viaMcp.n} calls each after warm-up (real handlers, instant invoker)`,
  );
  console.log(`  REST invoke (baseline)  p50 ${ms(f.baseline.p50)}  p99 ${ms(f.baseline.p99)}`);
  console.log(
    `  MCP 2025-06-18 tools/call p50 ${ms(f.viaMcp.p50)}  p99 ${ms(f.viaMcp.p99)}  (×${f.ratioP50.toFixed(2)} of REST at p50)`,
  );
  console.log(
    `  MCP 2026-07-28 tools/call p50 ${ms(f.viaModern.p50)}  p99 ${ms(f.viaModern.p99)}  (×${f.modernRatioP50.toFixed(2)} of REST at p50)`,
  );
  console.log(
    `  MCP overhead p50 (the slower revision) ${ms(f.overheadP50)}  (target ≤ ${TARGET_MS} ms: ${f.overheadP50 <= TARGET_MS ? 'met' : 'MISSED'})`,
  );
}

if (isMain(import.meta.url)) print(await run());
