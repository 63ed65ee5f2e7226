// Requests no route matches: the service's envelope, 404, or 405 with Allow for a known path.
import { describe, expect, it } from 'vitest';
import { createNotFoundHandler } from '../../../handlers/http/not-found';
import { methodsAt } from '../../../lib/api/unmatched';
import { call } from '../../support/api-event';
import { testDeps } from '../../support/http-deps';

const handler = createNotFoundHandler({ http: testDeps().deps });

describe('the $default route', () => {
  it('answers an unknown path with 404 in the error envelope, without a token', async () => {
    const res = await call(handler, { method: 'GET', path: '/no/such/route' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      error: 'route_not_found',
      messages: [
        'ISSUE: There is no route GET /no/such/route. ADVICE: Check the path and method against GET /openapi.json, which describes every route.',
        'failed',
      ],
    });
    expect(res.raw.headers?.['x-span-id']).toBe(res.body.spanId);
  });

  it('answers a known path asked with another method with 405 and Allow', async () => {
    const res = await call(handler, { method: 'DELETE', path: '/embedder-service/v1/status' });
    expect([res.status, res.body.error, res.raw.headers?.allow]).toEqual([405, 'method_not_allowed', 'GET']);
    const collection = await call(handler, { method: 'POST', path: '/embedder-service/v1/collections/docs' });
    expect(collection.raw.headers?.allow).toBe('DELETE, GET');
  });

  it('matches path templates segment by segment', () => {
    expect(methodsAt('/functions/v1/weather/spec.json')).toEqual(['GET']);
    expect(methodsAt('/functions/v1/weather/spec.json/more')).toEqual([]);
    expect(methodsAt('/healthz')).toEqual([]);
  });

  it('keeps a hostile path short in the message', async () => {
    const res = await call(handler, { method: 'GET', path: `/${'x'.repeat(5000)}` });
    expect((res.body.messages as string[])[0]!.length).toBeLessThan(300);
  });
});
