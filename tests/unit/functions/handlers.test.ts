// The function routes through the real middleware stack, with an in-memory registry and a scripted
// invoker (the real runtimes are tested in tests/integration/functions and tests/e2e).
import { describe, expect, it } from 'vitest';

import { createDeployHandler } from '../../../handlers/http/functions-deploy';
import { createExistsHandler } from '../../../handlers/http/functions-exists';
import { createLogsHandler } from '../../../handlers/http/functions-logs';
import { createInvokeHandler } from '../../../handlers/http/invoke';
import { writeBundle } from '../../../lib/functions/bundle';
import { BlobDeploymentStore } from '../../../lib/functions/build/blob-deployment-store';
import type { FunctionInvoker, FunctionLogLine, FunctionRecord, FunctionRequest } from '../../../lib/functions/ports';
import { validateSpec } from '../../../lib/spec/index';
import { call } from '../../support/api-event';
import { testDeps, testToken } from '../../support/http-deps';
import { MemoryBlobStore } from '../../support/memory-ingest-stores';
import { jsonObject, MemoryFunctionRegistry, recordOf, specFor, type FunctionFixture } from './support';

class ScriptedInvoker implements FunctionInvoker {
  async build() {}
  requests: FunctionRequest[] = [];
  constructor(private readonly answer: (r: FunctionRequest) => unknown) {}
  async deploy() {}
  async remove() {}
  /** Like the Lambda invoker: its functions' output is elsewhere. */
  async logs(): Promise<undefined> {
    return undefined;
  }
  async invoke(_fn: FunctionRecord, request: FunctionRequest) {
    this.requests.push(request);
    return { body: this.answer(request) };
  }
}

async function route(
  f: Omit<FunctionFixture, 'files'>,
  answer: (r: FunctionRequest) => unknown,
  outputCheck: 'header' | 'reject' = 'header',
) {
  const registry = new MemoryFunctionRegistry();
  const spec = validateSpec(specFor({ ...f, files: {} })).spec!;
  await registry.register(recordOf(spec), undefined);
  const invoker = new ScriptedInvoker(answer);
  const http = testDeps();
  const handler = createInvokeHandler({
    http: http.deps,
    invoke: { registry, invoker, settings: { timeoutMs: 1000, outputCheck } },
  });
  const send = async (input: Parameters<typeof call>[1]) =>
    call(handler, {
      path: `/functions/v1/${spec.shortname}`,
      pathParams: { shortname: spec.shortname },
      token: await testToken('caller'),
      ...input,
    });
  return { send, invoker, lines: http.lines };
}

const JSON_OUT = {
  requestType: 'POST',
  inputType: 'JSON',
  inputSchema: jsonObject({ n: { type: 'integer' } }, ['n']),
  outputType: 'JSON',
  outputSchema: jsonObject({ n: { type: 'integer' } }, ['n']),
};

