// The catalog routes through the real middleware stack with an in-memory registry.
import { describe, expect, it } from 'vitest';

import { createAssetsHandler } from '../../../handlers/http/catalog-assets';
import { createFunctionPageHandler } from '../../../handlers/http/catalog-function-page';
import { createCatalogPageHandler } from '../../../handlers/http/catalog-page';
import { createCatalogSearchHandler } from '../../../handlers/http/catalog-search';
import { createFunctionOpenApiHandler } from '../../../handlers/http/function-openapi';
import { Catalog } from '../../../lib/catalog/catalog';
import { validateSpec } from '../../../lib/spec/index';
import { call } from '../../support/api-event';
import { testDeps, testToken } from '../../support/http-deps';
import { jsonObject, MemoryFunctionRegistry, recordOf, specFor } from '../functions/support';

const HOSTILE = '</script><script>alert(1)</script>';

async function registryWith() {
  const registry = new MemoryFunctionRegistry();
  const add = async (
    shortname: string,
    extra: Record<string, unknown>,
    requirements: Record<string, unknown> = { requestType: 'GET' },
  ) => {
    const spec = validateSpec({ ...specFor({ shortname, files: {}, requirements }), ...extra }).spec!;
    await registry.register({ ...recordOf(spec, `owner-${shortname}`), updatedAt: 1_700_000_000_000 }, undefined);
  };
  await add(
    'forecast',
    { name: 'Forecast', description: 'Temperatures for a city.', tags: ['weather'] },
    {
      requestType: 'POST',
      inputType: 'JSON',
      inputSchema: jsonObject({ city: { type: 'string', description: 'City name' } }, ['city']),
      inputJsonExample: '{"city":"Oslo"}',
      outputType: 'JSON',
      outputSchema: jsonObject({ celsius: { type: 'number' } }),
    },
  );
  await add('evil', { name: `Evil ${HOSTILE}`, description: `Says ${HOSTILE} <b>bold</b>`, tags: ['weather', 'text'] });
  for (let i = 0; i < 25; i++) await add(`bulk-${String(i).padStart(2, '0')}`, { description: 'A bulk tool.' });
  return registry;
}

describe('GET /functions/v1 (catalog search)', () => {
  const setup = async () => {
    const registry = await registryWith();
    const handler = createCatalogSearchHandler({
      http: testDeps().deps,
      catalog: new Catalog(() => registry.catalogSource()),
    });
    return (query: Record<string, string>, token?: string) => call(handler, { path: '/functions/v1', query, token });
  };

  it("answers an authenticated account with every owner's functions, ranked, without owners", async () => {
    const search = await setup();
    const res = await search({ q: 'weather' }, await testToken('someone-else'));
    expect(res.status).toBe(200);
    const body = res.body as { functions: Record<string, unknown>[]; total: number; tags: unknown[] };
    expect(body.functions.map((f) => f.shortname)).toEqual(['evil', 'forecast']);
    expect(body.functions[1]).toEqual({
      shortname: 'forecast',
      name: 'Forecast',
      description: 'Temperatures for a city.',
      tags: ['weather'],
      runtime: 'nodejs20',
      method: 'POST',
      path: '/functions/v1/forecast',
      updated: new Date(1_700_000_000_000).toISOString(),
    });
    expect(body.tags).toEqual([
      { tag: 'weather', count: 2 },
      { tag: 'text', count: 1 },
    ]);
  });

  it('pages with next_cursor until null', async () => {
    const search = await setup();
    const token = await testToken();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await search({ q: 'bulk', limit: '10', ...(cursor && { cursor }) }, token);
      const body = res.body as { functions: { shortname: string }[]; next_cursor: string | null; total: number };
      expect(body.total).toBe(25);
      seen.push(...body.functions.map((f) => f.shortname));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `bulk-${String(i).padStart(2, '0')}`));
  });

  it('refuses a missing token and bad parameters with the envelope, listing every violation', async () => {
    const search = await setup();
    expect((await search({ q: 'x' })).status).toBe(401);
    const res = await search({ tag: 'Not A Tag', runtime: 'cobol', limit: '0', sort: 'name' }, await testToken());
    expect(res.status).toBe(400);
    const messages = (res.body as { messages: string[] }).messages;
    expect(messages.at(-1)).toBe('failed');
    for (const field of ['/query/tag', '/query/runtime', '/query/limit', '/query/sort'])
      expect(messages.join('\n')).toContain(field);
  });
});

