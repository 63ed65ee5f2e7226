// The events the workers publish: the embed worker when an upload completes or fails, the build
// worker when a deployment becomes ready or fails. Real domain code over in-memory ports; the sink
// records what it is given.
import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '@fnquery/heuristic-engine';
import { readBundle, writeBundle } from '../../../lib/functions/bundle';
import { BlobDeploymentStore } from '../../../lib/functions/build/blob-deployment-store';
import { runDeployment, submitDeployment } from '../../../lib/functions/build/deployments';
import type { FunctionInvoker } from '../../../lib/functions/ports';
import { badRequest } from '../../../lib/errors';
import { acceptUpload } from '../../../lib/ingest/intake';
import { runJob } from '../../../lib/ingest/worker';
import { createLogger } from '../../../lib/log';
import type { WebhookEvent } from '../../../lib/webhooks/events';
import { makeEncryptedPdf, makeText } from '../../support/fixtures';
import { MemoryBlobStore, MemoryJobQueue, MemoryStatusStore } from '../../support/memory-ingest-stores';
import { MemoryVectorStore } from '../../support/memory-vector-store';
import { jsonObject, MemoryFunctionRegistry, specFor } from '../functions/support';

const log = createLogger({ sink: () => undefined });

function recordingSink() {
  const events: WebhookEvent[] = [];
  return { events, publish: async (e: WebhookEvent) => void events.push(e) };
}

describe('the embed worker', () => {
  async function ingest(filename: string, bytes: Uint8Array) {
    const statuses = new MemoryStatusStore();
    const blobs = new MemoryBlobStore();
    const embedder = new LexicalEmbedder();
    const sink = recordingSink();
    const intake = {
      statuses,
      blobs,
      jobs: new MemoryJobQueue(),
      embedderId: embedder.id,
      quotas: { free: 20, pro: 2000, enterprise: null },
      log,
    };
    const { uploadId } = await acceptUpload(intake, { account: 'acct-9', level: 'pro' }, 'notes', { filename, bytes });
    const worker = { statuses, blobs, vectors: new MemoryVectorStore(), embedder, log, events: sink };
    await runJob(worker, { account: 'acct-9', uploadId }, { receiveCount: 1, deadline: Date.now() + 600_000 });
    return { uploadId, events: sink.events, record: (await statuses.get('acct-9', uploadId))! };
  }

  it('publishes upload.completed with the record’s counts and no content', async () => {
    const { uploadId, events, record } = await ingest('minutes.txt', makeText('The committee met on Tuesday.'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      account: 'acct-9',
      type: 'upload.completed',
      data: { upload_id: uploadId, collection_name: 'notes', status: 'completed', total_chunks: record.totalChunks },
    });
    expect(JSON.stringify(events[0])).not.toMatch(/committee|minutes\.txt/);
  });

  it('publishes upload.failed with the reason the status route shows', async () => {
    const { events, record } = await ingest('locked.pdf', await makeEncryptedPdf());
    expect(events.map((e) => e.type)).toEqual(['upload.failed']);
    expect(events[0]!.data.error).toBe(record.error);
  });
});

describe('the build worker', () => {
  const text = new TextEncoder();
  const spec = specFor({
    shortname: 'hooked',
    requirements: { requestType: 'GET', outputType: 'JSON', outputSchema: jsonObject({}, []) },
    files: {},
  });
  const bundle = (code: string) =>
    writeBundle(
      new Map([
        ['spec.json', text.encode(JSON.stringify(spec))],
        ['index.mjs', text.encode(code)],
      ]),
    );
  const invoker: FunctionInvoker = {
    async build(_fn, code) {
      if (
        Buffer.from(readBundle(code).get('index.mjs') ?? [])
          .toString('utf8')
          .includes('BROKEN')
      )
        throw badRequest('The code does not build: index.mjs:1 unexpected token', 'Fix it', 'build_failed');
    },
    async deploy() {},
    async remove() {},
    async logs() {
      return undefined;
    },
    async invoke() {
      return { body: {} };
    },
  };

  it('publishes function.deployed, then function.deploy_failed with the build’s messages', async () => {
    const blobs = new MemoryBlobStore();
    const sink = recordingSink();
    const deps = {
      registry: new MemoryFunctionRegistry(),
      blobs,
      invoker,
      deployments: new BlobDeploymentStore(blobs),
      queue: { send: async () => undefined },
      log,
      events: sink,
    };
    const good = await submitDeployment(deps, 'acct-9', bundle('export const handler = () => ({});'));
    await runDeployment(deps, good.id);
    const bad = await submitDeployment(deps, 'acct-9', bundle('BROKEN'));
    await runDeployment(deps, bad.id);
    expect(sink.events.map((e) => [e.type, e.data.deployment_id])).toEqual([
      ['function.deployed', good.id],
      ['function.deploy_failed', bad.id],
    ]);
    expect(sink.events[0]).toMatchObject({
      account: 'acct-9',
      data: { shortname: 'hooked', version: 1, status: 'ready' },
    });
    expect(sink.events[1]!.data.messages).toEqual([expect.stringMatching(/^ISSUE: The code does not build.*ADVICE: /)]);
    // A redelivered build message of a settled deployment publishes nothing again.
    await runDeployment(deps, bad.id);
    expect(sink.events).toHaveLength(2);
  });
});