describe('invoking through the handler', () => {
  it('returns exactly what the function returned, without adding a spanId to it', async () => {
    const { send, invoker } = await route({ shortname: 'double', requirements: JSON_OUT }, (r) => ({
      n: (r.body as { n: number }).n * 2,
    }));
    const res = await send({ method: 'POST', body: { n: 21 }, headers: { 'x-trace': 't1' } });
    expect(res.status).toBe(200);
    expect(JSON.parse(Buffer.from(res.raw.body!, 'base64').toString())).toEqual({ n: 42 });
    expect(res.headers['x-span-id']).toBeTruthy();
    // The caller's token is not handed to user code; other headers are.
    expect(invoker.requests[0]!.headers).toMatchObject({ 'x-trace': 't1' });
    expect(invoker.requests[0]!.headers.svcwt).toBeUndefined();
  });

  it('answers 502 for an output that fails outputSchema when the check is set to reject', async () => {
    const { send } = await route({ shortname: 'liar', requirements: JSON_OUT }, () => ({ n: 'many' }), 'reject');
    const res = await send({ method: 'POST', body: { n: 1 } });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error: 'function_bad_output' });
  });

  it("keeps the caller's body and the function's keys out of the log and the mismatch header", async () => {
    const CARD = '4111111111111111';
    const STRICT = { ...JSON_OUT, outputSchema: { ...JSON_OUT.outputSchema, additionalProperties: false } };
    // The function echoes the caller's data as keys: CR/LF and text outside Latin-1 included.
    const echo = (r: FunctionRequest) => ({
      n: 1,
      [`${(r.body as { card: string }).card}\r\nset-cookie: a=b`]: 1,
      'ключ€': 2,
    });
    const body = { n: 1, card: CARD };
    const header = await route({ shortname: 'echo', requirements: STRICT }, echo);
    const warned = await header.send({ method: 'POST', body });
    expect(warned.status).toBe(200);
    expect(warned.headers['x-fnq-output-invalid']).toBe('#/additionalProperties additionalProperties');
    expect(header.lines.join('\n')).toContain('function output does not match outputSchema');
    const reject = await route({ shortname: 'echo', requirements: STRICT }, echo, 'reject');
    const refused = await reject.send({ method: 'POST', body });
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ error: 'function_bad_output' });
    for (const text of [
      ...header.lines,
      ...reject.lines,
      JSON.stringify(refused.body),
      JSON.stringify(warned.headers),
    ]) {
      expect(text).not.toContain(CARD);
      expect(text).not.toContain('ключ');
    }
  });

  it('answers 502 when a FILE function returns something that is not a file', async () => {
    const { send } = await route(
      {
        shortname: 'nofile',
        requirements: { requestType: 'GET', outputType: 'FILE', outputSchema: { extensions: ['pdf'] } },
      },
      () => 'just text',
    );
    expect((await send({ method: 'GET' })).body).toMatchObject({ error: 'function_bad_output' });
  });

  it('answers a 502 envelope, never a bare 500, for a FILE reply whose header text or size breaks the contract', async () => {
    const FILE_OUT = { requestType: 'GET', outputType: 'FILE', outputSchema: { extensions: ['csv'] } };
    const data = Buffer.from('a,b\n').toString('base64');
    const replies = [
      { filename: 'r.csv', contentType: 'text/csv\r\nset-cookie: svcwt=stolen', data },
      { filename: 'r.csv', contentType: 'text/csv\nx: y', data },
      { filename: 'r.csv', contentType: 'not a media type', data },
      { filename: 'r.csv', contentType: `text/${'x'.repeat(300)}`, data },
      { filename: 'r\r\n.csv', data },
      { filename: 'r.csv', contentType: 'text/csv', data: 'not base64 at all!' },
      { filename: 'r.csv', contentType: 'text/csv', data: Buffer.alloc(6 * 1024 * 1024 + 1).toString('base64') },
    ];
    for (const reply of replies) {
      const { send } = await route({ shortname: 'badfile', requirements: FILE_OUT }, () => reply);
      const res = await send({ method: 'GET' });
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ error: 'function_bad_output' });
      expect((res.body.messages as string[])[0]).toMatch(
        /^ISSUE: Function badfile returned an invalid response: .+ ADVICE: /,
      );
      expect(JSON.stringify(res.headers)).not.toContain('stolen');
    }
  });

  it('serves a valid FILE reply with its media type, as an attachment the browser must not sniff', async () => {
    const { send } = await route(
      {
        shortname: 'goodfile',
        requirements: { requestType: 'GET', outputType: 'FILE', outputSchema: { extensions: ['csv'] } },
      },
      () => ({
        filename: 'r.csv',
        contentType: 'text/csv; charset="utf-8"',
        data: Buffer.from('a,b\n').toString('base64'),
      }),
    );
    const res = await send({ method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'text/csv; charset="utf-8"',
      'x-content-type-options': 'nosniff',
    });
  });

  it('answers 502 for a JSON reply larger than the response limit', async () => {
    const { send } = await route({ shortname: 'huge', requirements: JSON_OUT }, () => ({
      n: 1,
      pad: 'x'.repeat(6 * 1024 * 1024),
    }));
    const res = await send({ method: 'POST', body: { n: 1 } });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ error: 'function_bad_output' });
  });

  it('refuses a body sent to a function that takes none, and an unknown function', async () => {
    const { send, invoker } = await route({ shortname: 'ping', requirements: { requestType: 'DELETE' } }, () => null);
    const res = await send({ method: 'DELETE', body: { x: 1 } });
    expect(res.status).toBe(400);
    expect((res.body.messages as string[])[0]).toMatch(/^ISSUE: \/body: The function takes no request body/);
    expect(invoker.requests).toHaveLength(0);
    expect((await send({ method: 'DELETE', pathParams: { shortname: 'nope' } })).status).toBe(404);
    expect((await send({ method: 'DELETE' })).status).toBe(204);
  });

  it('needs a token like every route', async () => {
    const { send } = await route({ shortname: 'ping', requirements: { requestType: 'GET' } }, () => null);
    expect((await send({ method: 'GET', token: '' })).status).toBe(401);
  });
});

