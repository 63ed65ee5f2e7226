// Two accounts on one deployment: neither can read, list, delete or even detect the other's uploads
// and collections, including when they use the same collection name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, makeText } from '../../support/fixtures';
import { startIngestStack, type IngestStack } from './stack';

let stack: IngestStack;
let alice: string;
let bob: string;
let aliceUpload: string;

beforeAll(async () => {
  stack = await startIngestStack();
  [alice, bob] = await Promise.all([stack.token('alice'), stack.token('bob')]);
  aliceUpload = (await stack.uploadFile(alice, 'shared-name', 'energy.pdf', await makePdf())).body.upload_id as string;
  await stack.uploadFile(bob, 'shared-name', 'bob.txt', makeText('Bob writes about boats.'));
  await stack.drain();
});
afterAll(() => stack?.stop());

const get = (token: string, name: string) =>
  stack.call(stack.handlers.collectionGet, {
    path: `/embedder-service/v1/collections/${name}`,
    pathParams: { name },
    token,
  });

describe('account isolation', () => {
  it('answers 404 for another account’s upload status, as for an unknown id', async () => {
    const other = await stack.status(bob, aliceUpload);
    const unknown = await stack.status(bob, '00000000-0000-0000-0000-000000000000');
    expect([other.status, other.body.error]).toEqual([404, 'upload_not_found']);
    const unknownMessages = (unknown.body.messages as string[]).map((m) =>
      m.replace('00000000-0000-0000-0000-000000000000', aliceUpload),
    );
    expect(other.body.messages).toEqual(unknownMessages);
    expect((await stack.status(alice, aliceUpload)).body.status).toBe('completed');
  });

  it('keeps same-named collections apart in listings and vectors', async () => {
    const list = (token: string) =>
      stack.call(stack.handlers.collectionsList, { path: '/embedder-service/v1/collections', token });
    expect((await list(alice)).body.collections).toEqual([
      { name: 'shared-name', documents: 1, chunks: 3, embedder: 'local-lexical-v1' },
    ]);
    expect((await list(bob)).body.collections).toEqual([
      { name: 'shared-name', documents: 1, chunks: 1, embedder: 'local-lexical-v1' },
    ]);
    expect(((await get(bob, 'shared-name')).body.uploads as { filename: string }[]).map((u) => u.filename)).toEqual([
      'bob.txt',
    ]);
    expect(await stack.vectors.count({ account: 'alice', collection: 'shared-name' })).toBe(3);
    expect(await stack.vectors.count({ account: 'bob', collection: 'shared-name' })).toBe(1);
  });

  it('answers 404 when deleting another account’s upload or collection, and deletes nothing', async () => {
    const upload = await stack.call(stack.handlers.uploadDelete, {
      method: 'DELETE',
      path: `/embedder-service/v1/uploads/${aliceUpload}`,
      pathParams: { upload_id: aliceUpload },
      token: bob,
    });
    expect([upload.status, upload.body.error]).toEqual([404, 'upload_not_found']);

    const alone = await stack.uploadFile(alice, 'alice-only', 'a.txt', makeText('Only Alice has this.'));
    expect(alone.status).toBe(202);
    const collection = await stack.call(stack.handlers.collectionDelete, {
      method: 'DELETE',
      path: '/embedder-service/v1/collections/alice-only',
      pathParams: { name: 'alice-only' },
      token: bob,
    });
    expect([collection.status, collection.body.error]).toEqual([404, 'collection_not_found']);
    expect((await get(bob, 'alice-only')).status).toBe(404);

    expect((await stack.status(alice, aliceUpload)).body.status).toBe('completed');
    expect((await get(alice, 'alice-only')).status).toBe(200);
    expect(await stack.vectors.count({ account: 'alice', collection: 'shared-name' })).toBe(3);
  });

  it('lets each account delete its own same-named collection without touching the other’s', async () => {
    const deleted = await stack.call(stack.handlers.collectionDelete, {
      method: 'DELETE',
      path: '/embedder-service/v1/collections/shared-name',
      pathParams: { name: 'shared-name' },
      token: bob,
    });
    expect(deleted.body).toMatchObject({ collection_name: 'shared-name', deleted_documents: 1, deleted_chunks: 1 });
    expect((await get(alice, 'shared-name')).body).toMatchObject({ documents: 1, chunks: 3 });
  });
});
