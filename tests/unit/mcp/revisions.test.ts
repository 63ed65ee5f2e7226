// The stateless revision 2026-07-28 beside the legacy ones on the same handler: server/discover,
// the per-request `_meta`, the routing headers that must match the body, `resultType` and
// serverInfo on results, and the revision's error codes with their HTTP statuses.
import { describe, expect, it } from 'vitest';
import { call, setup } from './support';

const MODERN = '2026-07-28';
const meta = (version = MODERN) => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'unit', version: '1' },
});

async function modernSetup() {
  const s = await setup();
  let id = 100;
  /** A request as a 2026-07-28 client sends it; `headers` and `params._meta` can be overridden to break it. */
  const send = (
    method: string,
    params: Record<string, unknown> = {},
    headers: Record<string, string | undefined> = {},
    query?: Record<string, string>,
  ) => {
    const name = typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
    const all = {
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...name,
      ...headers,
    };
    return call(s.handler, {
      method: 'POST',
      path: '/mcp',
      token: s.token,
      query,
      headers: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<string, string>,
      body: { jsonrpc: '2.0', id: ++id, method, params: { _meta: meta(), ...params } },
    });
  };
  return { ...s, send };
}

type ErrorBody = { id: unknown; error: { code: number; message: string; data: Record<string, unknown> } };

describe('MCP 2026-07-28', () => {
  it('answers server/discover with every revision it speaks, its capabilities and who it is', async () => {
    const { send } = await modernSetup();
    const res = await send('server/discover');
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      resultType: 'complete',
      supportedVersions: ['2026-07-28', '2025-11-25', '2025-06-18'],
      capabilities: { tools: { listChanged: false }, extensions: { 'io.modelcontextprotocol/tasks': {} } },
      instructions: expect.stringContaining('search_collection'),
      ttlMs: 3_600_000,
      cacheScope: 'public',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'fnquery', version: '9.9.9' } },
    });
  });

  it('lists and calls tools without a handshake, every result typed and cacheable where the revision says', async () => {
    const { send, invoker } = await modernSetup();
    const list = (await send('tools/list')).body.result as Record<string, unknown> & { tools: { name: string }[] };
    expect(list).toMatchObject({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'public' });
    expect(list.tools.map((t) => t.name)).toEqual([
      'search_collection',
      'ask_collection',
      'fnq_deploy_function',
      'fnq_upload_document',
      'cities',
      '_Search_Collection',
      'weather',
    ]);
    const filtered = (await send('tools/list', {}, {}, { tag: 'weather' })).body.result as { tools: unknown[] };
    expect(filtered.tools).toHaveLength(5);

    const called = await send('tools/call', {
      name: 'weather',
      arguments: { query: { units: 'metric' }, body: { city: 'Oslo' } },
    });
    expect(called.status).toBe(200);
    expect(called.body.result).toMatchObject({
      resultType: 'complete',
      structuredContent: { city: 'Paris', temperature: 21 },
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'fnquery' } },
    });
    expect(invoker.requests.at(-1)?.body).toEqual({ city: 'Oslo' });
  });

  it('decodes a base64 Mcp-Name before comparing it with the tool name', async () => {
    const { send } = await modernSetup();
    const encoded = `=?base64?${Buffer.from('cities').toString('base64')}?=`;
    const res = await send('tools/call', { name: 'cities', arguments: {} }, { 'mcp-name': encoded });
    expect(res.status).toBe(200);
    expect((res.body.result as { resultType: string }).resultType).toBe('complete');
  });

  it('refuses headers that disagree with the body as HeaderMismatch (400, -32020), running nothing', async () => {
    const { send, invoker } = await modernSetup();
    const call = { name: 'weather', arguments: { query: { units: 'metric' }, body: { city: 'Oslo' } } };
    const cases: [string, Record<string, string | undefined>][] = [
      ['MCP-Protocol-Version', { 'mcp-protocol-version': undefined }],
      ['Mcp-Method', { 'mcp-method': 'tools/list' }],
      ['Mcp-Method', { 'mcp-method': undefined }],
      ['Mcp-Name', { 'mcp-name': 'cities' }],
      ['Mcp-Name', { 'mcp-name': undefined }],
    ];
    for (const [header, headers] of cases) {
      const res = await send('tools/call', call, headers);
      expect(res.status).toBe(400);
      const body = res.body as unknown as ErrorBody;
      expect(body.error.code).toBe(-32020);
      expect(body.error.message).toMatch(new RegExp(`^ISSUE: The ${header} header .* ADVICE: `));
      expect(body.id).toEqual(expect.any(Number));
    }
    expect(invoker.requests).toHaveLength(0);
  });

  it('refuses a request without its _meta fields as invalid params (400, -32602)', async () => {
    const { send } = await modernSetup();
    const noCapabilities = await send('tools/list', {
      _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN },
    });
    expect(noCapabilities.status).toBe(400);
    expect((noCapabilities.body as unknown as ErrorBody).error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('clientCapabilities'),
    });
    // The header names the revision but the body has no _meta at all.
    const noMeta = await send('tools/list', { _meta: undefined });
    expect(noMeta.status).toBe(400);
    expect((noMeta.body as unknown as ErrorBody).error.code).toBe(-32602);
  });

  it('names the revisions it speaks when asked for another (400, -32022)', async () => {
    const { send } = await modernSetup();
    const res = await send('tools/list', { _meta: meta('2027-01-01') }, { 'mcp-protocol-version': '2027-01-01' });
    expect(res.status).toBe(400);
    expect((res.body as unknown as ErrorBody).error).toMatchObject({
      code: -32022,
      data: { supported: ['2026-07-28', '2025-11-25', '2025-06-18'], requested: '2027-01-01' },
    });
  });

  it('answers the methods the revision removed, and unknown ones, with 404 and -32601', async () => {
    const { send } = await modernSetup();
    for (const method of ['ping', 'initialize', 'resources/list']) {
      const res = await send(method);
      if (method === 'initialize') {
        // initialize always opens the legacy era, whatever else the request carries.
        expect(res.status).toBe(200);
        continue;
      }
      expect(res.status).toBe(404);
      expect((res.body as unknown as ErrorBody).error.code).toBe(-32601);
    }
  });

  it('keeps an unknown tool a JSON-RPC error with the request id, and a bad argument a tool error', async () => {
    const { send } = await modernSetup();
    const unknown = await send('tools/call', { name: 'nope', arguments: {} });
    expect(unknown.status).toBe(200);
    expect((unknown.body as unknown as ErrorBody).error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('no tool named "nope"'),
    });
    const bad = await send('tools/call', { name: 'weather', arguments: { query: {}, body: {} } });
    expect(bad.body.result).toMatchObject({ resultType: 'complete', isError: true });
  });

  it('still serves a legacy client on the same endpoint, without the new result fields', async () => {
    const { rpc } = await setup();
    const res = await rpc('tools/list', undefined, { headers: { 'mcp-protocol-version': '2025-11-25' } });
    expect(res.status).toBe(200);
    expect(res.body.result).not.toHaveProperty('resultType');
    expect(res.body.result).not.toHaveProperty('ttlMs');
  });
});
