// Files PUT to a presigned URL start their job through S3's object-created notification (forwarded
// from the S3 emulator to the queue as the bucket notification does on AWS), and a direct upload's
// duplicate notification changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../support/fixtures';
import { startIngestStack, type IngestStack } from './stack';

let stack: IngestStack;
let token: string;
const ACCOUNT = 'acct-url';

beforeAll(async () => {
  stack = await startIngestStack({ forwardS3Events: true });
  token = await stack.token(ACCOUNT);
});
afterAll(() => stack?.stop());

async function messagesArrive(count: number) {
  const until = Date.now() + 5000;
  while ((await stack.inFlight()) < count) {
    if (Date.now() > until) throw new Error(`fewer than ${count} messages reached the queue`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('POST /embedder-service/v1/upload-url', () => {
  it('hands out a PUT URL whose upload is embedded like a direct one', async () => {
    const pdf = await makePdf();
    const signed = await stack.call(stack.handlers.uploadUrl, {
      method: 'POST',
      path: '/embedder-service/v1/upload-url',
      query: { collection_name: 'large', filename: 'energy.pdf', size: String(pdf.length) },
      token,
    });
    expect(signed.status).toBe(201);
    expect(signed.body).toMatchObject({
      collection_name: 'large',
      status: 'queued',
      upload_method: 'PUT',
      max_bytes: pdf.length,
    });
    const uploadId = signed.body.upload_id as string;
    const url = new URL(signed.body.upload_url as string);
    expect(url.pathname).toBe(`/${stack.emulators.bucket}/incoming/accounts/${ACCOUNT}/uploads/${uploadId}/energy.pdf`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    // No checksum of an empty body may be signed in: S3 would refuse the real file.
    expect([...url.searchParams.keys()].filter((k) => k.toLowerCase().includes('checksum'))).toEqual([]);
    expect(await stack.inFlight()).toBe(0);

    const put = await fetch(url, { method: 'PUT', body: pdf });
    expect(put.status).toBe(200);
    await messagesArrive(1);
    expect(await stack.drain()).toBe(1);

    const status = await stack.status(token, uploadId);
    expect(status.body).toMatchObject({ status: 'completed', total_chunks: 3, embedded_chunks: 3 });
    const record = await stack.services.statuses().get(ACCOUNT, uploadId);
    expect(record?.sizeBytes).toBe(pdf.length);
    expect(record?.awaitingFileUntil).toBeUndefined();
  });

  it('queues a direct upload once: its object is outside the bucket notification, its own job message is the one job', async () => {
    const accepted = await stack.uploadFile(token, 'direct', 'energy.pdf', await makePdf());
    await messagesArrive(1);
    // s3rver's event for the stored object has been emitted and anything it caused has been sent.
    await stack.s3EventHandled(`/uploads/${accepted.body.upload_id as string}/energy.pdf`);
    expect(await stack.inFlight()).toBe(1);
    expect(await stack.drain()).toBe(1);

    expect((await stack.status(token, accepted.body.upload_id as string)).body).toMatchObject({
      status: 'completed',
      total_chunks: 3,
    });
    expect(await stack.vectors.count({ account: ACCOUNT, collection: 'direct' })).toBe(3);
    expect(stack.workerLog.some((line) => line.includes('"msg":"job skipped"'))).toBe(false);
  });
});
