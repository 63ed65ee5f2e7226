// Each HTTP middleware on its own, through middy core with a fake API Gateway event.
import { describe, expect, it } from 'vitest';
import { createLogger, lambdaContext } from '../../../../lib/log';
import { badRequest } from '../../../../lib/errors';
import { authenticate, ANONYMOUS_PRINCIPAL } from '../../../../lib/http/middleware/auth';
import { requestBody } from '../../../../lib/http/middleware/body';
import { errorEnvelope } from '../../../../lib/http/middleware/errors';
import { requestLogger } from '../../../../lib/http/middleware/logger';
import { operationalMetrics } from '../../../../lib/http/middleware/metrics';
import { span } from '../../../../lib/http/middleware/span';
import { earlyTimeout } from '../../../../lib/http/middleware/timeout';
import { usageCounters } from '../../../../lib/http/middleware/usage';
import { createVerifier } from '../../../../lib/http/auth';
import { MemoryUsageStore, RecordedMetrics, TEST_SECRET, testToken } from '../../../support/http-deps';
import { run } from './run';

const verify = createVerifier({ jwtSecret: TEST_SECRET });

describe('span', () => {
  it("takes API Gateway's request id as the span id, and puts it in the x-span-id header of the answer", async () => {
    let requestId: string | undefined;
    const { result, internal } = await run([
      { before: (request) => void (requestId = request.event.requestContext.requestId) },
      span(),
    ]);
    expect(requestId).toMatch(/^[A-Za-z0-9+/=]{16}$/);
    expect(internal.spanId).toBe(requestId);
    expect(result.headers?.['x-span-id']).toBe(internal.spanId);
    expect(typeof internal.started).toBe('number');
  });

  it("prefers the caller's x-request-id when it is a plain token, and ignores one that is not", async () => {
    const own = await run([span()], { headers: { 'x-request-id': 'checkout-7f3a.retry:2' } });
    expect(own.internal.spanId).toBe('checkout-7f3a.retry:2');
    for (const bad of ['two words', 'x'.repeat(65), 'line\nbreak', '<script>']) {
      const { internal } = await run([span()], { headers: { 'x-request-id': bad } });
      expect(internal.spanId).not.toBe(bad);
      expect(internal.spanId).toMatch(/^[A-Za-z0-9+/=]{16}$/);
    }
  });

  it('falls back to a random id when the event has no request id', async () => {
    const { internal } = await run([
      { before: (request) => void (request.event.requestContext.requestId = '') },
      span(),
    ]);
    expect(internal.spanId).toMatch(/^[A-Za-z0-9_-]{12}$/);
  });
});

describe('lambdaContext (Powertools injectLambdaContext)', () => {
  it("puts Lambda's request id, cold start and API Gateway's request id as correlation id on every line, then clears them", async () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'debug', sink: (l) => lines.push(l) });
    let requestId = '';
    await run(
      [
        lambdaContext(log),
        { before: (request) => void (requestId = request.event.requestContext.requestId) },
        span(),
        requestLogger({ log, route: 'GET /ctx' }),
      ],
      { method: 'GET' },
      (internal) => {
        internal.log!.info('inside', { secretToken: 'eyJhbGciOiJIUzI1NiJ9.e30.abc' });
        return { statusCode: 200 };
      },
    );
    const [inside, summary] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const line of [inside, summary])
      expect(line).toMatchObject({
        function_request_id: 'test-request',
        cold_start: expect.any(Boolean),
        correlation_id: requestId,
        spanId: requestId,
      });
    // The redaction still applies: it is the formatter's, not the printing's.
    expect(inside!.secretToken).toBe('[redacted]');
    lines.length = 0;
    log.info('after the invocation');
    expect(JSON.parse(lines[0]!)).not.toHaveProperty('correlation_id');
  });
});

describe('requestLogger', () => {
  it('gives the handler a logger carrying spanId and route, and writes one summary line', async () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'debug', sink: (l) => lines.push(l) });
    await run([requestLogger({ log, route: 'GET /x' })], { method: 'GET' }, (internal) => {
      internal.log!.debug('inside');
      return { statusCode: 204 };
    });
    const [inside, summary] = lines.map((l) => JSON.parse(l));
    expect(inside).toMatchObject({ msg: 'inside', route: 'GET /x' });
    expect(summary).toMatchObject({ msg: 'request', method: 'GET', status: 204, spanId: inside.spanId });
  });
});

describe('operationalMetrics', () => {
  it('publishes invocation, latency and error figures per route, and the cold start', async () => {
    const metrics = new RecordedMetrics();
    await run([operationalMetrics({ metrics, route: 'GET /m' })], {}, () => ({ statusCode: 200 }));
    await run(
      [errorEnvelope({ envelope: 'plain' }), operationalMetrics({ metrics, route: 'GET /m' })].reverse(),
      {},
      () => {
        throw badRequest('no', 'fix it');
      },
    );
    expect(metrics.coldStarts).toBe(2);
    expect(metrics.published).toEqual([
      {
        dimensions: { route: 'GET /m' },
        values: { invocations: 1, latency: expect.any(Number), clientErrors: 0, serverErrors: 0 },
      },
      {
        dimensions: { route: 'GET /m' },
        values: { invocations: 1, latency: expect.any(Number), clientErrors: 1, serverErrors: 0 },
      },
    ]);
  });
});

