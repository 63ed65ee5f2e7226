// Upload → SQS → embed worker → vector store, on the emulators with the real SDK clients and handlers:
// generated PDF and DOCX files end `completed` with the right counts, and collections list and delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkSections } from '../../../lib/ingest/chunk';
import { extractText } from '../../../lib/ingest/extract';
import { makeDocx, makePdf } from '../../support/fixtures';
import { startIngestStack, type IngestStack } from './stack';

let stack: IngestStack;
let token: string;
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

beforeAll(async () => {
  stack = await startIngestStack();
  token = await stack.token('acct-pipeline');
});
afterAll(() => stack?.stop());

const expectedChunks = async (type: 'pdf' | 'docx', bytes: Uint8Array, name: string) =>
  chunkSections((await extractText(type, bytes)).sections, name).length;

describe('ingestion pipeline', () => {
  it('embeds a PDF and a DOCX into a collection and reports every status field', async () => {
    const pdf = await makePdf();
    const docx = await makeDocx();
    const accepted = await stack.uploadFile(token, 'manuals', 'energy.pdf', pdf);
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({
      collection_name: 'manuals',
      status: 'queued',
      embedded_chunks: 0,
      total_chunks: 0,
      upload_completed: null,
    });
    expect(accepted.body.upload_started).toMatch(HTTP_DATE);
    const second = await stack.uploadFile(token, 'manuals', 'guide.docx', docx);

    expect(await stack.drain()).toBe(2);

    const pdfStatus = await stack.status(token, accepted.body.upload_id as string);
    expect(pdfStatus.status).toBe(200);
    expect(pdfStatus.body).toMatchObject({ status: 'completed', total_chunks: 3, embedded_chunks: 3 });
    expect(pdfStatus.body.upload_completed).toMatch(HTTP_DATE);
    const docxStatus = (await stack.status(token, second.body.upload_id as string)).body;
    const docxChunks = await expectedChunks('docx', docx, 'guide.docx');
    expect(docxStatus).toMatchObject({ status: 'completed', total_chunks: docxChunks, embedded_chunks: docxChunks });
    expect(await stack.vectors.count({ account: 'acct-pipeline', collection: 'manuals' })).toBe(3 + docxChunks);
    expect(await expectedChunks('pdf', pdf, 'energy.pdf')).toBe(3);

    const list = await stack.call(stack.handlers.collectionsList, { path: '/embedder-service/v1/collections', token });
    expect(list.body.collections).toEqual([
      { name: 'manuals', documents: 2, chunks: 3 + docxChunks, embedder: 'local-lexical-v1' },
    ]);
    const one = await stack.call(stack.handlers.collectionGet, {
      path: '/embedder-service/v1/collections/manuals',
      pathParams: { name: 'manuals' },
      token,
    });
    expect((one.body.uploads as { filename: string; status: string }[]).map((u) => [u.filename, u.status])).toEqual([
      ['energy.pdf', 'completed'],
      ['guide.docx', 'completed'],
    ]);
  });

  it('stores the file under the account in S3 and removes it with the upload', async () => {
    const accepted = await stack.uploadFile(token, 'scratch', 'energy.pdf', await makePdf());
    const uploadId = accepted.body.upload_id as string;
    await stack.drain();
    const record = (await stack.services.statuses().get('acct-pipeline', uploadId))!;
    expect(record.objectKey).toBe(`accounts/acct-pipeline/uploads/${uploadId}/energy.pdf`);
    expect(await stack.services.blobs().get(record.objectKey, 1e9)).toBeDefined();

    const deleted = await stack.call(stack.handlers.uploadDelete, {
      method: 'DELETE',
      path: `/embedder-service/v1/uploads/${uploadId}`,
      pathParams: { upload_id: uploadId },
      token,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ upload_id: uploadId, collection_name: 'scratch', deleted_chunks: 3 });
    expect(await stack.services.blobs().get(record.objectKey, 1e9)).toBeUndefined();
    expect((await stack.status(token, uploadId)).status).toBe(404);
    expect(await stack.vectors.count({ account: 'acct-pipeline', collection: 'scratch' })).toBe(0);
  });

  it('deletes a collection with its uploads, vectors and files', async () => {
    const a = await stack.uploadFile(token, 'doomed', 'a.pdf', await makePdf());
    await stack.uploadFile(token, 'doomed', 'b.docx', await makeDocx());
    await stack.drain();
    const key = (await stack.services.statuses().get('acct-pipeline', a.body.upload_id as string))!.objectKey;

    const deleted = await stack.call(stack.handlers.collectionDelete, {
      method: 'DELETE',
      path: '/embedder-service/v1/collections/doomed',
      pathParams: { name: 'doomed' },
      token,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ collection_name: 'doomed', deleted_documents: 2 });
    expect(deleted.body.deleted_chunks).toBeGreaterThan(3);
    expect(await stack.services.blobs().get(key, 1e9)).toBeUndefined();
    expect(await stack.services.statuses().listUploads('acct-pipeline', 'doomed')).toEqual([]);
    const again = await stack.call(stack.handlers.collectionGet, {
      path: '/embedder-service/v1/collections/doomed',
      pathParams: { name: 'doomed' },
      token,
    });
    expect(again.status).toBe(404);
  });
});
