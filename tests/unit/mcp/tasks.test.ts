// Deploys and uploads as MCP tasks, through the real middleware and the REST routes' own service
// code (submitDeployment, acceptUpload, the build worker's runDeployment) over in-memory stores:
// how a record maps to a task in each revision, and that a task id answers only its own account.
import { describe, expect, it } from 'vitest';
import { runDeployment } from '../../../lib/functions/build/deployments';
import { writeBundle } from '../../../lib/functions/bundle';
import { createLogger } from '../../../lib/log';
import { jobOf, taskIdOf } from '../../../lib/mcp/tasks';
import { testToken } from '../../support/http-deps';
import { jsonObject, specFor } from '../functions/support';
import { call, setup } from './support';

const MODERN = '2026-07-28';
const TASKS = 'io.modelcontextprotocol/tasks';

const text = new TextEncoder();
const spec = specFor({
  shortname: 'greeter',
  requirements: { requestType: 'GET', outputType: 'JSON', outputSchema: jsonObject({}, []) },
  files: {},
});
const bundleBase64 = () =>
  Buffer.from(
    writeBundle(
      new Map([
        ['spec.json', text.encode(JSON.stringify(spec))],
        ['index.js', text.encode('exports.handler = async () => ({});')],
      ]),
    ),
  ).toString('base64');

type Body = Record<string, unknown> & {
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data: Record<string, unknown> };
};

async function tasksSetup() {
  const s = await setup();
  let id = 500;
  /** A 2025-11-25 request (after the handshake). */
  const legacy = async (method: string, params: Record<string, unknown>, token = s.token) =>
    (
      await call(s.handler, {
        method: 'POST',
        path: '/mcp',
        token,
        headers: { accept: 'application/json', 'mcp-protocol-version': '2025-11-25' },
        body: { jsonrpc: '2.0', id: ++id, method, params },
      })
    ).body as Body;
  /** A 2026-07-28 request with its routing headers; `tasks` says whether it declares the Tasks extension. */
  const modern = async (
    method: string,
    params: Record<string, unknown>,
    opts: { tasks?: boolean; token?: string } = {},
  ) => {
    const named = (params.name ?? params.taskId) as string | undefined;
    const res = await call(s.handler, {
      method: 'POST',
      path: '/mcp',
      token: opts.token ?? s.token,
      headers: {
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN,
        'mcp-method': method,
        ...(named !== undefined && { 'mcp-name': named }),
      },
      body: {
        jsonrpc: '2.0',
        id: ++id,
        method,
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MODERN,
            'io.modelcontextprotocol/clientCapabilities': opts.tasks === false ? {} : { extensions: { [TASKS]: {} } },
          },
          ...params,
        },
      },
    });
    return { status: res.status, ...(res.body as Body) };
  };
  /** The build worker's step, as the queue would deliver it. */
  const build = async () => {
    const log = createLogger({ sink: () => undefined });
    for (const m of s.builds.splice(0)) {
      await runDeployment(
        { registry: s.registry, blobs: s.blobs, invoker: s.invoker, deployments: s.deployments, log },
        m.deploymentId,
      );
    }
  };
  /** Settles an upload as the embed worker would. */
  const embed = async (uploadId: string, change: Record<string, unknown>) => {
    const record = (await s.statuses.get('alice', uploadId))!;
    await s.statuses.put({ ...record, ...change });
  };
  return { ...s, legacy, modern, build, embed };
}

describe('task ids', () => {
  it('name the record kind and id, and nothing else parses', () => {
    const id = taskIdOf({ kind: 'deployment', id: 'c0ffee' });
    expect(id).toBe('deployment.c0ffee');
    expect(jobOf(id)).toEqual({ kind: 'deployment', id: 'c0ffee' });
    expect(jobOf('upload.u-1')).toEqual({ kind: 'upload', id: 'u-1' });
    for (const bad of ['c0ffee', 'function.x', 'deployment.', '.x', `upload.${'x'.repeat(200)}`])
      expect(jobOf(bad)).toBeUndefined();
  });
});

