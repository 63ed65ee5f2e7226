// LanceVectorStore on S3 (s3rver) with the DynamoDB commit store (dynalite), as deployed:
// `s3+ddb://bucket/prefix?ddbTableName=T`, the commits table coming from serverless.yml.
// The emulators' s3rver has S3's all-or-nothing object writes (local/s3-consistency.ts explains why).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulators, type Emulators } from '../../../local/emulators';
import { LanceVectorStore } from '../../../lib/vectors/lancedb-store';
import { TOPICS, chunksOf, queryFor } from './chunks';

let emulators: Emulators;
let storageOptions: Record<string, string>;

beforeAll(async () => {
  emulators = await startEmulators({ stage: `vectors${process.pid}` });
  storageOptions = {
    awsEndpoint: emulators.endpoints.s3,
    awsRegion: 'us-east-1',
    awsAccessKeyId: 'S3RVER',
    awsSecretAccessKey: 'S3RVER',
    allowHttp: 'true',
    // The commit store's DynamoDB client does not use awsEndpoint; it has its own key.
    dynamodbEndpoint: emulators.endpoints.dynamodb,
  };
});
afterAll(async () => {
  await emulators?.stop();
});

const s3ddb = () =>
  new LanceVectorStore({
    uri: `s3+ddb://${emulators.bucket}/lancedb?ddbTableName=${emulators.env.FNQ_LANCE_COMMITS_TABLE}`,
    storageOptions,
  });

describe('LanceVectorStore on s3+ddb (s3rver + dynalite)', () => {
  it('writes, searches, counts and deletes', async () => {
    const s = s3ddb();
    const ref = { account: 'acct', collection: 'basics' };
    await s.upsert(ref, chunksOf('up1', TOPICS));
    await s.upsert(ref, chunksOf('up2', TOPICS.slice(0, 2)));

    expect(await s.count(ref)).toBe(TOPICS.length + 2);
    expect((await s.search(ref, queryFor('stone arches aqueducts')))[0]!.id).toBe('up1:4');
    await s.deleteUpload(ref, 'up2');
    expect(await s3ddb().count(ref)).toBe(TOPICS.length);
  });

  it('loses no chunk when several workers create and write one table at once', async () => {
    for (const collection of ['concurrent-1', 'concurrent-2', 'concurrent-3']) {
      const ref = { account: 'acct', collection };
      const uploads = Array.from({ length: 5 }, (_, u) =>
        chunksOf(
          `up${u}`,
          Array.from({ length: 20 }, (_, i) => `upload ${u} part ${i}`),
        ),
      );
      // The first upload is delivered twice, as SQS may.
      await Promise.all([...uploads, uploads[0]!].map((chunks) => s3ddb().upsert(ref, chunks)));

      const reader = s3ddb();
      expect(await reader.count(ref)).toBe(100);
      for (let u = 0; u < 5; u++) expect(await reader.count(ref, `up${u}`)).toBe(20);
    }
  });

  it('notices a collection deleted by another process under a cached table', async () => {
    const worker = s3ddb();
    const ref = { account: 'acct', collection: 'dropped-elsewhere' };
    await worker.upsert(ref, chunksOf('up1', TOPICS));
    expect(await worker.count(ref)).toBe(TOPICS.length);

    await s3ddb().deleteCollection(ref);
    expect(await worker.search(ref, queryFor('water'))).toEqual([]);
    expect(await worker.count(ref)).toBe(0);
  });

  it('drops a collection and starts it again from nothing', async () => {
    const s = s3ddb();
    const ref = { account: 'acct', collection: 'recreated' };
    await s.upsert(ref, chunksOf('old', TOPICS));
    await s.deleteCollection(ref);
    expect(await s3ddb().count(ref)).toBe(0);

    for (const topic of TOPICS.slice(0, 3)) await s.upsert(ref, chunksOf(`new-${TOPICS.indexOf(topic)}`, [topic]));
    const fresh = s3ddb();
    expect(await fresh.count(ref)).toBe(3);
    expect(await fresh.count(ref, 'old')).toBe(0);
  });
});

describe('LanceVectorStore on plain s3:// (s3rver)', () => {
  // Plain S3 has no commit lock: safe for one writer only (docs/vectors.md), which is what this checks.
  it('works for a single writer', async () => {
    const s = new LanceVectorStore({ uri: `s3://${emulators.bucket}/lancedb-plain`, storageOptions });
    const ref = { account: 'acct', collection: 'plain' };
    await s.upsert(ref, chunksOf('up1', TOPICS));
    await s.upsert(ref, chunksOf('up1', TOPICS));

    expect(await s.count(ref)).toBe(TOPICS.length);
    expect((await s.search(ref, { ...queryFor('volcanic eruptions ash'), mode: 'text' }))[0]!.id).toBe('up1:2');
    await s.deleteCollection(ref);
    expect(await s.count(ref)).toBe(0);
  });
});
