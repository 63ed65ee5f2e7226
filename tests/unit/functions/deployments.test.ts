// Asynchronous deploys through the real handlers and the real build worker, with an in-memory
// registry, bucket and queue, and an invoker whose builds can be held open or made to fail.
import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createDeploymentHandler } from '../../../handlers/http/deployments-get';
import { createDeployHandler } from '../../../handlers/http/functions-deploy';
import { createInvokeHandler } from '../../../handlers/http/invoke';
import { createBuildWorker } from '../../../handlers/queue/build-worker';
import { readBundle, writeBundle } from '../../../lib/functions/bundle';
import { BlobDeploymentStore } from '../../../lib/functions/build/blob-deployment-store';
import type { BuildMessage } from '../../../lib/functions/build/ports';
import { badRequest } from '../../../lib/errors';
import type { FunctionInvoker, FunctionRecord } from '../../../lib/functions/ports';
import { createLogger } from '../../../lib/log';
import { call } from '../../support/api-event';
import { testDeps, testToken } from '../../support/http-deps';
import { MemoryBlobStore } from '../../support/memory-ingest-stores';
import { jsonObject, MemoryFunctionRegistry, specFor } from './support';

/** Serves each deployed version's code text as its answer; a build of code containing "BROKEN" fails. */
class TextInvoker implements FunctionInvoker {
  served = new Map<string, string>();
  built: number[] = [];
  /** While set, builds wait for it: the version in service must keep answering meanwhile. */
  hold?: Promise<void>;
  async build(fn: FunctionRecord, code: Uint8Array) {
    await this.hold;
    if (codeOf(code).includes('BROKEN'))
      throw badRequest('The nodejs20 code does not build: index.mjs:1 unexpected token', 'Fix it', 'build_failed');
    this.built.push(fn.version);
  }
  async deploy(fn: FunctionRecord, code: Uint8Array) {
    this.served.set(fn.shortname, codeOf(code));
  }
  async remove() {}
  async logs(): Promise<undefined> {
    return undefined;
  }
  async invoke(fn: FunctionRecord) {
    return { body: { code: this.served.get(fn.shortname), version: fn.version } };
  }
}

const text = new TextEncoder();
const codeOf = (zip: Uint8Array) => Buffer.from(readBundle(zip).get('index.mjs') ?? []).toString('utf8');
const spec = specFor({
  shortname: 'greet',
  requirements: { requestType: 'GET', outputType: 'JSON', outputSchema: jsonObject({}, []) },
  files: {},
});
const bundle = (code: string, s: unknown = spec) =>
  Buffer.from(
    writeBundle(
      new Map([
        ['spec.json', text.encode(JSON.stringify(s))],
        ['index.mjs', text.encode(code)],
      ]),
    ),
  );

interface View {
  id: string;
  status: string;
  version: number;
  error?: string;
  messages: string[];
  finishedAt?: string;
}

/** The reply with the deployment record's (or the error envelope's) fields typed. */
const viewOf = async (reply: ReturnType<typeof call>) => {
  const res = await reply;
  return { ...res, body: res.body as unknown as View };
};

function service() {
  const registry = new MemoryFunctionRegistry();
  const blobs = new MemoryBlobStore();
  const deployments = new BlobDeploymentStore(blobs);
  const invoker = new TextInvoker();
  const log = createLogger({ sink: () => undefined });
  const queued: BuildMessage[] = [];
  const http = testDeps().deps;
  const deploy = createDeployHandler({
    http,
    submit: { registry, blobs, deployments, queue: { send: async (m) => void queued.push(m) } },
  });
  const read = createDeploymentHandler({ http, deployments });
  const invoke = createInvokeHandler({
    http,
    invoke: { registry, invoker, settings: { timeoutMs: 1000, outputCheck: 'header' } },
  });
  const worker = createBuildWorker({ build: { registry, blobs, invoker, deployments }, log });
  /** Delivers what is queued to the build worker as SQS would. */
  const drain = async () => {
    const messages = queued.splice(0);
    const event = {
      Records: messages.map((m, i) => ({ messageId: `m${i}`, body: JSON.stringify(m), attributes: {} })),
    } as unknown as SQSEvent;
    return worker(event);
  };
  return {
    registry,
    blobs,
    invoker,
    queued,
    drain,
    async post(zip: Buffer, account = 'alice') {
      return viewOf(
        call(deploy, {
          method: 'POST',
          path: '/function-service/v1/functions',
          body: zip,
          headers: { 'content-type': 'application/zip' },
          token: await testToken(account),
        }),
      );
    },
    async get(id: string, account = 'alice') {
      return viewOf(
        call(read, {
          path: `/function-service/v1/deployments/${id}`,
          pathParams: { id },
          token: await testToken(account),
        }),
      );
    },
    /** The function's JSON answer (the invoke route sends it base64-encoded, as bytes). */
    async callGreet() {
      const res = await call(invoke, {
        method: 'GET',
        path: '/functions/v1/greet',
        pathParams: { shortname: 'greet' },
        token: await testToken('caller'),
      });
      const text =
        res.raw.body && Buffer.from(res.raw.body, res.raw.isBase64Encoded ? 'base64' : 'utf8').toString('utf8');
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    },
  };
}