describe('usageCounters', () => {
  it('adds the request to its account, day and route, with errors and AI tokens', async () => {
    const usage = new MemoryUsageStore();
    await run([usageCounters({ usage, route: 'POST /u' })], {}, (internal) => {
      internal.principal = { account: 'acct-u', level: 'pro' };
      internal.usage = { aiTokens: 7 };
      return { statusCode: 502 };
    });
    expect([...usage.rows.entries()]).toEqual([
      [
        expect.stringMatching(/^acct-u\|\d{4}-\d{2}-\d{2}\|POST \/u$/),
        expect.objectContaining({ calls: 1, errors: 1, aiTokens: 7 }),
      ],
    ]);
  });

  it('counts nothing for a request whose token was not accepted', async () => {
    const usage = new MemoryUsageStore();
    await run([
      usageCounters({ usage, route: 'GET /u' }),
      errorEnvelope({ envelope: 'plain' }),
      authenticate({ verify, required: true }),
    ]);
    expect(usage.rows.size).toBe(0);
  });

  it('holds the answer no longer than its bound, and the next request waits for the late write', async () => {
    const written: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const usage = {
      add: async (account: string) => {
        if (account === 'slow') await slow;
        written.push(account);
      },
    };
    const mw = usageCounters({ usage, route: 'GET /u', waitMs: 50 });
    const as = (account: string) => () =>
      run([mw], {}, (internal) => {
        internal.principal = { account, level: 'free' };
        return { statusCode: 200 };
      });
    const started = performance.now();
    await as('slow')();
    expect(performance.now() - started).toBeLessThan(500);
    expect(written).toEqual([]);
    release();
    await as('next')();
    expect(written).toEqual(['slow', 'next']);
  });
});

describe('errorEnvelope', () => {
  it('answers a service error in the plain envelope with its status and span id', async () => {
    const { result, internal } = await run([errorEnvelope({ envelope: 'plain' })], {}, () => {
      throw badRequest('The thing is wrong', 'Fix the thing', 'thing_wrong');
    });
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body!)).toEqual({
      spanId: internal.spanId,
      error: 'thing_wrong',
      messages: ['ISSUE: The thing is wrong. ADVICE: Fix the thing.', 'failed'],
    });
  });

  it('hides our own bugs behind a 500, and echoes the query in the query envelope', async () => {
    const { result } = await run([errorEnvelope({ envelope: 'query' })], {}, (internal) => {
      internal.body = { query: 'what?' };
      throw new TypeError('cannot read properties of undefined');
    });
    expect(result.statusCode).toBe(500);
    const body = JSON.parse(result.body!);
    expect(body).toMatchObject({ answer: '', query: 'what?' });
    expect(JSON.stringify(body)).not.toContain('cannot read');
  });
});

describe('authenticate', () => {
  it('puts the verified principal in request.internal', async () => {
    const { internal } = await run([authenticate({ verify, required: true })], {
      token: await testToken('acct-a', 'pro'),
    });
    expect(internal.principal).toEqual({ account: 'acct-a', level: 'pro' });
  });

  it('gives a public route the anonymous principal without looking at headers', async () => {
    const { internal } = await run([authenticate({ verify, required: false })]);
    expect(internal.principal).toEqual(ANONYMOUS_PRINCIPAL);
  });

  it('refuses a missing token, with the Bearer challenge on bearer routes', async () => {
    await expect(run([authenticate({ verify, required: true })])).rejects.toMatchObject({ status: 401 });
    await expect(run([authenticate({ verify, required: true, bearer: true })])).rejects.toMatchObject({
      status: 401,
      headers: { 'www-authenticate': 'Bearer realm="fnquery"' },
    });
  });
});

describe('requestBody', () => {
  const schema = { type: 'object', required: ['q'], properties: { q: { type: 'string' } } };

  it('parses and validates a JSON body into request.internal.body', async () => {
    const { internal } = await run([requestBody({ body: 'json', bodySchema: schema })], {
      method: 'POST',
      body: { q: 'hi' },
    });
    expect(internal.body).toEqual({ q: 'hi' });
  });

  it('refuses a body that breaks the schema, and checks the query string', async () => {
    await expect(
      run([requestBody({ body: 'json', bodySchema: schema })], { method: 'POST', body: { q: 1 } }),
    ).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
    await expect(run([requestBody({ querySchema: { type: 'object', required: ['id'] } })])).rejects.toMatchObject({
      status: 400,
    });
  });

  it('leaves a raw body to the handler', async () => {
    const { internal } = await run([requestBody({ body: 'raw' })], { method: 'POST', body: 'not json' });
    expect(internal.body).toBeUndefined();
  });
});

describe('earlyTimeout', () => {
  it('makes middy answer a 504 shortly before the deadline', () => {
    const options = earlyTimeout(300);
    expect(options.timeoutEarlyInMillis).toBe(300);
    expect(() => options.timeoutEarlyResponse()).toThrow(expect.objectContaining({ status: 504, code: 'timeout' }));
  });
});
