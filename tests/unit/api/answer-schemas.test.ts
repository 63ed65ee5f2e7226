// The answers the SDK's generated types describe are checked against the schemas /openapi.json
// publishes for them, from the real handlers over in-memory stores: a published schema that is
// wrong fails here before a client (or the API fuzzer) meets it.
import { describe, expect, it } from 'vitest';
import { createCollectionGetHandler } from '../../../handlers/http/collections-get';
import { createCollectionsListHandler } from '../../../handlers/http/collections-list';
import { createListHandler } from '../../../handlers/http/functions-list';
import { createUsageHandler } from '../../../handlers/http/usage';
import { ROUTES } from '../../../lib/api/routes';
import { acceptUpload } from '../../../lib/ingest/intake';
import { serviceAjv, violations } from '../../../lib/json-schema';
import { createLogger } from '../../../lib/log';
import { validateSpec } from '../../../lib/spec/index';
import { utcDay } from '../../../lib/usage/ports';
import { call } from '../../support/api-event';
import { testDeps, testToken } from '../../support/http-deps';
import { MemoryBlobStore, MemoryJobQueue, MemoryStatusStore } from '../../support/memory-ingest-stores';
import { MemoryFunctionRegistry, recordOf, specFor } from '../functions/support';

/** Where `body` breaks the success schema the route publishes (empty when it conforms). */
function mismatches(route: string, body: unknown) {
  const schema = ROUTES[route]!.success.schema!;
  const check = serviceAjv().compile(schema);
  return check(body) ? [] : violations(check.errors);
}

async function answer(handler: Parameters<typeof call>[0], path: string, account: string, pathParams = {}) {
  const res = await call(handler, { path, pathParams, token: await testToken(account) });
  expect(res.status).toBe(200);
  return res.body;
}

describe('published answer schemas', () => {
  it('describe the collection list and a collection with its uploads', async () => {
    const statuses = new MemoryStatusStore();
    const intake = {
      statuses,
      blobs: new MemoryBlobStore(),
      jobs: new MemoryJobQueue(),
      embedderId: 'local-lexical-v1',
      quotas: { free: 20, pro: 2000, enterprise: null },
      log: createLogger({ sink: () => undefined }),
    };
    const who = { account: 'alice', level: 'pro' as const };
    await acceptUpload(intake, who, 'notes', { filename: 'a.txt', bytes: new TextEncoder().encode('alpha beta') });
    const { deps } = testDeps();
    const list = createCollectionsListHandler({ http: deps, collections: { statuses } });
    const one = createCollectionGetHandler({ http: deps, collections: { statuses } });

    const listed = await answer(list, '/embedder-service/v1/collections', 'alice');
    expect(listed.collections).toHaveLength(1);
    expect(mismatches('GET /embedder-service/v1/collections', listed)).toEqual([]);
    const got = await answer(one, '/embedder-service/v1/collections/notes', 'alice', { name: 'notes' });
    expect(got.uploads).toHaveLength(1);
    expect(mismatches('GET /embedder-service/v1/collections/{name}', got)).toEqual([]);
  });

  it('describe the function list', async () => {
    const registry = new MemoryFunctionRegistry();
    const spec = validateSpec(specFor({ shortname: 'clock', files: {} })).spec!;
    await registry.register(recordOf(spec, 'alice'), undefined);
    const { deps } = testDeps();
    const listed = await answer(createListHandler({ http: deps, registry }), '/function-service/v1/functions', 'alice');
    expect(listed.functions).toHaveLength(1);
    expect(mismatches('GET /function-service/v1/functions', listed)).toEqual([]);
  });

  it('describe the usage report', async () => {
    const today = utcDay(new Date());
    const row = { day: today, endpoint: 'GET /health', calls: 3, errors: 1, durationMs: 12.5, aiTokens: 0 };
    const reader = { list: async (account: string) => (account === 'alice' ? [row] : []) };
    const { deps } = testDeps();
    const report = await answer(createUsageHandler({ http: deps, reader }), '/usage-service/v1/usage', 'alice');
    expect(report.usage).toHaveLength(1);
    expect(mismatches('GET /usage-service/v1/usage', report)).toEqual([]);
  });

  it('refuse an answer that breaks them (the check is not vacuous)', () => {
    expect(mismatches('GET /usage-service/v1/usage', { account: 'a', from: 'x', to: 'y', usage: [{}] })).not.toEqual(
      [],
    );
  });
});
