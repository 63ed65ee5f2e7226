// Identifiers are length-checked before they reach storage, and an oversized token gets the 401
// envelope: the storage here refuses long keys as DynamoDB does, so a missed check would be a 500.
import { describe, expect, it } from 'vitest';

import { createFunctionPageHandler } from '../../../handlers/http/catalog-function-page';
import { createExistsHandler } from '../../../handlers/http/functions-exists';
import { createInvokeHandler } from '../../../handlers/http/invoke';
import type { FunctionInvoker, FunctionRegistry } from '../../../lib/functions/ports';
import { httpHandler } from '../../../lib/http/handler';
import { call } from '../../support/api-event';
import { testDeps, testToken } from '../../support/http-deps';
import { MemoryFunctionRegistry } from '../functions/support';

/** Fails as DynamoDB does on a key over its limit: an uncaught error, i.e. a 500 if it is ever reached. */
function strictRegistry(): FunctionRegistry {
  const registry = new MemoryFunctionRegistry();
  return new Proxy(registry, {
    get(target, property) {
      const method = Reflect.get(target, property) as unknown;
      if (typeof method !== 'function') return method;
      return (...args: unknown[]) => {
        if (args.some((a) => typeof a === 'string' && a.length > 1024)) throw new Error('key too long for storage');
        return (method as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

const idle: FunctionInvoker = {
  build: async () => {},
  deploy: async () => {},
  remove: async () => {},
  logs: async () => undefined,
  invoke: async () => {
    throw new Error('must not run');
  },
};

const LONG = 'n'.repeat(2100);
const messagesOf = (res: { body: Record<string, unknown> }) => res.body.messages as string[];

describe('identifiers before storage', () => {
  it('answers 400 identifier_too_long on the token-less catalog page, the function endpoint and the shortname check', async () => {
    const registry = strictRegistry();
    const http = testDeps().deps;
    const token = await testToken('someone');
    const cases = [
      { handler: createFunctionPageHandler({ http, registry }), path: `/catalog/${LONG}`, token: undefined },
      {
        handler: createInvokeHandler({
          http,
          invoke: { registry, invoker: idle, settings: { timeoutMs: 1000, outputCheck: 'header' } },
        }),
        path: `/functions/v1/${LONG}`,
        token,
      },
      { handler: createExistsHandler({ http, registry }), path: `/function-service/v1/shortnames/${LONG}`, token },
    ];
    for (const c of cases) {
      const res = await call(c.handler, {
        method: 'GET',
        path: c.path,
        pathParams: { shortname: LONG },
        token: c.token,
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('identifier_too_long');
      expect(messagesOf(res)[0]).toMatch(
        /^ISSUE: The shortname in the path is 2100 characters long; at most 64 are allowed\. ADVICE: /,
      );
    }
  });

  it('checks every path parameter of every route the same way (collection names, upload ids)', async () => {
    const handler = httpHandler(
      { route: 'DELETE /embedder-service/v1/uploads/{upload_id}' },
      async () => {
        throw new Error('must not run');
      },
      testDeps().deps,
    );
    const res = await call(handler, {
      method: 'DELETE',
      pathParams: { upload_id: 'u'.repeat(65) },
      token: await testToken(),
    });
    expect(res.status).toBe(400);
    expect(messagesOf(res)[0]).toMatch(/^ISSUE: The upload_id in the path is 65 characters long/);
  });
});

describe('an oversized token', () => {
  it('gets the 401 envelope with its reason, not a bare error', async () => {
    const handler = httpHandler({ route: 'GET /x' }, async () => ({ status: 200, body: {} }), testDeps().deps);
    const res = await call(handler, { method: 'GET', token: 'a'.repeat(100 * 1024) });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('token_invalid');
    expect(messagesOf(res)[0]).toMatch(
      /^ISSUE: The access token is 102400 characters long; service tokens have at most 4096\./,
    );
  });
});