describe('job tools in tools/list', () => {
  it('are listed as not read-only and not idempotent, with optional task support', async () => {
    const { legacy } = await tasksSetup();
    const { tools } = (await legacy('tools/list', {})).result as { tools: Record<string, unknown>[] };
    for (const name of ['fnq_deploy_function', 'fnq_upload_document']) {
      const tool = tools.find((t) => t.name === name)!;
      expect(tool.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
      expect(tool.execution).toEqual({ taskSupport: 'optional' });
    }
  });
});

describe('MCP 2025-11-25 tasks', () => {
  it('are advertised by initialize for 2025-11-25 only', async () => {
    const { rpc } = await tasksSetup();
    const init = async (protocolVersion: string) =>
      (
        (await rpc('initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } }))
          .body as Body
      ).result!.capabilities;
    expect(await init('2025-11-25')).toMatchObject({ tasks: { requests: { tools: { call: {} } } } });
    expect(await init('2025-06-18')).not.toHaveProperty('tasks');
  });

  it('follow a deploy from working to completed, with the result from tasks/result', async () => {
    const { legacy, build, builds } = await tasksSetup();
    const created = await legacy('tools/call', {
      name: 'fnq_deploy_function',
      arguments: { bundle_base64: bundleBase64() },
      task: { ttl: 60_000 },
    });
    const task = created.result!.task as Record<string, unknown>;
    expect(task).toMatchObject({ status: 'working', ttl: null, pollInterval: 2000 });
    expect(task.taskId).toMatch(/^deployment\./);
    expect(builds).toHaveLength(1);
    expect(`deployment.${builds[0]!.deploymentId}`).toBe(task.taskId);

    const waiting = await legacy('tasks/get', { taskId: task.taskId });
    expect(waiting.result).toMatchObject({ taskId: task.taskId, status: 'working' });
    expect(waiting.result!.statusMessage).toContain('greeter v1');
    // Not ended yet: tasks/result waits its (test-sized) while, then says to keep polling.
    const early = await legacy('tasks/result', { taskId: task.taskId });
    expect(early.error?.code).toBe(-32602);
    expect(early.error?.message).toContain('still working');

    await build();
    const done = await legacy('tasks/get', { taskId: task.taskId });
    expect(done.result).toMatchObject({ status: 'completed' });
    const result = (await legacy('tasks/result', { taskId: task.taskId })).result!;
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ shortname: 'greeter', version: 1, status: 'ready' });
    expect(result._meta).toEqual({ 'io.modelcontextprotocol/related-task': { taskId: task.taskId } });
  });

  it('refuse a task of a tool without task support, running nothing', async () => {
    const { legacy, invoker } = await tasksSetup();
    const res = await legacy('tools/call', {
      name: 'weather',
      arguments: { query: { units: 'metric' }, body: { city: 'Oslo' } },
      task: {},
    });
    expect(res.error).toMatchObject({ code: -32601, message: expect.stringContaining('does not run as a task') });
    expect(invoker.requests).toHaveLength(0);
  });

  it('answer a call without a task parameter with the record and where to poll it', async () => {
    const { legacy } = await tasksSetup();
    const res = await legacy('tools/call', {
      name: 'fnq_deploy_function',
      arguments: { bundle_base64: bundleBase64() },
    });
    const result = res.result as { content: { text: string }[]; structuredContent: Record<string, unknown> };
    expect(result.structuredContent).toMatchObject({ status: 'queued', shortname: 'greeter' });
    expect(result.content[0]!.text).toContain(`GET /function-service/v1/deployments/${result.structuredContent.id}`);
  });
});

describe('MCP 2026-07-28 Tasks extension', () => {
  it('is listed by server/discover', async () => {
    const { modern } = await tasksSetup();
    const res = await modern('server/discover', {});
    expect(res.result!.capabilities).toMatchObject({ extensions: { [TASKS]: {} } });
  });

  it('follows an upload from working to completed, the result inline', async () => {
    const { modern, embed, uploads } = await tasksSetup();
    const created = await modern('tools/call', {
      name: 'fnq_upload_document',
      arguments: { collection_name: 'notes', filename: 'tide.md', text: '# Tides\n\nTwo a day, roughly.' },
    });
    expect(created.result).toMatchObject({ resultType: 'task', status: 'working', ttlMs: null, pollIntervalMs: 2000 });
    const taskId = created.result!.taskId as string;
    expect(taskId).toBe(`upload.${uploads.sent[0]!.uploadId}`);
    expect(created.result).not.toHaveProperty('result');

    const working = await modern('tasks/get', { taskId });
    expect(working.result).toMatchObject({ resultType: 'complete', status: 'working' });
    expect(working.result!.statusMessage).toContain('tide.md');

    const uploadId = uploads.sent[0]!.uploadId;
    await embed(uploadId, { state: 'processing', totalChunks: 4, embeddedChunks: 1 });
    expect((await modern('tasks/get', { taskId })).result!.statusMessage).toBe('tide.md: 1 of 4 chunks embedded');

    await embed(uploadId, { state: 'completed', totalChunks: 4, embeddedChunks: 4, completedAt: Date.now() });
    const done = await modern('tasks/get', { taskId });
    expect(done.result).toMatchObject({
      status: 'completed',
      result: { structuredContent: { upload_id: uploadId, status: 'completed', embedded_chunks: 4 } },
    });
  });

  it('reports a failed upload as a completed task with a tool error', async () => {
    const { modern, embed, uploads } = await tasksSetup();
    const created = await modern('tools/call', {
      name: 'fnq_upload_document',
      arguments: {
        collection_name: 'notes',
        filename: 'a.txt',
        content_base64: Buffer.from('hello').toString('base64'),
      },
    });
    const error = 'ISSUE: The file has no text. ADVICE: Upload a file with text.';
    await embed(uploads.sent[0]!.uploadId, { state: 'failed', error, completedAt: Date.now() });
    const done = await modern('tasks/get', { taskId: created.result!.taskId });
    expect(done.result).toMatchObject({ status: 'completed', result: { isError: true, content: [{ text: error }] } });
  });

  it('gives clients without the extension a plain result, and refuses them tasks/get', async () => {
    const { modern } = await tasksSetup();
    const res = await modern(
      'tools/call',
      { name: 'fnq_upload_document', arguments: { collection_name: 'notes', filename: 'b.md', text: 'b' } },
      { tasks: false },
    );
    expect(res.result).toMatchObject({ resultType: 'complete', structuredContent: { status: 'queued' } });
    const id = (res.result!.structuredContent as { upload_id: string }).upload_id;
    const refused = await modern('tasks/get', { taskId: `upload.${id}` }, { tasks: false });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { [TASKS]: {} } } },
    });
  });

  it('requires Mcp-Name to repeat the task id', async () => {
    const { handler, token } = await tasksSetup();
    const res = await call(handler, {
      method: 'POST',
      path: '/mcp',
      token,
      headers: { 'mcp-protocol-version': MODERN, 'mcp-method': 'tasks/get', 'mcp-name': 'upload.other' },
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tasks/get',
        params: {
          taskId: 'upload.mine',
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MODERN,
            'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS]: {} } },
          },
        },
      },
    });
    expect(res.status).toBe(400);
    expect((res.body as Body).error?.code).toBe(-32020);
  });

  it('acknowledges tasks/cancel and tasks/update of an own task only', async () => {
    const { modern } = await tasksSetup();
    const created = await modern('tools/call', {
      name: 'fnq_upload_document',
      arguments: { collection_name: 'notes', filename: 'c.md', text: 'c' },
    });
    const taskId = created.result!.taskId as string;
    expect((await modern('tasks/cancel', { taskId })).result).toMatchObject({ resultType: 'complete' });
    expect((await modern('tasks/update', { taskId, inputResponses: {} })).result).toMatchObject({
      resultType: 'complete',
    });
    const bob = await testToken('bob');
    expect((await modern('tasks/cancel', { taskId }, { token: bob })).error?.code).toBe(-32602);
  });
});

