// How platform failures reach our caller: retries, then the mapped ServiceError.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { OpenAIChat } from '../../../lib/ai/openai-chat';
import type { OpenAIAdapterOptions } from '../../../lib/ai/openai-options';
import type { ChatRequest } from '../../../lib/ai/ports';
import { startFakeOpenAI, type FakeOpenAI } from '../../support/fake-openai';
import { freePort } from '../../../local/emulators';

const KEY = 'sk-proj-fnqCallerKey000000000000Zq9X';
const OPERATOR_KEY = 'op-key-operator-00000000000000Wv7Y';
const ask: ChatRequest = { messages: [{ role: 'user', content: 'Hello' }] };
let server: FakeOpenAI;

beforeAll(async () => {
  server = await startFakeOpenAI({ apiKeys: ['sk-valid'] });
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

const model = (overrides: Partial<OpenAIAdapterOptions> = {}) =>
  new OpenAIChat({
    platform: 'openai',
    apiKey: 'sk-valid',
    baseURL: server.baseURL,
    model: 'gpt-test',
    timeoutMs: 5_000,
    maxRetries: 2,
    retryBaseDelayMs: 5,
    ...overrides,
  });

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

/** Every place a secret could surface when an error is logged or returned. */
const everywhere = (e: ServiceError) =>
  [e.message, e.stack ?? '', ...e.lines(), JSON.stringify(e), JSON.stringify(e.cause), String(e.cause)].join('\n');

describe('platform failures', () => {
  it('retries 429 and then succeeds', async () => {
    server.failNext(429, 2, { retryAfter: '0' });

    const response = await model().chat(ask);

    expect(response.content).toBe('echo: Hello');
    expect(server.requests).toHaveLength(3);
  });

  it('retries a 503 with backoff and then succeeds', async () => {
    server.failNext(503, 1);

    await model().chat(ask);

    expect(server.requests).toHaveLength(2);
  });

  it('gives 429 with Retry-After after the retries run out', async () => {
    server.failNext(429, 3, { retryAfter: '0' });

    const error = await failure(model().chat(ask));

    expect(server.requests).toHaveLength(3);
    expect(error.status).toBe(429);
    expect(error.code).toBe('ai_rate_limited');
    expect(error.headers['Retry-After']).toBe('1');
  });

  it('passes the platform Retry-After through without waiting when the wait would pass the deadline', async () => {
    server.failNext(429, 1, { retryAfter: '7' });
    const started = Date.now();

    const error = await failure(model({ timeoutMs: 2_000 }).chat(ask));

    expect(Date.now() - started).toBeLessThan(1_000);
    expect(server.requests).toHaveLength(1);
    expect(error.headers['Retry-After']).toBe('7');
  });

  it('does not retry a spent quota', async () => {
    server.failNext(429, 1, { code: 'insufficient_quota', message: 'You exceeded your current quota.' });

    const error = await failure(model().chat(ask));

    expect(server.requests).toHaveLength(1);
    expect([error.status, error.code]).toEqual([429, 'ai_quota_exceeded']);
    expect(error.lines()[0]).toContain('api+key');
  });

  it('gives 502 when the platform keeps failing with 500', async () => {
    server.failNext(500, 3);

    const error = await failure(model().chat(ask));

    expect(server.requests).toHaveLength(3);
    expect([error.status, error.code]).toEqual([502, 'ai_platform_unavailable']);
    expect(error.lines()[0]).toContain('HTTP 500');
  });

  it('maps a rejected caller key to 400 ai_key_rejected without the key anywhere', async () => {
    const error = await failure(model({ apiKey: KEY }).chat(ask));

    expect(server.requests).toHaveLength(1);
    expect([error.status, error.code]).toEqual([400, 'ai_key_rejected']);
    expect(error.lines()[0]).toMatch(/ISSUE: .*rejected the key in api\+key.* ADVICE: Check that api\+key/);
    const text = everywhere(error);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('Zq9X');
    expect(text).not.toContain('sk-');
  });

  it('maps a rejected operator key to 502: the caller cannot fix it', async () => {
    const error = await failure(model({ platform: 'default', apiKey: OPERATOR_KEY }).chat(ask));

    expect([error.status, error.code]).toEqual([502, 'ai_platform_auth_failed']);
    expect(everywhere(error)).not.toContain('Wv7Y');
  });

  it('scrubs key-like text out of a platform rejection message it passes on', async () => {
    server.failNext(400, 1, { message: `Key sk-valid and ${KEY} and abcd****wxyz are not allowed with this model.` });

    const error = await failure(model({ apiKey: 'sk-valid' }).chat(ask));

    expect([error.status, error.code]).toEqual([502, 'ai_request_rejected']);
    expect(error.lines()[0]).toContain('are not allowed with this model');
    const text = everywhere(error);
    for (const secret of ['sk-valid', KEY, 'Zq9X', 'wxyz']) expect(text).not.toContain(secret);
  });

  it('gives 502 when the platform cannot be reached', async () => {
    const port = await freePort();

    const error = await failure(model({ baseURL: `http://127.0.0.1:${port}/v1` }).chat(ask));

    expect([error.status, error.code]).toEqual([502, 'ai_platform_unavailable']);
    expect(error.lines()[0]).toContain('could not be reached');
  });

  it('gives 504 when the platform does not answer within the budget', async () => {
    server.delayNext(2_000);
    const started = Date.now();

    const error = await failure(model({ timeoutMs: 150 }).chat(ask));

    expect(Date.now() - started).toBeLessThan(1_500);
    expect([error.status, error.code]).toEqual([504, 'ai_platform_timeout']);
    expect(error.lines()[0]).toContain('150 ms');
  });

  it("gives 504 when the caller's signal aborts (the Lambda is running out of time)", async () => {
    server.delayNext(2_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);

    const error = await failure(model().chat({ ...ask, signal: controller.signal }));

    expect(error.status).toBe(504);
  });
});