describe('asynchronous deploys', () => {
  it('answers 202 with a queued record, which the build worker takes to ready', async () => {
    const s = service();
    const res = await s.post(bundle('export const handler = () => 1;'));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ shortname: 'greet', version: 1, status: 'queued', runtime: spec.runtime });
    expect(res.headers?.location).toBe(`/function-service/v1/deployments/${res.body.id}`);
    expect(s.queued).toEqual([{ deploymentId: res.body.id }]);
    // Nothing is registered before the build: the name does not answer yet.
    expect(await s.registry.get('greet')).toBeUndefined();
    expect((await s.callGreet()).status).toBe(404);

    expect((await s.drain()).batchItemFailures).toEqual([]);
    const done = await s.get(res.body.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: res.body.id, status: 'ready', version: 1 });
    expect(done.body.finishedAt).toEqual(expect.any(String));
    expect((await s.callGreet()).body).toMatchObject({ code: 'export const handler = () => 1;', version: 1 });
  });

  it("hides another account's deployment, and ids that are not ours, behind a 404", async () => {
    const s = service();
    const { body } = await s.post(bundle('export const handler = () => 1;'));
    const other = await s.get(body.id, 'mallory');
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('deployment_not_found');
    expect(other.body.messages[0]).toMatch(/^ISSUE: .*ADVICE: /);
    expect((await s.get('../functions/greet/code')).status).toBe(404);
  });

  it('keeps the version in service answering while the next one builds, then serves the new one', async () => {
    const s = service();
    await s.post(bundle('export const handler = () => 1;'));
    await s.drain();
    let release!: () => void;
    s.invoker.hold = new Promise((r) => (release = r));
    const second = await s.post(bundle('export const handler = () => 2;'));
    expect(second.body).toMatchObject({ version: 2, status: 'queued' });
    const building = s.drain();
    await new Promise((r) => setImmediate(r));
    expect((await s.get(second.body.id)).body.status).toBe('building');
    expect((await s.callGreet()).body).toMatchObject({ code: 'export const handler = () => 1;', version: 1 });
    release();
    await building;
    expect((await s.get(second.body.id)).body.status).toBe('ready');
    expect((await s.callGreet()).body).toMatchObject({ code: 'export const handler = () => 2;', version: 2 });
  });

  it('settles a build that fails as failed with its first lines, and the old version keeps serving', async () => {
    const s = service();
    await s.post(bundle('export const handler = () => 1;'));
    await s.drain();
    const broken = await s.post(bundle('export const handler = () => BROKEN;'));
    expect((await s.drain()).batchItemFailures).toEqual([]);
    const failed = (await s.get(broken.body.id)).body;
    expect(failed.status).toBe('failed');
    expect(failed.messages).toEqual([
      'ISSUE: The nodejs20 code does not build: index.mjs:1 unexpected token. ADVICE: Fix it.',
    ]);
    expect((await s.registry.get('greet'))?.version).toBe(1);
    expect((await s.callGreet()).body).toMatchObject({ code: 'export const handler = () => 1;', version: 1 });
    // The failed bundle is not kept.
    expect([...s.blobs.objects.keys()].filter((k) => k.endsWith('code.zip'))).toHaveLength(1);
  });

  it('redeploys the same code as a new version, and new code after it', async () => {
    const s = service();
    for (const code of [
      'export const handler = () => 1;',
      'export const handler = () => 1;',
      'export const handler = () => 3;',
    ]) {
      await s.post(bundle(code));
      await s.drain();
    }
    expect(s.invoker.built).toEqual([1, 2, 3]);
    expect((await s.callGreet()).body).toMatchObject({ code: 'export const handler = () => 3;', version: 3 });
  });

  it('checks the bundle before anything is queued: a bad spec or a name another account owns', async () => {
    const s = service();
    const invalid = await s.post(bundle('export const handler = () => 1;', { ...spec, runtime: 'cobol85' }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('spec_invalid');
    await s.post(bundle('export const handler = () => 1;'));
    await s.drain();
    const taken = await s.post(bundle('export const handler = () => 1;'), 'bob');
    expect(taken.status).toBe(409);
    expect(s.queued).toEqual([]);
  });

  it('settles a name taken while the build ran as failed, not as a second owner', async () => {
    const s = service();
    const first = await s.post(bundle('export const handler = () => 1;'), 'alice');
    const second = await s.post(bundle('export const handler = () => 2;'), 'bob');
    await s.drain();
    expect((await s.get(first.body.id, 'alice')).body.status).toBe('ready');
    const lost = (await s.get(second.body.id, 'bob')).body;
    expect(lost.status).toBe('failed');
    expect(lost.messages[0]).toMatch(/already taken/);
    expect((await s.registry.get('greet'))?.owner).toBe('alice');
  });

  it('drops an unreadable build message and does nothing twice for a settled deployment', async () => {
    const s = service();
    const { body } = await s.post(bundle('export const handler = () => 1;'));
    s.queued.push({ deploymentId: body.id }, { deploymentId: 'not-an-id' });
    expect((await s.drain()).batchItemFailures).toEqual([]);
    expect(s.invoker.built).toEqual([1]);
  });
});