describe('account scoping', () => {
  it("answers another account's task id, and made-up ones, as a task that does not exist", async () => {
    const { legacy, modern } = await tasksSetup();
    const deploy = await legacy('tools/call', {
      name: 'fnq_deploy_function',
      arguments: { bundle_base64: bundleBase64() },
      task: {},
    });
    const upload = await modern('tools/call', {
      name: 'fnq_upload_document',
      arguments: { collection_name: 'notes', filename: 'd.md', text: 'd' },
    });
    const ids = [(deploy.result!.task as { taskId: string }).taskId, upload.result!.taskId as string];
    const bob = await testToken('bob');
    for (const taskId of ids) {
      for (const res of [
        await legacy('tasks/get', { taskId }, bob),
        await legacy('tasks/result', { taskId }, bob),
        await modern('tasks/get', { taskId }, { token: bob }),
      ]) {
        expect(res.error?.code).toBe(-32602);
        expect(res.error?.message).toContain(`There is no task "${taskId}"`);
        expect(JSON.stringify(res)).not.toContain('greeter');
      }
      // The owner still reads it.
      expect((await legacy('tasks/get', { taskId })).result).toMatchObject({ taskId });
    }
    for (const taskId of ['deployment.00000000-0000-0000-0000-000000000000', 'nonsense', 42])
      expect((await legacy('tasks/get', { taskId })).error?.code).toBe(-32602);
  });
});

