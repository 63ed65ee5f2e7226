// Deploys and uploads as MCP tasks against the local stack (real build worker, real embed worker).
// 2025-11-25: the official SDK v2 client (@modelcontextprotocol/client) sends the task-augmented
// tools/call, tasks/get and tasks/result, and its own spec schemas check every answer. 2026-07-28:
// the same client reads the Tasks extension from server/discover, but its 2.4.0 has no runtime for
// the extension (it refuses tasks/get in that era before sending), so the task calls are plain
// POSTs with the revision's headers, their results checked with the SDK's CallToolResult schema.
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, specTypeSchemas, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { issueToken } from '../../lib/http/token';
import { FnqClient } from '../../sdk/index';
import { bundleOf } from '../unit/functions/support';

const url = inject('stackUrl');
const secret = inject('stackSecret');

const MODERN = '2026-07-28';
const TASKS = 'io.modelcontextprotocol/tasks';
const DEADLINE_MS = 240_000;

let token: string;
let fnq: FnqClient;
let bundleBase64: string;

/** The Node example function under a name of this test's own (other tests deploy the example itself). */
async function exampleBundle(shortname: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fnq-mcp-task-'));
  const spec = JSON.parse(await readFile('examples/functions/node/spec.json', 'utf8')) as Record<string, unknown>;
  await writeFile(join(dir, 'spec.json'), JSON.stringify({ ...spec, shortname, tags: ['mcptask'] }));
  await copyFile('examples/functions/node/index.mjs', join(dir, 'index.mjs'));
  return Buffer.from(await bundleOf(dir)).toString('base64');
}

const check = <T>(schema: { '~standard': { validate(v: unknown): unknown } }, value: unknown): T => {
  const out = schema['~standard'].validate(value) as { issues?: unknown[]; value?: T };
  expect(out.issues).toBeUndefined();
  return out.value as T;
};

/** Polls with a deadline until `done` holds for what `read` returns. */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, pollMs: number): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

beforeAll(async () => {
  token = await issueToken({ secret, account: 'mcp-task-user', level: 'pro', ttlSeconds: 3600 });
  fnq = new FnqClient({ url, token });
});

afterAll(async () => {
  for (const name of ['mcp-task-legacy', 'mcp-task-modern']) await fnq.functions.delete(name).catch(() => undefined);
});

