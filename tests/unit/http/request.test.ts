import { describe, expect, it } from 'vitest';
import { httpHandler } from '../../../lib/http/handler';
import { badGateway } from '../../../lib/errors';
import { call } from '../../support/api-event';
import { testDeps, testToken } from '../../support/http-deps';

const bodySchema = {
  type: 'object',
  required: ['query', 'tables'],
  properties: {
    query: { type: 'string', minLength: 1 },
    tables: { type: 'array', items: { type: 'string' }, minItems: 1 },
    limit: { type: 'integer' },
  },
  additionalProperties: false,
};

describe('body parsing and validation', () => {
  const { deps } = testDeps();
  const handler = httpHandler(
    { route: 'POST /q', body: 'json', bodySchema, envelope: 'query' },
    async (req) => ({ status: 200, body: { got: req.body } }),
    deps,
  );

  it('passes a valid body to the handler', async () => {
    const res = await call(handler, { method: 'POST', token: await testToken(), body: { query: 'q', tables: ['t'] } });
    expect(res.status).toBe(200);
    expect(res.body.got).toEqual({ query: 'q', tables: ['t'] });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await call(handler, {
      method: 'POST',
      token: await testToken(),
      body: '{"query": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect((res.body.messages as string[])[0]).toMatch(/not valid JSON/);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await call(handler, {
      method: 'POST',
      token: await testToken(),
      body: 'query=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
  });

  it('answers 400 for an empty body', async () => {
    const res = await call(handler, {
      method: 'POST',
      token: await testToken(),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });

  it('answers 413 for an oversized body', async () => {
    const res = await call(handler, {
      method: 'POST',
      token: await testToken(),
      body: { query: 'x'.repeat(1_100_000), tables: ['t'] },
    });
    expect(res.status).toBe(413);
  });

  it('lists every violation with its field path, in the query envelope', async () => {
    const res = await call(handler, {
      method: 'POST',
      token: await testToken(),
      body: { query: 'how many?', tables: [], limit: 'ten', extra: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ answer: '', query: 'how many?' });
    const messages = res.body.messages as string[];
    expect(messages.at(-1)).toBe('failed');
    expect(messages.some((m) => m.includes('/body/tables'))).toBe(true);
    expect(messages.some((m) => m.includes('/body/limit'))).toBe(true);
    expect(messages.some((m) => m.includes('/body/extra'))).toBe(true);
    expect(messages.length).toBe(4);
  });

  it('reports a missing required field by its path', async () => {
    const res = await call(handler, { method: 'POST', token: await testToken(), body: { query: 'x' } });
    expect((res.body.messages as string[])[0]).toContain('/body/tables is required');
  });

  it('validates query parameters', async () => {
    const h = httpHandler(
      {
        route: 'GET /s',
        querySchema: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[a-z]+$' } } },
      },
      async () => ({ status: 204 }),
      deps,
    );
    expect((await call(h, { token: await testToken() })).status).toBe(400);
    expect((await call(h, { token: await testToken(), query: { id: 'ABC' } })).status).toBe(400);
    expect((await call(h, { token: await testToken(), query: { id: 'abc' } })).status).toBe(204);
  });
});

describe('envelopes and span ids', () => {
  it('puts the span id in the header, the body and every log line of the request', async () => {
    const { deps, lines } = testDeps();
    const handler = httpHandler(
      { route: 'GET /x' },
      async (req) => {
        req.log.info('working');
        return { status: 200, body: { ok: true } };
      },
      deps,
    );
    const res = await call(handler, { token: await testToken() });
    const spanId = res.headers['x-span-id'];
    // API Gateway's request id (the test event's is 16 characters of base64, as API Gateway's are).
    expect(spanId).toMatch(/^[A-Za-z0-9+/=]{16}$/);
    expect(res.body.spanId).toBe(spanId);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines)
      expect(JSON.parse(line)).toMatchObject({ spanId, correlation_id: spanId, function_request_id: 'test-request' });
  });

  it('keeps the status of service errors and hides our own bugs behind a 500', async () => {
    const { deps, lines } = testDeps();
    const upstream = httpHandler(
      { route: 'GET /a' },
      async () => {
        throw badGateway('The AI platform could not be reached', 'Retry later');
      },
      deps,
    );
    const bug = httpHandler(
      { route: 'GET /b' },
      async () => {
        throw new TypeError('cannot read properties of undefined (secret internals)');
      },
      deps,
    );
    const a = await call(upstream, { token: await testToken() });
    expect(a.status).toBe(502);
    expect(a.body.messages).toEqual(['ISSUE: The AI platform could not be reached. ADVICE: Retry later.', 'failed']);
    const b = await call(bug, { token: await testToken() });
    expect(b.status).toBe(500);
    expect(JSON.stringify(b.body)).not.toContain('secret internals');
    expect(lines.some((l) => l.includes('cannot read properties'))).toBe(true);
  });

  it('answers 504 shortly before the Lambda deadline instead of dying silently', async () => {
    const { deps, usage } = testDeps({ timeoutMarginMs: 200 });
    let aborted = false;
    const slow = httpHandler(
      { route: 'POST /slow', body: 'json', envelope: 'query' },
      async (req) => {
        await new Promise((r) => setTimeout(r, 1500));
        aborted = req.signal.aborted;
        return { status: 200, body: {} };
      },
      deps,
    );
    const started = Date.now();
    const res = await call(slow, { method: 'POST', token: await testToken(), body: { query: 'slow one' } }, 600);
    expect(res.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.body).toMatchObject({ answer: '', query: 'slow one' });
    await new Promise((r) => setTimeout(r, 1200));
    expect(aborted).toBe(true);
    expect([...usage.rows.values()][0]).toMatchObject({ calls: 1, errors: 1 });
  });
});

describe('usage counters', () => {
  it('records calls, errors, duration and AI tokens per account and route, and nothing else', async () => {
    const { deps, usage } = testDeps();
    const handler = httpHandler(
      { route: 'POST /m', body: 'json' },
      async (req) => {
        req.usage.aiTokens += 42;
        return { status: 200, body: {} };
      },
      deps,
    );
    const token = await testToken('acct-m');
    await call(handler, { method: 'POST', token, body: { a: 1 } });
    await call(handler, { method: 'POST', token, body: 'nope', headers: { 'content-type': 'application/json' } });
    await call(handler, { method: 'POST', body: { a: 1 } });
    const rows = [...usage.rows.entries()];
    const own = rows.find(([k]) => k.startsWith('acct-m|'))!;
    expect(own[0]).toMatch(/^acct-m\|\d{4}-\d{2}-\d{2}\|POST \/m$/);
    expect(own[1]).toMatchObject({ calls: 2, errors: 1, aiTokens: 42 });
    expect(own[1].durationMs).toBeGreaterThanOrEqual(0);
    // A request without an accepted token belongs to no account: not counted.
    expect(rows.some(([k]) => k.startsWith('anonymous|'))).toBe(false);
  });

  it('writes nothing for a public route called without a token, answered or failed', async () => {
    const { deps, usage } = testDeps();
    let fail = false;
    const handler = httpHandler(
      { route: 'GET /p', auth: false },
      async () => {
        if (fail) throw new Error('boom');
        return { status: 200, body: {} };
      },
      deps,
    );
    expect((await call(handler)).status).toBe(200);
    fail = true;
    expect((await call(handler)).status).toBe(500);
    expect(usage.rows.size).toBe(0);
  });

  it('still answers when the metrics store fails', async () => {
    const { deps, lines } = testDeps({
      usage: {
        add: async () => {
          throw new Error('throttled');
        },
      },
    });
    const handler = httpHandler({ route: 'GET /n' }, async () => ({ status: 200, body: { fine: true } }), deps);
    const res = await call(handler, { token: await testToken() });
    expect(res.status).toBe(200);
    expect(lines.some((l) => l.includes('usage metrics not recorded'))).toBe(true);
  });
});

describe('response headers', () => {
  it('percent-encodes values Node or API Gateway would refuse, and drops names that are not tokens', async () => {
    const { deps } = testDeps();
    const handler = httpHandler(
      { route: 'GET /h', auth: false },
      async () => ({
        status: 200,
        body: { ok: true },
        headers: {
          'x-a': 'one\r\nset-cookie: svcwt=stolen',
          'x-b': 'naïve ключ 😀',
          'bad name\r\n': 'x',
          'x-c': 'plain',
        },
      }),
      deps,
    );
    const res = await call(handler, { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'x-a': 'one%0D%0Aset-cookie: svcwt=stolen',
      'x-b': 'na%C3%AFve %D0%BA%D0%BB%D1%8E%D1%87 %F0%9F%98%80',
      'x-c': 'plain',
    });
    expect(Object.keys(res.headers)).not.toContain('bad name\r\n');
    for (const value of Object.values(res.headers)) expect(String(value)).toMatch(/^[\x20-\x7e]*$/);
  });
});