describe('the management handlers', () => {
  it('refuses a deploy body that is not sent as a zip with 415', async () => {
    const handler = createDeployHandler({
      http: testDeps().deps,
      submit: {
        registry: new MemoryFunctionRegistry(),
        blobs: new MemoryBlobStore(),
        deployments: new BlobDeploymentStore(new MemoryBlobStore()),
        queue: { send: async () => undefined },
      },
    });
    const bundle = writeBundle(new Map([['spec.json', new TextEncoder().encode('{}')]]));
    const res = await call(handler, {
      method: 'POST',
      path: '/function-service/v1/functions',
      body: { bundle: 'x' },
      token: await testToken(),
    });
    expect(res.status).toBe(415);
    const invalid = await call(handler, {
      method: 'POST',
      path: '/function-service/v1/functions',
      body: Buffer.from(bundle),
      headers: { 'content-type': 'application/zip' },
      token: await testToken(),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('spec_invalid');
  });

  it('answers whether a shortname exists, ignoring case', async () => {
    const registry = new MemoryFunctionRegistry();
    const spec = validateSpec(specFor({ shortname: 'Taken', files: {} })).spec!;
    await registry.register(
      {
        shortname: 'Taken',
        owner: 'o',
        version: 1,
        runtime: spec.runtime,
        spec,
        codeKey: 'k',
        codeBytes: 1,
        codeSha256: 'x',
        createdAt: 1,
        updatedAt: 1,
      },
      undefined,
    );
    const handler = createExistsHandler({ http: testDeps().deps, registry });
    const ask = async (shortname: string) =>
      (
        await call(handler, {
          path: `/function-service/v1/shortnames/${shortname}`,
          pathParams: { shortname },
          token: await testToken(),
        })
      ).body;
    expect(await ask('taken')).toMatchObject({ shortname: 'taken', exists: true });
    expect(await ask('free')).toMatchObject({ shortname: 'free', exists: false });
    // An empty path segment (serverless offline routes it) or a name no function can have: a 400.
    expect(await ask('')).toMatchObject({ error: 'invalid_shortname' });
    expect(await ask('-dash')).toMatchObject({ error: 'invalid_shortname' });
  });

  it("shows a function's output to its owner only, within the asked limit", async () => {
    const registry = new MemoryFunctionRegistry();
    const spec = validateSpec(specFor({ shortname: 'chatty', files: {} })).spec!;
    await registry.register(
      {
        shortname: 'chatty',
        owner: 'owner',
        version: 2,
        runtime: spec.runtime,
        spec,
        codeKey: 'k',
        codeBytes: 1,
        codeSha256: 'x',
        createdAt: 1,
        updatedAt: 1,
      },
      undefined,
    );
    const printed: FunctionLogLine[] = [1, 2, 3].map((n) => ({
      at: new Date(n).toISOString(),
      stream: 'stdout',
      text: `line ${n}`,
    }));
    const withLogs = Object.assign(new ScriptedInvoker(() => null), {
      logs: async (_fn: FunctionRecord, limit: number) => printed.slice(-limit),
    });
    const ask = async (invoker: FunctionInvoker, account: string, query: Record<string, string> = {}) =>
      call(createLogsHandler({ http: testDeps().deps, hosting: { registry, invoker } }), {
        path: '/function-service/v1/functions/chatty/logs',
        pathParams: { shortname: 'chatty' },
        query,
        token: await testToken(account),
      });
    const own = await ask(withLogs, 'owner', { limit: '2' });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      shortname: 'chatty',
      version: 2,
      lines: [{ text: 'line 2' }, { text: 'line 3' }],
    });
    // Another account cannot tell the function exists, let alone read what it printed.
    expect((await ask(withLogs, 'someone-else')).status).toBe(404);
    expect((await ask(withLogs, 'owner', { limit: '0' })).status).toBe(400);
    // On AWS Lambda the output is in CloudWatch: said plainly, with where to look.
    const lambda = await ask(new ScriptedInvoker(() => null), 'owner');
    expect(lambda.status).toBe(501);
    expect((lambda.body.messages as string[])[0]).toMatch(/^ISSUE: .*CloudWatch.* ADVICE: /);
  });
});
