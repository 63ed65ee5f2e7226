// Reliability through SQS: a run that fails between batches is redelivered and finishes with exactly
// total_chunks chunks; concurrent uploads all complete; an exhausted retry budget ends `failed` with
// the message in the dead-letter queue.
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '@fnquery/heuristic-engine';
import type { Embedder } from '../../../lib/ai/ports';
import { RETRY_BUDGET } from '../../../lib/ingest/limits';
import { makeText } from '../../support/fixtures';
import { startIngestStack, type IngestStack } from './stack';

let stack: IngestStack;
let token: string;
const ACCOUNT = 'acct-reliable';
const BATCH = 4;

beforeAll(async () => {
  stack = await startIngestStack();
  token = await stack.token(ACCOUNT);
});
afterAll(() => stack?.stop());

/** Paragraphs of distinct sentences: about one chunk each. */
const longText = (paragraphs: number, seed = 0) =>
  Array.from({ length: paragraphs }, (_, p) =>
    Array.from({ length: 30 }, (_, s) => `Section ${seed}-${p} line ${s} covers item ${p * 31 + s + seed}.`).join(' '),
  ).join('\n\n');

/** Throws on its 2nd call only: a platform error between two batches of the first run. */
function failsSecondBatchOnce(): Embedder & { calls: number } {
  const inner = new LexicalEmbedder();
  return {
    id: inner.id,
    dimensions: inner.dimensions,
    calls: 0,
    embed(texts) {
      if (++this.calls === 2) return Promise.reject(new Error('connection reset by peer'));
      return inner.embed(texts);
    },
  };
}

const statusOf = async (uploadId: string) => (await stack.status(token, uploadId)).body;

describe('embed worker through SQS', () => {
  it('finishes a run that failed between batches on redelivery, with exactly total_chunks chunks', async () => {
    const accepted = await stack.uploadFile(token, 'crash', 'long.txt', makeText(longText(12)));
    const uploadId = accepted.body.upload_id as string;
    const embedder = failsSecondBatchOnce();
    const worker = stack.worker({ embedder, batchSize: BATCH });

    expect(await stack.deliverOnce(worker)).toEqual({ delivered: 1, failed: 1 });
    expect(await statusOf(uploadId)).toMatchObject({ status: 'processing', embedded_chunks: BATCH });

    expect(await stack.drain(worker)).toBe(1);
    const done = await statusOf(uploadId);
    expect(done).toMatchObject({ status: 'completed' });
    expect(done.total_chunks).toBeGreaterThan(2 * BATCH);
    expect(done.embedded_chunks).toBe(done.total_chunks);
    expect(await stack.vectors.count({ account: ACCOUNT, collection: 'crash' }, uploadId)).toBe(done.total_chunks);
    expect((await stack.services.statuses().get(ACCOUNT, uploadId))?.attempts).toBe(2);
    // The retry was logged with its reason, and no line carries the document's text.
    const log = stack.workerLog.join('\n');
    expect(log).toMatch(/"msg":"upload attempt failed; it will be retried".*"errorMessage":"connection reset by peer"/);
    expect(log).not.toMatch(/covers item/);
  });

  it('completes concurrent uploads to one collection with no lost chunks', async () => {
    const files = Array.from({ length: 8 }, (_, i) => makeText(longText(2 + (i % 3), i * 1000)));
    const accepted = await Promise.all(files.map((bytes, i) => stack.uploadFile(token, 'busy', `doc-${i}.txt`, bytes)));
    expect(accepted.map((a) => a.status)).toEqual(files.map(() => 202));

    // Two workers at once, as Lambda scales out on a busy queue.
    await Promise.all([
      stack.drain(stack.worker({ batchSize: BATCH }), 2),
      stack.drain(stack.worker({ batchSize: BATCH }), 2),
    ]);

    const statuses = await Promise.all(accepted.map((a) => statusOf(a.body.upload_id as string)));
    expect(statuses.map((s) => s.status)).toEqual(files.map(() => 'completed'));
    const total = statuses.reduce((sum, s) => sum + (s.total_chunks as number), 0);
    expect(await stack.vectors.count({ account: ACCOUNT, collection: 'busy' })).toBe(total);
    const list = await stack.call(stack.handlers.collectionsList, { path: '/embedder-service/v1/collections', token });
    expect(list.body.collections).toContainEqual({
      name: 'busy',
      documents: 8,
      chunks: total,
      embedder: 'local-lexical-v1',
    });
  });

  it('fails the upload once the retry budget is used and leaves the message in the dead-letter queue', async () => {
    const accepted = await stack.uploadFile(token, 'doomed', 'notes.txt', makeText(longText(2)));
    const uploadId = accepted.body.upload_id as string;
    const inner = new LexicalEmbedder();
    const down: Embedder = {
      id: inner.id,
      dimensions: inner.dimensions,
      embed: () => Promise.reject(new Error('platform unreachable')),
    };
    const worker = stack.worker({ embedder: down });

    for (let attempt = 1; attempt < RETRY_BUDGET; attempt++) {
      expect(await stack.deliverOnce(worker)).toEqual({ delivered: 1, failed: 1 });
      expect((await statusOf(uploadId)).status).toBe('processing');
    }
    expect(await stack.deliverOnce(worker)).toEqual({ delivered: 1, failed: 1 });
    const failed = await statusOf(uploadId);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(
      new RegExp(`^ISSUE: The document could not be processed in ${RETRY_BUDGET} attempts.*ADVICE: `),
    );
    expect(await stack.vectors.count({ account: ACCOUNT, collection: 'doomed' }, uploadId)).toBe(0);

    // The queue redrives the message on its next receive, instead of delivering it a 4th time.
    expect(await stack.deliverOnce(worker)).toEqual({ delivered: 0, failed: 0 });
    const dead = await stack.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: stack.emulators.deadLetterQueueUrl, MaxNumberOfMessages: 10 }),
    );
    expect((dead.Messages ?? []).map((m) => JSON.parse(m.Body!))).toEqual([{ account: ACCOUNT, uploadId }]);
  });
});
