// POST /mcp's edge answers a malformed request before it loads the MCP server: the same reply, byte for
// byte, as the server gives the same request (one framing, lib/mcp/framing.ts), and without wiring the
// server's dependencies. A well-formed request still reaches the server.
import { describe, expect, it } from 'vitest';
import { createMcpHandler } from '../../../handlers/http/mcp';
import { apiRoute } from '../../../lib/api/routes';
import { httpHandler } from '../../../lib/http/handler';
import { frameMcpRequest } from '../../../lib/mcp/framing';
import { serveMcp } from '../../../lib/mcp/server';
import type { EventInput } from '../../support/api-event';
import { call, setup } from './support';

const LEGACY = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** Bad requests, the status each gets, and its JSON-RPC error code (none: the route's plain envelope). */
const BAD: [string, EventInput, number, number | undefined][] = [
  [
    'a body that is not JSON',
    { body: '{"jsonrpc": "2.0", "id": ', headers: { ...LEGACY, 'content-type': 'application/json' } },
    400,
    -32700,
  ],
  ['an empty body', { body: '', headers: { ...LEGACY, 'content-type': 'application/json' } }, 400, -32600],
  ['a JSON-RPC batch', { body: [{ jsonrpc: '2.0', id: 1, method: 'ping' }], headers: LEGACY }, 400, -32600],
  ['a JSON object that is not JSON-RPC', { body: { not: 'json-rpc' }, headers: LEGACY }, 400, -32600],
  ['JSON-RPC 1.0', { body: { jsonrpc: '1.0', id: 1, method: 'ping' }, headers: LEGACY }, 400, -32600],
  ['a message with no method', { body: { jsonrpc: '2.0', id: 1 }, headers: LEGACY }, 400, -32600],
  ['params that are not an object', { body: { jsonrpc: '2.0', id: 1, method: 'ping', params: [1] } }, 400, -32600],
  ['an id that is an object', { body: { jsonrpc: '2.0', id: { x: 1 }, method: 'ping' }, headers: LEGACY }, 400, -32600],
  ['a text/plain body', { body: 'ping', headers: { ...LEGACY, 'content-type': 'text/plain' } }, 415, -32600],
  [
    'Accept: text/html',
    { body: { jsonrpc: '2.0', id: 1, method: 'ping' }, headers: { accept: 'text/html' } },
    406,
    -32600,
  ],
  [
    'a revision the server does not speak',
    {
      body: { jsonrpc: '2.0', id: 7, method: 'tools/list' },
      headers: { ...LEGACY, 'mcp-protocol-version': '1999-01-01' },
    },
    400,
    -32022,
  ],
  [
    '2026-07-28 without params._meta',
    {
      body: { jsonrpc: '2.0', id: 'a', method: 'tools/list' },
      headers: { ...LEGACY, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
    },
    400,
    -32602,
  ],
  [
    '2026-07-28 with an Mcp-Method header that does not match',
    {
      body: { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: MODERN_META } },
      headers: { ...LEGACY, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' },
    },
    400,
    -32020,
  ],
  ['a GET', { method: 'GET', headers: { accept: 'text/event-stream' } }, 405, undefined],
  [
    'a notification',
    { body: { jsonrpc: '2.0', method: 'notifications/initialized' }, headers: LEGACY },
    202,
    undefined,
  ],
];

/** Both handlers over the same dependencies: the route's edge, and the server behind the same middleware. */
async function handlers() {
  const fixture = await setup();
  let wired = 0;
  const edge = createMcpHandler({
    http: fixture.httpDeps,
    mcp: async () => {
      wired++;
      return fixture.mcpDeps;
    },
  });
  const { querySchema: _accepted, ...route } = apiRoute('ANY /mcp');
  // The server alone: it frames the request itself, as the edge does, then serves it.
  const server = httpHandler(
    route,
    async (req) => {
      const framed = frameMcpRequest(req);
      return 'reply' in framed ? framed.reply : serveMcp(framed, req, fixture.mcpDeps);
    },
    fixture.httpDeps,
  );
  return { edge, server, wired: () => wired, token: fixture.token };
}

/** A reply with its span id (a fresh one per request) taken out of the headers and the error's data. */
function comparable(reply: Awaited<ReturnType<typeof call>>) {
  const { 'x-span-id': spanId, ...headers } = reply.headers;
  const text = JSON.stringify(reply.body ?? null).replaceAll(spanId ?? '\0', '<span>');
  return { status: reply.status, headers, body: JSON.parse(text) as unknown, isBase64: reply.raw.isBase64Encoded };
}

describe("POST /mcp's edge", () => {
  it.each(BAD)('answers %s as the server does, without loading it', async (_, input, status, code) => {
    const { edge, server, wired, token } = await handlers();
    const request = { method: 'POST', path: '/mcp', token, ...input };
    const fromEdge = comparable(await call(edge, request));
    expect(wired()).toBe(0);
    expect(fromEdge).toEqual(comparable(await call(server, request)));
    expect(fromEdge.status).toBe(status);
    if (code !== undefined) expect(fromEdge.body).toMatchObject({ jsonrpc: '2.0', error: { code } });
  });

  it('loads the server for a well-formed request, and answers it as the server does', async () => {
    const { edge, server, wired, token } = await handlers();
    const request = {
      method: 'POST',
      path: '/mcp',
      token,
      headers: LEGACY,
      body: { jsonrpc: '2.0', id: 3, method: 'ping' },
    };
    const fromEdge = comparable(await call(edge, request));
    expect(wired()).toBe(1);
    expect(fromEdge).toEqual(comparable(await call(server, request)));
    expect(fromEdge.body).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });
});
