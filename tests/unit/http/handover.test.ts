// The handler gets the principal and the request's logger as typed, required fields (checked by the
// compiler through expectTypeOf) and present at run time, on routes with and without a token.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { httpHandler, type ServiceRequest } from '../../../lib/http/handler';
import type { Principal } from '../../../lib/http/auth';
import { handOver } from '../../../lib/http/middleware/handover';
import type { Logger } from '../../../lib/log';
import { ANONYMOUS } from '../../../lib/usage/ports';
import { call } from '../../support/api-event';
import { testDeps, testToken } from '../../support/http-deps';
import { run } from './middleware/run';

/** A handler that answers with what it was handed, and logs one line through the request's logger. */
async function echoPrincipal(req: ServiceRequest) {
  expectTypeOf(req.principal).toEqualTypeOf<Principal>();
  expectTypeOf(req.log).toEqualTypeOf<Logger>();
  expectTypeOf(req.signal).toEqualTypeOf<AbortSignal>();
  req.log.info('handled', { marker: 'handover-check' });
  return { status: 200, body: { principal: req.principal, aborted: req.signal.aborted } };
}

describe('the handler step', () => {
  it('sees the accepted principal and a logger that carries the span id and route, on an auth route', async () => {
    const { deps, lines } = testDeps();
    const handler = httpHandler({ route: 'GET /mine' }, echoPrincipal, deps);
    const res = await call(handler, { token: await testToken('acct-typed', 'pro') });
    expect(res.status).toBe(200);
    expect(res.body.principal).toEqual({ account: 'acct-typed', level: 'pro' });
    expect(res.body.aborted).toBe(false);
    const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.marker === 'handover-check');
    expect(line).toMatchObject({ route: 'GET /mine', spanId: res.headers['x-span-id'] });
  });

  it('sees the anonymous principal and the same logger on a route without a token', async () => {
    const { deps, lines } = testDeps();
    const handler = httpHandler({ route: 'GET /open', auth: false }, echoPrincipal, deps);
    const res = await call(handler, {});
    expect(res.status).toBe(200);
    expect((res.body.principal as Principal).account).toBe(ANONYMOUS);
    const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.marker === 'handover-check');
    expect(line).toMatchObject({ route: 'GET /open', spanId: res.headers['x-span-id'] });
  });

  it('refuses to hand over from a chain without authenticate or requestLogger (a 500, not a handler without them)', async () => {
    let handlerRan = false;
    await expect(
      run([handOver()], {}, () => {
        handlerRan = true;
        return { statusCode: 200, body: '' };
      }),
    ).rejects.toThrow(/handOver needs authenticate and requestLogger/);
    expect(handlerRan).toBe(false);
  });
});
