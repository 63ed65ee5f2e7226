// The official MCP TypeScript SDK v2 client (@modelcontextprotocol/client) against POST /mcp of the
// local stack, once pinned to each revision the server speaks: 2025-11-25 (initialize handshake)
// and 2026-07-28 (stateless: server/discover, per-request _meta, routing headers, resultType). Each
// lists the tools with their annotations, calls a hosted function (the client checks structured
// content against the outputSchema), and meets the service's failures as the SDK surfaces them:
// a refused token, a bad tag filter, an unknown tool.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { issueToken } from '../../lib/http/token';
import { FnqClient } from '../../sdk/index';
import { bundleOf, functionDir, jsonObject } from '../unit/functions/support';

const url = inject('stackUrl');
const secret = inject('stackSecret');

const LOOKUP = {
  shortname: 'mcp-rev-lookup',
  spec: { tags: ['mcprev'] },
  requirements: {
    requestType: 'GET',
    queryParams: [{ name: 'code', required: true, description: 'A station code', exampleData: 'code=VIE' }],
    outputType: 'JSON',
    outputSchema: jsonObject({ code: { type: 'string' }, length: { type: 'integer' } }, ['code', 'length']),
  },
  files: { 'index.js': `exports.handler = async (req) => ({ code: req.query.code, length: req.query.code.length });` },
};

const REVISIONS = ['2025-11-25', '2026-07-28'] as const;
type Revision = (typeof REVISIONS)[number];

let token: string;
let fnq: FnqClient;

/** A v2 client that speaks exactly `revision`: the legacy handshake pinned by its version list, or the modern pin. */
async function connect(revision: Revision, options: { bearer?: string; query?: string } = {}) {
  const client = new Client(
    { name: 'fnquery-e2e-v2', version: '1.0.0' },
    revision === '2026-07-28'
      ? { versionNegotiation: { mode: { pin: revision } } }
      : { supportedProtocolVersions: [revision] },
  );
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp${options.query ?? ''}`), {
    requestInit: { headers: { authorization: `Bearer ${options.bearer ?? token}` } },
  });
  await client.connect(transport);
  return client;
}

beforeAll(async () => {
  token = await issueToken({ secret, account: 'mcp-rev-user', level: 'pro', ttlSeconds: 3600 });
  fnq = new FnqClient({ url, token });
  await fnq.functions.deployAndWait(await bundleOf(await functionDir(LOOKUP)), { pollMs: 200 });
});

afterAll(async () => {
  await fnq.functions.delete('mcp-rev-lookup').catch(() => undefined);
});

describe.each(REVISIONS)('the official SDK v2 client pinned to %s', (revision) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect(revision);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('speaks that revision with the server and knows who answers', () => {
    expect(client.getNegotiatedProtocolVersion()).toBe(revision);
    expect(client.getServerVersion()?.name).toBe('fnquery');
  });

  it('lists the tools with annotations from what they do', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('search_collection')?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(byName.get('mcp-rev-lookup')?.annotations).toMatchObject({
      readOnlyHint: true,
      idempotentHint: true,
      openWorldHint: true,
    });
  });

  it('calls a hosted function and gets structured content the client validated', async () => {
    await client.listTools();
    const result = await client.callTool({ name: 'mcp-rev-lookup', arguments: { query: { code: 'VIE' } } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ code: 'VIE', length: 3 });
  });

  it('gets an unknown tool back as a JSON-RPC error in the service words', async () => {
    await expect(client.callTool({ name: 'mcp-rev-missing', arguments: {} })).rejects.toThrow(
      /ISSUE: There is no tool named "mcp-rev-missing"/,
    );
  });

  it('narrows the tools by ?tag=, and reads a bad filter as a JSON-RPC error, not a REST envelope', async () => {
    const tagged = await connect(revision, { query: '?tag=mcprev' });
    expect((await tagged.listTools()).tools.map((t) => t.name)).toEqual([
      'search_collection',
      'ask_collection',
      'fnq_deploy_function',
      'fnq_upload_document',
      'mcp-rev-lookup',
    ]);
    await tagged.close();
    // The connection opens whatever the filter; listing the tools reports what is wrong with it.
    const misfiltered = await connect(revision, { query: '?tag=Not%20A%20Tag' });
    await expect(misfiltered.listTools()).rejects.toThrow(/ISSUE: The query parameter \/query\/tag must match pattern/);
    await misfiltered.close();
  });

  it('shows a refused token as such: 401, invalid_token, the reason in the message', async () => {
    const forged = `${token.slice(0, -4)}AAAA`;
    const failure = await connect(revision, { bearer: forged }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    // The SDK reports HTTP 401 with our JSON-RPC error as the body: no OAuth attempt, the reason readable.
    const data = (failure as Error & { data?: { status?: number; text?: string } }).data;
    expect(data?.status).toBe(401);
    expect(`${String(failure)} ${data?.text ?? ''}`).toMatch(/ISSUE: The access token is not valid/);
    const direct = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${forged}`, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(direct.status).toBe(401);
    expect(direct.headers.get('www-authenticate')).toMatch(/^Bearer realm="fnquery", error="invalid_token"/);
  });
});