describe('2025-11-25 tasks with the official SDK v2 client', () => {
  let client: Client;
  beforeAll(async () => {
    bundleBase64 = await exampleBundle('mcp-task-legacy');
    client = new Client({ name: 'fnquery-e2e-tasks', version: '1.0.0' }, { supportedProtocolVersions: ['2025-11-25'] });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
  });
  afterAll(async () => {
    await client?.close();
  });

  it('advertises task-augmented tools/call, and marks the job tools', async () => {
    expect(client.getServerCapabilities()).toMatchObject({ tasks: { requests: { tools: { call: {} } } } });
    const { tools } = await client.listTools();
    const deploy = tools.find((t) => t.name === 'fnq_deploy_function');
    expect(deploy?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    expect(deploy?.execution).toEqual({ taskSupport: 'optional' });
  });

  it('deploys the Node example as a task, follows it to completed, then calls the function', async () => {
    const created = await client.request(
      {
        method: 'tools/call',
        params: { name: 'fnq_deploy_function', arguments: { bundle_base64: bundleBase64 }, task: { ttl: 600_000 } },
      },
      specTypeSchemas.CreateTaskResult,
    );
    const { taskId } = created.task;
    expect(created.task.status).toBe('working');
    const seen = new Set<string>();
    const final = await until(
      async () => {
        const t = await client.request({ method: 'tasks/get', params: { taskId } }, specTypeSchemas.GetTaskResult);
        if (t.statusMessage) seen.add(t.statusMessage);
        return t;
      },
      (t) => t.status !== 'working',
      created.task.pollInterval ?? 1000,
    );
    expect(final.status).toBe('completed');
    expect([...seen].some((m) => m.startsWith('mcp-task-legacy v1'))).toBe(true);
    const result = await client.request({ method: 'tasks/result', params: { taskId } }, specTypeSchemas.CallToolResult);
    expect(result.isError).not.toBe(true);
    expect(result.structuredContent).toMatchObject({ shortname: 'mcp-task-legacy', status: 'ready' });

    const answer = await client.callTool({
      name: 'mcp-task-legacy',
      arguments: { query: { greeting: 'Hi' }, body: { name: 'Grace' } },
    });
    expect(answer.structuredContent).toEqual({ message: 'Hi, Grace!' });
  });

  it("keeps a task to its account: another token's tasks/get is an invalid-params error", async () => {
    const created = await client.request(
      {
        method: 'tools/call',
        params: {
          name: 'fnq_upload_document',
          arguments: { collection_name: 'mcp-tasks', filename: 'owls.md', text: '# Owls\n\nOwls hunt at night.' },
          task: {},
        },
      },
      specTypeSchemas.CreateTaskResult,
    );
    const other = await issueToken({ secret, account: 'mcp-task-other', level: 'pro', ttlSeconds: 600 });
    const res = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'mcp-protocol-version': '2025-11-25',
        authorization: `Bearer ${other}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { taskId: created.task.taskId } }),
    });
    const body = (await res.json()) as { error?: { code: number; message: string } };
    expect(body.error?.code).toBe(-32602);
    expect(body.error?.message).toContain('There is no task');
  });
});

describe('2026-07-28 Tasks extension', () => {
  let id = 0;
  /** One request as a 2026-07-28 client with the Tasks extension sends it. */
  async function send(method: string, params: Record<string, unknown>) {
    const name = (params.name ?? params.taskId) as string | undefined;
    const res = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token}`,
        'mcp-protocol-version': MODERN,
        'mcp-method': method,
        ...(name && { 'mcp-name': name }),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: ++id,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MODERN,
            'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS]: {} } },
          },
        },
      }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { result: Record<string, unknown> }).result;
  }

  it('is listed in the capabilities the SDK client reads from server/discover', async () => {
    const client = new Client(
      { name: 'fnquery-e2e-tasks', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: MODERN } } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    expect(client.getServerCapabilities()).toMatchObject({ extensions: { [TASKS]: {} } });
    await client.close();
  });

  it('follows an upload to completed, the tool result inline, and the document is searchable', async () => {
    const created = await send('tools/call', {
      name: 'fnq_upload_document',
      arguments: {
        collection_name: 'mcp-tasks-modern',
        filename: 'kettle.md',
        text: '# Kettle\n\nDescale the kettle every month with citric acid.',
      },
    });
    expect(created).toMatchObject({ resultType: 'task', status: 'working' });
    const final = await until(
      () => send('tasks/get', { taskId: created.taskId }),
      (t) => t.status !== 'working',
      created.pollIntervalMs as number,
    );
    expect(final).toMatchObject({ resultType: 'complete', status: 'completed' });
    const result = check<{ isError?: boolean; structuredContent?: Record<string, unknown> }>(
      specTypeSchemas.CallToolResult,
      final.result,
    );
    expect(result.isError).not.toBe(true);
    expect(result.structuredContent).toMatchObject({ status: 'completed', collection_name: 'mcp-tasks-modern' });

    const search = await send('tools/call', {
      name: 'search_collection',
      arguments: { collection: 'mcp-tasks-modern', query: 'descale citric acid' },
    });
    expect(JSON.stringify(search.structuredContent)).toContain('citric acid');
  });

  it('deploys the Node example as a task and follows it to completed', async () => {
    const created = await send('tools/call', {
      name: 'fnq_deploy_function',
      arguments: { bundle_base64: await exampleBundle('mcp-task-modern') },
    });
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: null });
    const final = await until(
      () => send('tasks/get', { taskId: created.taskId }),
      (t) => t.status !== 'working',
      created.pollIntervalMs as number,
    );
    expect(final).toMatchObject({ status: 'completed', result: { structuredContent: { status: 'ready' } } });
    const answer = await send('tools/call', { name: 'mcp-task-modern', arguments: { body: { name: 'Alan' } } });
    expect(answer.structuredContent).toEqual({ message: 'Hello, Alan!' });
  });
});
