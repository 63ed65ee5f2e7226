// The official MCP TypeScript SDK client against POST /mcp of the local stack: it connects with a
// Bearer token, lists the tools, calls a hosted function with bad and good arguments (its own
// validator checks structuredContent against outputSchema), and searches an uploaded collection.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createAjv } from '../../lib/json-schema';
import { issueToken } from '../../lib/http/token';
import { FnqClient } from '../../sdk/index';
import { bundleOf, functionDir, jsonObject } from '../unit/functions/support';

const url = inject('stackUrl');
const secret = inject('stackSecret');

const FORECAST = {
  shortname: 'mcp-forecast',
  requirements: {
    requestType: 'POST',
    queryParams: [{ name: 'units', required: true, description: 'metric or imperial', exampleData: 'units=metric' }],
    inputType: 'JSON',
    inputSchema: jsonObject({ city: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 7 } }, [
      'city',
      'days',
    ]),
    outputType: 'JSON',
    outputSchema: jsonObject({ city: { type: 'string' }, days: { type: 'integer' }, units: { type: 'string' } }, [
      'city',
      'days',
      'units',
    ]),
  },
  files: {
    'index.js': `exports.handler = async (req) => ({ city: req.body.city, days: req.body.days, units: req.query.units });`,
  },
};

let fnq: FnqClient;
let client: Client;

beforeAll(async () => {
  const token = await issueToken({ secret, account: 'mcp-user', level: 'pro', ttlSeconds: 3600 });
  fnq = new FnqClient({ url, token });
  await fnq.functions.deployAndWait(await bundleOf(await functionDir(FORECAST)), { pollMs: 200 });
  await fnq.uploads.uploadAndWait(
    'mcp-docs',
    'trains.md',
    new TextEncoder().encode('# Trains\n\nThe night train to Vienna leaves at 21:40 from platform 7.'),
    { intervalMs: 200 },
  );
  client = new Client({ name: 'fnquery-e2e', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
});

afterAll(async () => {
  await client?.close();
  await fnq.functions.delete('mcp-forecast').catch(() => undefined);
  await fnq.collections.delete('mcp-docs').catch(() => undefined);
});

describe('the official MCP client against the local stack', () => {
  it('negotiates a current protocol revision and lists the functions and collection tools', async () => {
    expect(client.getServerVersion()?.name).toBe('fnquery');
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['search_collection', 'ask_collection', 'mcp-forecast']));
    const forecast = tools.find((t) => t.name === 'mcp-forecast')!;
    expect(forecast.outputSchema).toMatchObject({ type: 'object', required: ['city', 'days', 'units'] });
  });

  it('gets every violation of bad arguments back as a tool error', async () => {
    const result = await client.callTool({
      name: 'mcp-forecast',
      arguments: { query: {}, body: { city: 7, days: 30 } },
    });
    expect(result.isError).toBe(true);
    const text = (result.content as { type: string; text: string }[])[0]!.text;
    for (const pointer of ['/query/units', '/body/city', '/body/days']) expect(text).toContain(pointer);
  });

  it("gets structured content that validates against the tool's outputSchema", async () => {
    await client.listTools();
    const result = await client.callTool({
      name: 'mcp-forecast',
      arguments: { query: { units: 'metric' }, body: { city: 'Vienna', days: 3 } },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ city: 'Vienna', days: 3, units: 'metric' });
    // The client already checked it; check again with the service's own 2020-12 validator.
    const { tools } = await client.listTools();
    const validate = createAjv().compile(tools.find((t) => t.name === 'mcp-forecast')!.outputSchema!);
    expect(validate(result.structuredContent)).toBe(true);
  });

  it('searches an uploaded collection through search_collection', async () => {
    const result = await client.callTool({
      name: 'search_collection',
      arguments: { collection: 'mcp-docs', query: 'When does the night train to Vienna leave?', limit: 3 },
    });
    expect(result.isError).toBeFalsy();
    const { chunks } = result.structuredContent as { chunks: { text: string; score: number; source: string }[] };
    expect(chunks[0]!.text).toMatch(/21:40 from platform 7/);
    expect(chunks[0]!.source).toMatch(/trains\.md/);
    expect(typeof chunks[0]!.score).toBe('number');
  });

  it('is refused without a token', async () => {
    const anonymous = new Client({ name: 'anonymous', version: '1.0.0' });
    await expect(anonymous.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)))).rejects.toThrow(
      /token_missing.*ISSUE: The svcwt header is missing/,
    );
  });
});
