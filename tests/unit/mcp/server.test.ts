// POST /mcp through the real middleware stack: JSON-RPC framing, auth by svcwt or Bearer, tools
// built from definitions, argument checks before anything runs, and the collection tools over
// in-memory stores with the real local embedder and engine. The official MCP client is used
// against the local stack in tests/e2e/mcp.test.ts.
import { describe, expect, it } from 'vitest';

import { LEXICAL_EMBEDDER_ID } from '@fnquery/heuristic-engine';
import { badGateway } from '../../../lib/errors';
import { testToken } from '../../support/http-deps';
import { call, setup } from './support';

const toolCall = (name: string, args?: unknown) => ({ name, ...(args !== undefined && { arguments: args }) });
type Result = {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};
const resultOf = (res: { body: Record<string, unknown> }) => res.body.result as Result;

describe('MCP framing', () => {
  it('initializes statelessly, echoing a supported revision and offering the newest for an unknown one', async () => {
    const { rpc } = await setup();
    const res = await rpc('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'fnquery', version: '9.9.9' },
      },
    });
    expect(res.body).not.toHaveProperty('spanId');
    expect(res.headers['mcp-session-id']).toBeUndefined();
    expect(res.headers['x-span-id']).toBeTruthy();
    const old = await rpc('initialize', {
      protocolVersion: '2024-11-05',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect((old.body.result as { protocolVersion: string }).protocolVersion).toBe('2025-11-25');
    expect((await rpc('ping')).body).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });

  it('takes the token as Authorization: Bearer too, and answers a missing or bad one with a 401 JSON-RPC error and its challenge', async () => {
    const { handler, token } = await setup();
    const body = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const bearer = await call(handler, {
      method: 'POST',
      path: '/mcp',
      headers: { authorization: `Bearer ${token}` },
      body,
    });
    expect(bearer.status).toBe(200);
    const missing = await call(handler, { method: 'POST', path: '/mcp', body });
    expect(missing.status).toBe(401);
    // No token: the bare challenge (RFC 6750), no error code and nothing to discover.
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="fnquery"');
    expect(missing.body).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32600,
        message: expect.stringMatching(/^ISSUE: The svcwt header is missing.* ADVICE: /),
        data: { error: 'token_missing' },
      },
    });
    const forged = await call(handler, {
      method: 'POST',
      path: '/mcp',
      headers: { authorization: `Bearer ${token.slice(0, -4)}AAAA` },
      body,
    });
    expect(forged.status).toBe(401);
    // A refused token says so (invalid_token with the reason), without a resource_metadata that
    // would send an OAuth client looking for an authorization server.
    expect(forged.headers['www-authenticate']).toBe(
      'Bearer realm="fnquery", error="invalid_token", error_description="The access token is not valid"',
    );
    expect(forged.headers['www-authenticate']).not.toMatch(/resource_metadata/);
    expect(forged.body).toMatchObject({ id: 1, error: { data: { error: 'token_invalid' } } });
    expect(JSON.stringify(forged.body)).not.toContain(token.slice(0, 20));
  });

  it('answers notifications and responses with 202 and no body, and GET with 405', async () => {
    const { handler, token } = await setup();
    const note = await call(handler, {
      method: 'POST',
      path: '/mcp',
      token,
      body: { jsonrpc: '2.0', method: 'notifications/initialized' },
    });
    expect(note.status).toBe(202);
    expect(note.raw.body).toBe('');
    expect(
      (await call(handler, { method: 'POST', path: '/mcp', token, body: { jsonrpc: '2.0', id: 5, result: {} } }))
        .status,
    ).toBe(202);
    const get = await call(handler, { method: 'GET', path: '/mcp', token, headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
  });

  it('refuses malformed messages with JSON-RPC errors that carry ISSUE/ADVICE lines', async () => {
    const { handler, token, rpc } = await setup();
    const send = (body: unknown, headers: Record<string, string> = {}) =>
      call(handler, { method: 'POST', path: '/mcp', token, body, headers });
    const parse = await send('{"jsonrpc": "2.0", "id": 1, "method": ', { 'content-type': 'application/json' });
    expect(parse.status).toBe(400);
    expect(parse.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect((parse.body.error as { data: { messages: string[] } }).data.messages.at(-1)).toBe('failed');
    const batch = await send([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    expect(batch.body).toMatchObject({
      error: { code: -32600, message: expect.stringMatching(/^ISSUE: .*batch.*ADVICE: /) },
    });
    expect((await send({ jsonrpc: '1.0', id: 1, method: 'ping' })).body).toMatchObject({ error: { code: -32600 } });
    expect((await send({ jsonrpc: '2.0', id: { x: 1 }, method: 'ping' })).body).toMatchObject({
      error: { code: -32600 },
    });
    expect((await send('ping', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await send({ jsonrpc: '2.0', id: 1, method: 'ping' }, { accept: 'text/html' })).status).toBe(406);
    const unknown = await rpc('resources/list');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ error: { code: -32601 } });
    const version = await rpc('tools/list', undefined, { headers: { 'mcp-protocol-version': '1999-01-01' } });
    expect(version.status).toBe(400);
    expect(version.body).toMatchObject({
      error: {
        code: -32022,
        message: expect.stringContaining('1999-01-01'),
        data: { supported: ['2026-07-28', '2025-11-25', '2025-06-18'], requested: '1999-01-01' },
      },
    });
  });
});

describe('tools/list', () => {
  it('lists the collection tools and every function, with schemas a client can compile', async () => {
    const { rpc } = await setup();
    const { tools } = (await rpc('tools/list')).body.result as {
      tools: {
        name: string;
        description: string;
        inputSchema: Record<string, unknown>;
        outputSchema?: Record<string, unknown>;
      }[];
    };
    expect(tools.map((t) => t.name)).toEqual([
      'search_collection',
      'ask_collection',
      'fnq_deploy_function',
      'fnq_upload_document',
      'cities',
      '_Search_Collection',
      'weather',
    ]);
    const weather = tools.find((t) => t.name === 'weather')!;
    expect(weather.inputSchema).toMatchObject({
      type: 'object',
      required: ['query', 'body'],
      properties: { query: { required: ['units'] }, body: { required: ['city'] } },
    });
    expect(weather.outputSchema).toMatchObject({ type: 'object', required: ['city', 'temperature'] });
    expect(JSON.stringify(tools)).not.toContain('$schema');
    // A non-object answer travels under "result", as MCP structured content must be an object.
    expect(tools.find((t) => t.name === 'cities')!.outputSchema).toEqual({
      type: 'object',
      properties: { result: { type: 'array', items: { type: 'string' } } },
      required: ['result'],
    });
    expect(tools.find((t) => t.name === '_Search_Collection')!.description).toMatch(
      /mapped from the function Search_Collection/,
    );
    for (const t of tools) expect(t.name).toMatch(/^[A-Za-z0-9_.-]{1,128}$/);
    // Annotations travel with every tool (their rules: tests/unit/mcp/annotations.test.ts).
    const annotations = (name: string) => (tools.find((t) => t.name === name) as { annotations?: object }).annotations;
    expect(annotations('search_collection')).toMatchObject({ readOnlyHint: true });
    expect(annotations('cities')).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(annotations('weather')).toMatchObject({ readOnlyHint: false, idempotentHint: false });
  });

  it('filters functions by ?tag= (any of several), keeping the collection tools', async () => {
    const { rpc } = await setup();
    const names = async (tag: string) =>
      ((await rpc('tools/list', undefined, { query: { tag } })).body.result as { tools: { name: string }[] }).tools.map(
        (t) => t.name,
      );
    expect(await names('weather')).toEqual([
      'search_collection',
      'ask_collection',
      'fnq_deploy_function',
      'fnq_upload_document',
      'weather',
    ]);
    expect(await names('travel')).toEqual([
      'search_collection',
      'ask_collection',
      'fnq_deploy_function',
      'fnq_upload_document',
      'cities',
      'weather',
    ]);
    expect(await names('nothing,weather')).toEqual([
      'search_collection',
      'ask_collection',
      'fnq_deploy_function',
      'fnq_upload_document',
      'weather',
    ]);
    // A bad filter is refused before anything runs, as a JSON-RPC error for the request that carried
    // it; the handshake does not read the filter, so a client meets the problem where it lists tools.
    const bad = await rpc('tools/list', undefined, { query: { tag: 'Not A Tag' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      jsonrpc: '2.0',
      id: expect.any(Number),
      error: {
        code: -32602,
        message: expect.stringMatching(/^ISSUE: The query parameter \/query\/tag must match pattern/),
        data: { error: 'validation_failed' },
      },
    });
    const handshake = await rpc(
      'initialize',
      { protocolVersion: '2025-11-25', capabilities: {} },
      { query: { tag: 'Not A Tag' } },
    );
    expect(handshake.status).toBe(200);
    const call = await rpc('tools/call', { name: 'search_collection', arguments: {} }, { query: { tag: 'Not A Tag' } });
    expect(call.status).toBe(400);
  });
});

describe('tools/call on a hosted function', () => {
  it('lists every violation as a tool error the model can read, and runs nothing', async () => {
    const { rpc, invoker } = await setup();
    const res = await rpc(
      'tools/call',
      toolCall('weather', { query: { unit: 'metric' }, body: { days: 0 }, city: 'Paris' }),
    );
    expect(res.status).toBe(200);
    const result = resultOf(res);
    expect(result.isError).toBe(true);
    const text = result.content[0]!.text!;
    for (const fragment of ['/city: is not an argument', '/query/units', '/query/unit', '/body/city', '/body/days'])
      expect(text).toContain(fragment);
    expect(text.split('\n').every((line) => /^ISSUE: .+\. ADVICE: .+\.$/.test(line))).toBe(true);
    expect(invoker.requests).toHaveLength(0);
  });

  it('runs a valid call through the invoker and returns structured content', async () => {
    const { rpc, invoker } = await setup();
    const result = resultOf(
      await rpc('tools/call', toolCall('weather', { query: { units: 'metric' }, body: { city: 'Paris' } })),
    );
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ city: 'Paris', temperature: 21 });
    expect(JSON.parse(result.content[0]!.text!)).toEqual({ city: 'Paris', temperature: 21 });
    expect(invoker.requests[0]).toEqual({
      method: 'POST',
      query: { units: 'metric' },
      headers: {},
      body: { city: 'Paris' },
    });
  });

  it('wraps a non-object answer, and maps a reserved shortname both ways', async () => {
    const { rpc, invoker } = await setup((fn) => (fn.shortname === 'cities' ? ['Paris', 'Rome'] : null));
    expect(resultOf(await rpc('tools/call', toolCall('cities'))).structuredContent).toEqual({
      result: ['Paris', 'Rome'],
    });
    const mapped = resultOf(await rpc('tools/call', toolCall('_Search_Collection', {})));
    expect(mapped.content[0]!.text).toMatch(/returned no content/);
    expect(invoker.requests).toHaveLength(2);
    // The unmapped form is not a second way in; the built-in keeps its name.
    expect((await rpc('tools/call', toolCall('Search_Collection', {}))).body).toMatchObject({
      error: { code: -32602 },
    });
    expect(resultOf(await rpc('tools/call', toolCall('search_collection', {}))).isError).toBe(true);
    expect(invoker.requests).toHaveLength(2);
  });

  it('reports an answer that breaks outputSchema, and a failing function, as tool errors', async () => {
    const liar = await setup(() => ({ city: 'Paris', temperature: 'warm' }));
    const bad = resultOf(
      await liar.rpc('tools/call', toolCall('weather', { query: { units: 'metric' }, body: { city: 'Paris' } })),
    );
    expect(bad).toMatchObject({ isError: true });
    expect(bad.structuredContent).toBeUndefined();
    // The schema path and keyword only: nothing the function returned reaches the text.
    expect(bad.content[0]!.text).toMatch(/does not match its outputSchema \(#\/properties\/temperature\/type type\)/);
    const failing = await setup(() => {
      throw badGateway('Function weather raised an error: boom', 'Fix the function');
    });
    const failed = resultOf(
      await failing.rpc('tools/call', toolCall('weather', { query: { units: 'metric' }, body: { city: 'Paris' } })),
    );
    expect(failed).toMatchObject({
      isError: true,
      content: [{ text: 'ISSUE: Function weather raised an error: boom. ADVICE: Fix the function.' }],
    });
  });

  it('refuses unknown tools, tools outside the tag filter and non-object arguments as invalid params', async () => {
    const { rpc, invoker } = await setup();
    for (const [params, query] of [
      [toolCall('nope', {}), undefined],
      [toolCall('cities', {}), { tag: 'weather' }],
      [toolCall('weather', [1, 2]), undefined],
      [{ arguments: {} }, undefined],
      [toolCall('w'.repeat(2100), {}), undefined],
    ] as const) {
      const res = await rpc('tools/call', params, { query });
      expect(res.body).toMatchObject({
        error: { code: -32602, data: { messages: expect.arrayContaining(['failed']) } },
      });
    }
    const long = await rpc('tools/call', toolCall('w'.repeat(2100), {}));
    expect(JSON.stringify(long.body)).toMatch(
      /ISSUE: The function name is 2100 characters long; shortnames have at most 64/,
    );
    expect(invoker.requests).toHaveLength(0);
  });

  it('counts calls in the usage metrics and logs no arguments', async () => {
    const { rpc, usage, lines } = await setup();
    await rpc('tools/call', toolCall('weather', { query: { units: 'metric' }, body: { city: 'Secretville' } }));
    expect([...usage.rows.keys()].some((k) => k.startsWith('alice|') && k.endsWith('|ANY /mcp'))).toBe(true);
    expect(lines.join('\n')).not.toContain('Secretville');
  });
});

describe('collection tools', () => {
  async function withDocs() {
    const s = await setup();
    const texts = [
      'Train tickets are reimbursed in full.',
      'Taxis need a receipt.',
      'Hotels are booked by the travel office.',
    ];
    const { vectors } = await s.embedder.embed(texts);
    await s.statuses.create(
      {
        account: 'alice',
        uploadId: 'u1',
        collection: 'policy',
        filename: 'travel.md',
        fileType: 'md',
        sizeBytes: 10,
        objectKey: 'k',
        state: 'completed',
        totalChunks: 3,
        embeddedChunks: 3,
        startedAt: 1,
        attempts: 1,
        embedder: LEXICAL_EMBEDDER_ID,
      },
      null,
    );
    await s.store.upsert(
      { account: 'alice', collection: 'policy' },
      texts.map((text, i) => ({
        id: `c${i}`,
        uploadId: 'u1',
        position: i,
        text,
        source: 'travel.md',
        vector: vectors[i]!,
      })),
    );
    return s;
  }

  it('search_collection returns chunks with scores and sources, and no answer', async () => {
    const { rpc } = await withDocs();
    const result = resultOf(
      await rpc(
        'tools/call',
        toolCall('search_collection', { collection: 'policy', query: 'Are train tickets reimbursed?', limit: 2 }),
      ),
    );
    const { chunks, notes } = result.structuredContent as {
      chunks: { text: string; score: number; source: string }[];
      notes: string[];
    };
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toMatchObject({ text: 'Train tickets are reimbursed in full.', source: 'travel.md' });
    expect(chunks[0]!.score).toBeGreaterThanOrEqual(chunks[1]!.score);
    expect(notes).toEqual([]);
    expect(result.structuredContent).not.toHaveProperty('answer');
  });

  it('ask_collection answers from the documents', async () => {
    const { rpc } = await withDocs();
    const result = resultOf(
      await rpc(
        'tools/call',
        toolCall('ask_collection', { collection: 'policy', query: 'Are train tickets reimbursed?' }),
      ),
    );
    expect(result.structuredContent).toMatchObject({
      answer: expect.stringMatching(/Train tickets are reimbursed in full/),
      messages: ['completed'],
    });
  });

  it("reaches only the caller's collections and checks its arguments", async () => {
    const { rpc } = await withDocs();
    const other = await testToken('mallory');
    const stolen = resultOf(
      await rpc('tools/call', toolCall('search_collection', { collection: 'policy', query: 'train' }), {
        token: other,
      }),
    );
    expect(stolen).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/^ISSUE: No collection named policy/) }],
    });
    expect(stolen.structuredContent).toBeUndefined();
    const bad = resultOf(
      await rpc('tools/call', toolCall('search_collection', { collection: '../etc', query: '', limit: 500, extra: 1 })),
    );
    expect(bad.isError).toBe(true);
    for (const path of ['/collection', '/query', '/limit', '/extra'])
      expect(bad.content[0]!.text).toContain(`${path}:`);
  });
});