describe('job tool arguments', () => {
  it('are checked first, and a bundle that does not check is a tool error', async () => {
    const { legacy, builds } = await tasksSetup();
    const both = await legacy('tools/call', {
      name: 'fnq_upload_document',
      arguments: { collection_name: 'notes', filename: 'e.md', text: 'e', content_base64: 'ZQ==' },
    });
    expect(both.result).toMatchObject({ isError: true });
    const notBase64 = await legacy('tools/call', { name: 'fnq_deploy_function', arguments: { bundle_base64: '!!' } });
    expect((notBase64.result!.content as { text: string }[])[0]!.text).toContain('bundle_base64 is not base64');
    const notZip = await legacy('tools/call', {
      name: 'fnq_deploy_function',
      arguments: { bundle_base64: Buffer.from('not a zip').toString('base64') },
      task: {},
    });
    expect(notZip.result).toMatchObject({ isError: true });
    expect(notZip.result).not.toHaveProperty('task');
    expect(builds).toHaveLength(0);
  });

  it('bound files by what one MCP message carries, pointing larger ones to the CLI', async () => {
    const { legacy, rpc } = await tasksSetup();
    // Just over the tool's bound, yet the message is still under 1 MiB: the tool's own check answers.
    const edge = Buffer.alloc(783_000, 1).toString('base64');
    const res = await legacy('tools/call', { name: 'fnq_deploy_function', arguments: { bundle_base64: edge } });
    expect(res.result).toMatchObject({ isError: true });
    expect((res.result!.content as { text: string }[])[0]!.text).toMatch(/larger than the limit.*fnq deploy/s);
    // A message over 1 MiB is refused before any tool runs.
    const over = await rpc('tools/call', {
      name: 'fnq_upload_document',
      arguments: { collection_name: 'n', filename: 'big.txt', text: 'x'.repeat(1_100_000) },
    });
    expect(over.status).toBe(413);
    expect((over.body as Body).error?.code).toBe(-32600);
  });
});
