// Hostile files through the real pipeline (upload handler, S3, SQS, worker, DynamoDB, LanceDB): in
// one SQS batch with a normal upload, each ends `failed` with its budget named, within seconds and
// on its first delivery, while the normal upload completes and no message is sent back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeText } from '../../support/fixtures';
import { makeDeepHtml, makeManyPagePdf, makeZipBombDocx } from '../../support/hostile-documents';
import { startIngestStack, type IngestStack } from './stack';

let stack: IngestStack;
let token: string;

beforeAll(async () => {
  stack = await startIngestStack();
  token = await stack.token('acct-hostile');
});
afterAll(() => stack?.stop());

const upload = async (filename: string, bytes: Uint8Array) => {
  const reply = await stack.uploadFile(token, 'hostile', filename, bytes);
  expect(reply.status, JSON.stringify(reply.body)).toBe(202);
  return reply.body.upload_id as string;
};

describe('hostile uploads', () => {
  it('fail at once with their budget named while a normal upload in the same batch completes', async () => {
    const ids = {
      bomb: await upload('bomb.docx', makeZipBombDocx()),
      pages: await upload('pages.pdf', makeManyPagePdf()),
      deep: await upload('deep.html', makeDeepHtml()),
      normal: await upload('notes.txt', makeText('Ordinary notes about the harbour and its ferries.')),
    };
    const started = performance.now();
    const { delivered, failed } = await stack.deliverOnce(stack.worker(), 5);
    const seconds = (performance.now() - started) / 1000;
    expect(delivered).toBe(4);
    expect(failed).toBe(0);
    expect(seconds).toBeLessThan(30);

    const status = async (id: string) => (await stack.status(token, id)).body;
    expect(await status(ids.normal)).toMatchObject({ status: 'completed', total_chunks: 1, embedded_chunks: 1 });
    const reasons = {
      bomb: /^ISSUE: The Word document declares 209715200 bytes for its part "word\/document\.xml", over the budget/,
      pages: /^ISSUE: The PDF has 40000 pages, over the budget of 2000 pages per document/,
      deep: /^ISSUE: The document nests elements more than 512 levels deep, its nesting budget/,
    };
    for (const [name, reason] of Object.entries(reasons)) {
      const record = await status(ids[name as keyof typeof reasons]);
      expect(record.status, name).toBe('failed');
      expect(record.error, name).toMatch(reason);
      expect(record.upload_completed, name).not.toBeNull();
    }
    // Permanent: nothing comes back for another attempt.
    expect(await stack.inFlight()).toBe(0);
  });
});