describe('catalog pages', () => {
  it('renders the search page without a token, escaping what functions say about themselves', async () => {
    const registry = await registryWith();
    const handler = createCatalogPageHandler({
      http: testDeps().deps,
      catalog: new Catalog(() => registry.catalogSource()),
    });
    const res = await call(handler, { path: '/catalog', query: { q: 'weather', tag: 'text' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = Buffer.from(res.raw.body!, 'base64').toString();
    expect(html).toContain('href="/catalog/evil"');
    expect(html).not.toContain('href="/catalog/forecast"');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    expect(html).toMatch(/<label for="q">/);
  });

  it('renders a function page with tables, snippets and the definition embedded so it cannot close its script', async () => {
    const registry = await registryWith();
    const handler = createFunctionPageHandler({ http: testDeps().deps, registry });
    const page = async (shortname: string) => {
      const res = await call(handler, { path: `/catalog/${shortname}`, pathParams: { shortname } });
      return { status: res.status, html: Buffer.from(res.raw.body!, 'base64').toString() };
    };
    const forecast = await page('forecast');
    expect(forecast.status).toBe(200);
    expect(forecast.html).toContain('<code>POST /functions/v1/forecast</code>');
    expect(forecast.html).toMatch(/<th scope="row"><code>city<\/code><\/th><td>string<\/td><td>yes<\/td><td>City name/);
    expect(forecast.html).toContain(
      'fnq.functions.invoke(&quot;forecast&quot;, { body: {&quot;city&quot;:&quot;Oslo&quot;} })',
    );
    expect(forecast.html).toContain('requests.post(');
    const evil = await page('evil');
    const embedded = /<script type="application\/json" id="function-spec">([\s\S]*?)<\/script>/.exec(evil.html)![1]!;
    expect(JSON.parse(embedded).description).toBe(`Says ${HOSTILE} <b>bold</b>`);
    expect(evil.html.match(/<script/g)).toHaveLength(2);
    const missing = await page('nope');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('No function named “nope”');
  });

  it('serves the built script and style sheet, and nothing else', async () => {
    const assetsHandler = createAssetsHandler({ http: testDeps().deps });
    const js = await call(assetsHandler, { path: '/catalog/assets/catalog.js', pathParams: { file: 'catalog.js' } });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toContain('text/javascript');
    // The shared validators are inside: Ajv's messages come with them.
    expect(Buffer.from(js.raw.body!, 'base64').toString()).toContain('must have required property');
    const css = await call(assetsHandler, { path: '/catalog/assets/catalog.css', pathParams: { file: 'catalog.css' } });
    expect(css.headers['content-type']).toContain('text/css');
    const other = await call(assetsHandler, { path: '/catalog/assets/..%2Fsecret', pathParams: { file: '../secret' } });
    expect(other.status).toBe(404);
  });
});

describe('GET /functions/v1/{shortname}/openapi.json', () => {
  it("serves the function's own OpenAPI document, and 404 for an unknown one", async () => {
    const registry = await registryWith();
    const handler = createFunctionOpenApiHandler({ http: testDeps().deps, registry });
    const token = await testToken();
    const res = await call(handler, {
      path: '/functions/v1/forecast/openapi.json',
      pathParams: { shortname: 'forecast' },
      token,
    });
    const doc = JSON.parse(Buffer.from(res.raw.body!, 'base64').toString());
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/functions/v1/forecast');
    const behindProxy = await call(handler, {
      path: '/functions/v1/forecast/openapi.json',
      pathParams: { shortname: 'forecast' },
      headers: { host: 'fn.example.com', 'x-forwarded-proto': 'https' },
      token,
    });
    expect(JSON.parse(Buffer.from(behindProxy.raw.body!, 'base64').toString()).servers).toEqual([
      { url: 'https://fn.example.com' },
    ]);
    expect(doc.spanId).toBeUndefined();
    expect(
      (await call(handler, { path: '/functions/v1/nope/openapi.json', pathParams: { shortname: 'nope' }, token }))
        .status,
    ).toBe(404);
  });
});
