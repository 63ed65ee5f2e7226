// Every refusal of the upload routes through the real handlers, with its status code and envelope,
// and that nothing is stored or queued for a refused upload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_UPLOAD_MAX_BYTES, LAMBDA_PAYLOAD_MAX_BYTES } from '../../../lib/ingest/limits';
import { apiEvent, multipartBody } from '../../support/api-event';
import { BINARY, makePdf, makeText } from '../../support/fixtures';
import { startIngestStack, type IngestStack } from './stack';

let stack: IngestStack;
let token: string;
const text = makeText('Some plain words.');

beforeAll(async () => {
  stack = await startIngestStack({ env: { FNQ_QUOTA_FREE: '2' } });
  token = await stack.token('acct-reject');
});
afterAll(() => stack?.stop());

function expectRefusal(reply: { status: number; body: Record<string, unknown> }, status: number, code: string) {
  expect(reply.status).toBe(status);
  expect(reply.body).toMatchObject({ error: code, spanId: expect.any(String) });
  const messages = reply.body.messages as string[];
  expect(messages.at(-1)).toBe('failed');
  expect(messages[0]).toMatch(/^ISSUE: .+\. ADVICE: .+\.$/);
  return messages[0]!;
}

describe('POST /embedder-service/v1/upload refusals', () => {
  it('400 for a collection name outside 1–64 of [A-Za-z0-9_-]', async () => {
    for (const name of ['my docs', 'x'.repeat(65), 'ümlaut', '']) {
      expectRefusal(await stack.uploadFile(token, name, 'a.txt', text), 400, 'validation_failed');
    }
  });

  it('415 for a type that is not accepted', async () => {
    expect(
      expectRefusal(await stack.uploadFile(token, 'docs', 'photo.png', BINARY), 415, 'unsupported_media_type'),
    ).toMatch(/\.png/);
  });

  it('415 for content that does not match the extension', async () => {
    const line = expectRefusal(
      await stack.uploadFile(token, 'docs', 'report.txt', await makePdf()),
      415,
      'unsupported_media_type',
    );
    expect(line).toMatch(/looks like a PDF document/);
  });

  it('413 at 4 MiB + 1 byte, advising the upload-url route', async () => {
    expect(DIRECT_UPLOAD_MAX_BYTES).toBe(4 * 2 ** 20);
    const big = new Uint8Array(DIRECT_UPLOAD_MAX_BYTES + 1).fill(97);
    const line = expectRefusal(await stack.uploadFile(token, 'docs', 'big.txt', big), 413, 'file_too_large');
    expect(line).toMatch(/ADVICE: .*\/embedder-service\/v1\/upload-url/);
  });

  it('takes exactly 4 MiB, whose base64 event still fits Lambda’s 6 MB payload bound', async () => {
    const own = await stack.token('acct-limit');
    const bytes = new Uint8Array(DIRECT_UPLOAD_MAX_BYTES).fill(98);
    const { body, contentType } = await multipartBody([{ field: 'file', filename: 'edge.txt', bytes }]);
    const event = apiEvent({ method: 'POST', body, headers: { 'content-type': contentType }, token: own });
    expect(Buffer.byteLength(JSON.stringify(event))).toBeLessThan(LAMBDA_PAYLOAD_MAX_BYTES);
    const reply = await stack.uploadFile(own, 'docs', 'edge.txt', bytes);
    expect(reply.status).toBe(202);
    expect(reply.body).toMatchObject({ status: 'queued', collection_name: 'docs' });
  });

  it('415 for a body that is neither multipart nor JSON; 400 for JSON without filename and data', async () => {
    const send = (body: unknown, headers: Record<string, string> = {}) =>
      stack.call(stack.handlers.upload, {
        method: 'POST',
        path: '/embedder-service/v1/upload',
        query: { collection_name: 'docs' },
        body,
        headers,
        token,
      });
    expectRefusal(await send('just text', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
    expectRefusal(await send({ file: 'not a form' }), 400, 'file_missing');
  });

  it('400 for a form without the file part', async () => {
    const { body, contentType } = await multipartBody([{ field: 'document', filename: 'a.txt', bytes: text }]);
    const reply = await stack.call(stack.handlers.upload, {
      method: 'POST',
      path: '/embedder-service/v1/upload',
      query: { collection_name: 'docs' },
      headers: { 'content-type': contentType },
      body,
      token,
    });
    expectRefusal(reply, 400, 'file_missing');
  });

  it('400 for an empty file, sent as multipart or as base64 JSON; a JSON upload with content is taken', async () => {
    const own = await stack.token('acct-json');
    expect(
      expectRefusal(await stack.uploadFile(own, 'docs', 'empty.txt', new Uint8Array(0)), 400, 'empty_file'),
    ).toMatch(/"empty\.txt" is empty/);
    const asJson = (filename: string, bytes: Uint8Array) =>
      stack.call(stack.handlers.upload, {
        method: 'POST',
        path: '/embedder-service/v1/upload',
        query: { collection_name: 'docs' },
        body: { filename, data: Buffer.from(bytes).toString('base64') },
        token: own,
      });
    expectRefusal(await asJson('empty.md', new Uint8Array(0)), 400, 'empty_file');
    const taken = await asJson('leave.md', new TextEncoder().encode('# Leave\n\n25 days.'));
    expect([taken.status, taken.body.status, taken.body.collection_name]).toEqual([202, 'queued', 'docs']);
  });

  it('401 without a valid token', async () => {
    expectRefusal(await stack.uploadFile('not-a-jwt', 'docs', 'a.txt', text), 401, 'token_invalid');
    const reply = await stack.call(stack.handlers.upload, {
      method: 'POST',
      path: '/embedder-service/v1/upload',
      query: { collection_name: 'docs' },
    });
    expectRefusal(reply, 401, 'token_missing');
  });

  it('409 when the collection was filled by another embedder', async () => {
    const owner = await stack.token('acct-embedder');
    await stack.services.statuses().create(
      {
        account: 'acct-embedder',
        uploadId: 'seeded-upload',
        collection: 'legacy',
        filename: 'old.txt',
        fileType: 'txt',
        sizeBytes: 1,
        objectKey: 'accounts/acct-embedder/uploads/seeded-upload/old.txt',
        state: 'completed',
        totalChunks: 1,
        embeddedChunks: 1,
        startedAt: Date.now(),
        embedder: 'default:text-embedding-3-small',
        attempts: 1,
      },
      null,
    );
    const line = expectRefusal(await stack.uploadFile(owner, 'legacy', 'a.txt', text), 409, 'embedder_mismatch');
    expect(line).toMatch(/filled with embedder default:text-embedding-3-small.*embedded with local-lexical-v1/);
  });

  it('429 past the level’s document quota, without Retry-After, until a document is deleted', async () => {
    const free = await stack.token('acct-free', 'free');
    const first = await stack.uploadFile(free, 'docs', 'a.txt', text);
    expect((await stack.uploadFile(free, 'docs', 'b.txt', text)).status).toBe(202);
    const refused = await stack.uploadFile(free, 'other', 'c.txt', text);
    expectRefusal(refused, 429, 'document_quota_exceeded');
    expect(refused.headers['retry-after']).toBeUndefined();

    const uploadId = first.body.upload_id as string;
    await stack.call(stack.handlers.uploadDelete, {
      method: 'DELETE',
      path: `/embedder-service/v1/uploads/${uploadId}`,
      pathParams: { upload_id: uploadId },
      token: free,
    });
    expect((await stack.uploadFile(free, 'other', 'c.txt', text)).status).toBe(202);
  });

  it('stored and queued nothing for the refused uploads', async () => {
    // Only the quota test's three accepted uploads, the 4 MiB one and the JSON one reached the queue.
    expect(await stack.inFlight()).toBe(5);
    expect(await stack.services.statuses().listUploads('acct-reject')).toEqual([]);
  });
});

describe('POST /embedder-service/v1/upload-url refusals', () => {
  const ask = (query: Record<string, string>) =>
    stack.call(stack.handlers.uploadUrl, { method: 'POST', path: '/embedder-service/v1/upload-url', query, token });

  it('400 without a file name, 415 for an unaccepted extension, 413 over 100 MB', async () => {
    expectRefusal(await ask({ collection_name: 'docs' }), 400, 'validation_failed');
    expectRefusal(await ask({ collection_name: 'docs', filename: 'clip.mov' }), 415, 'unsupported_media_type');
    expectRefusal(
      await ask({ collection_name: 'docs', filename: 'big.pdf', size: String(100 * 2 ** 20 + 1) }),
      413,
      'file_too_large',
    );
    expectRefusal(await ask({ collection_name: 'bad name', filename: 'a.pdf' }), 400, 'validation_failed');
  });
});
