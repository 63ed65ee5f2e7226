// LanceVectorStore on local disk, through the real LanceDB engine.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Index, connect } from '@lancedb/lancedb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { createLogger } from '../../../lib/log';
import { tableNameFor } from '../../../lib/vectors/collection-table';
import { LanceVectorStore } from '../../../lib/vectors/lancedb-store';
import { TOPICS, chunksOf, queryFor } from './chunks';

let dir: string;
const store = (options: Partial<ConstructorParameters<typeof LanceVectorStore>[0]> = {}) =>
  new LanceVectorStore({ uri: dir, ...options });
let collectionCount = 0;
/** A fresh collection per test, so tests do not see each other's rows. */
const freshRef = (account = 'acct-1') => ({ account, collection: `c${++collectionCount}` });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fnq-lance-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('LanceVectorStore', () => {
  it('finds chunks by meaning, by words and by both', async () => {
    const s = store();
    const ref = freshRef();
    await s.upsert(ref, chunksOf('up1', TOPICS, { page: 3, heading: 'Biology' }));

    const byVector = await s.search(ref, { ...queryFor('how do mitochondria make ATP energy'), mode: 'vector' });
    const byText = await s.search(ref, { ...queryFor('aqueducts arches'), mode: 'text' });
    const hybrid = await s.search(ref, queryFor('immune system vaccines'));

    expect(byVector[0]).toMatchObject({
      id: 'up1:1',
      uploadId: 'up1',
      source: 'up1.txt',
      page: 3,
      heading: 'Biology',
      text: TOPICS[1],
    });
    expect(byVector[0]!.score).toBeGreaterThan(0);
    expect(byVector[0]!.score).toBeLessThanOrEqual(1);
    expect(byText[0]!.id).toBe('up1:4');
    expect(hybrid[0]!.id).toBe('up1:5');
    expect(hybrid.length).toBeLessThanOrEqual(5);
  });

  it('readies a collection ahead of its first search, keeping the table it opened; a missing one is no error', async () => {
    const ref = freshRef();
    await store().upsert(ref, chunksOf('up1', TOPICS));
    const reader = store();
    await expect(reader.prepare(freshRef())).resolves.toBeUndefined();
    await reader.prepare(ref);
    const opened = (reader as unknown as { tables: Map<string, Promise<unknown>> }).tables;
    expect([...opened.keys()]).toEqual([tableNameFor(ref)]);
    expect((await reader.search(ref, { ...queryFor('aqueducts arches'), mode: 'text' }))[0]?.id).toBe('up1:4');
  });

  it('replaces chunks by id, so a redelivered upload adds nothing', async () => {
    const s = store();
    const ref = freshRef();
    await s.upsert(ref, chunksOf('up1', TOPICS));
    await s.upsert(ref, chunksOf('up1', TOPICS));
    const edited = chunksOf('up1', ['Glaciers carve U-shaped valleys as they move.'])[0]!;
    await s.upsert(ref, [edited]);

    expect(await s.count(ref)).toBe(TOPICS.length);
    const hits = await s.search(ref, { ...queryFor('glaciers'), mode: 'text' });
    expect(hits.map((h) => [h.id, h.text])).toEqual([['up1:0', edited.text]]);
    expect(await s.search(ref, { ...queryFor('photosynthesis'), mode: 'text' })).toEqual([]);
  });

  it('folds rows into the full-text index once 1,000 of them are unindexed, even from few large batches', async () => {
    const s = store();
    const ref = freshRef();
    const texts = Array.from({ length: 1_200 }, (_, i) => `Record ${i} about ${TOPICS[i % TOPICS.length]}`);
    // Two batches: two small fragments, two versions; only the unindexed rows make the table due.
    await s.upsert(ref, chunksOf('bulk-a', texts.slice(0, 100)));
    await s.upsert(ref, chunksOf('bulk-b', texts.slice(100)));
    const table = await (await connect(dir)).openTable(tableNameFor(ref));
    const index = (await table.listIndices()).find((i) => i.columns.includes('text'))!;
    expect((await table.indexStats(index.name))!.numUnindexedRows).toBe(0);
    expect((await s.search(ref, { ...queryFor('aqueducts arches'), mode: 'text', limit: 3 }))[0]!.text).toMatch(
      /aqueducts/i,
    );
  });

  it('loses no chunk when several workers write one table at once', async () => {
    const ref = freshRef();
    const uploads = Array.from({ length: 6 }, (_, u) =>
      chunksOf(
        `up${u}`,
        Array.from({ length: 40 }, (_, i) => `upload u${u} chunk c${i} ${TOPICS[i % TOPICS.length]}`),
      ),
    );
    // Tokens like u5 and c39 tell uploads and chunks apart (the tokenizer may drop one-digit words).
    // Separate stores are separate connections, as separate Lambda workers are; one upload is redelivered.
    await Promise.all([...uploads, uploads[0]!].map((chunks) => store().upsert(ref, chunks)));

    const reader = store();
    expect(await reader.count(ref)).toBe(6 * 40);
    for (let u = 0; u < 6; u++) expect(await reader.count(ref, `up${u}`)).toBe(40);
    // Found by text: rows written while the full-text index was built are searched flat beside it, and
    // the two scores need not rank the exact match first (nor in the first three, beside the five other
    // uploads' c39 chunks), so the test asks only that it is among the matches.
    const hits = await reader.search(ref, { ...queryFor('upload u5 chunk c39', 10), mode: 'text' });
    expect(hits.map((h) => h.id)).toContain('up5:39');
  });

  it("writes a new table's first chunks again when a racing creation empties the table", async () => {
    const lines: string[] = [];
    const ref = freshRef();
    // The index hook runs between the store's write and its read-back, the moment a racing
    // creator's commit would land; LanceDB commits a second creation as exactly this overwrite.
    // It blocks until another process has made it, so the order is certain.
    const overwriteFromAnotherProcess = () =>
      execFileSync(process.execPath, [
        '--input-type=module',
        '-e',
        `import { connect } from '@lancedb/lancedb';
         const db = await connect(${JSON.stringify(dir)});
         const name = ${JSON.stringify(tableNameFor(ref))};
         const schema = await (await db.openTable(name)).schema();
         await db.createEmptyTable(name, schema, { mode: 'overwrite' });`,
      ]);
    const s = store({
      log: createLogger({ sink: (line) => lines.push(line) }),
      vectorIndex: {
        minRows: 1,
        index: () => {
          overwriteFromAnotherProcess();
          return Index.ivfFlat({ distanceType: 'cosine' });
        },
      },
    });
    await s.upsert(ref, chunksOf('up1', TOPICS));

    expect(lines.filter((line) => line.includes('Chunks lost to a concurrent table creation'))).toHaveLength(1);
    expect(await store().count(ref, 'up1')).toBe(TOPICS.length);
  });

  it('keeps accounts apart even with the same collection name', async () => {
    const s = store();
    const mine = { account: 'alice', collection: 'shared-name' };
    const theirs = { account: 'bob', collection: 'shared-name' };
    await s.upsert(mine, chunksOf('a', TOPICS.slice(0, 2)));
    await s.upsert(theirs, chunksOf('b', TOPICS.slice(2, 5)));

    expect(await s.count(mine)).toBe(2);
    expect(await s.count(theirs)).toBe(3);
    const hits = await s.search(theirs, queryFor('photosynthesis chloroplasts', 10));
    expect(hits.every((h) => h.uploadId === 'b')).toBe(true);
  });

  it('deletes one upload, whatever characters its id holds', async () => {
    const s = store();
    const ref = freshRef();
    const hostile = "x' OR '1'='1";
    await s.upsert(ref, [...chunksOf(hostile, TOPICS.slice(0, 2)), ...chunksOf('keep', TOPICS.slice(2, 4))]);

    expect(await s.count(ref, hostile)).toBe(2);
    await s.deleteUpload(ref, hostile);
    expect(await s.count(ref)).toBe(2);
    expect(await s.count(ref, 'keep')).toBe(2);
  });

  it('filters on any upload id exactly', async () => {
    const s = store();
    const ref = freshRef();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }).filter((id) => !id.includes('\0')),
        async (uploadId) => {
          await s.upsert(ref, chunksOf(uploadId, ['one chunk']));
          expect(await s.count(ref, uploadId)).toBe(1);
          await s.deleteUpload(ref, uploadId);
          expect(await s.count(ref, uploadId)).toBe(0);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('deletes a collection, and deleting an absent one is not an error', async () => {
    const s = store();
    const ref = freshRef();
    await s.upsert(ref, chunksOf('up1', TOPICS));
    await s.deleteCollection(ref);

    expect(await s.count(ref)).toBe(0);
    expect(await s.search(ref, queryFor('water'))).toEqual([]);
    await expect(s.deleteCollection(ref)).resolves.toBeUndefined();
    await s.upsert(ref, chunksOf('up2', TOPICS.slice(0, 1)));
    expect(await s.count(ref)).toBe(1);
  });

  it('notices a collection deleted by another process under a cached table', async () => {
    const worker = store();
    const other = store();
    const ref = freshRef();
    await worker.upsert(ref, chunksOf('up1', TOPICS));
    expect(await worker.count(ref)).toBe(TOPICS.length);

    await other.deleteCollection(ref);
    expect(await worker.search(ref, queryFor('water'))).toEqual([]);
    await worker.upsert(ref, chunksOf('up2', TOPICS.slice(0, 2)));
    expect(await other.count(ref)).toBe(2);
  });

  it('sees other processes’ writes at once', async () => {
    const reader = store();
    const writer = store();
    const ref = freshRef();
    await writer.upsert(ref, chunksOf('up1', TOPICS.slice(0, 1)));
    expect(await reader.count(ref)).toBe(1);
    await writer.upsert(ref, chunksOf('up2', TOPICS.slice(1, 3)));
    expect(await reader.count(ref)).toBe(3);
  });

  it('answers an absent collection with nothing', async () => {
    const s = store();
    const ref = freshRef();
    expect(await s.count(ref)).toBe(0);
    expect(await s.search(ref, queryFor('anything'))).toEqual([]);
    await expect(s.deleteUpload(ref, 'u')).resolves.toBeUndefined();
  });

  it('ranks an empty query by words only, and finds nothing by vector', async () => {
    const s = store();
    const ref = freshRef();
    await s.upsert(ref, chunksOf('up1', TOPICS));
    const empty = queryFor('   ');

    expect(await s.search(ref, { ...empty, mode: 'vector' })).toEqual([]);
    expect(await s.search(ref, empty)).toEqual([]);
    const zeroVectorWithWords = { ...queryFor('volcanic ash'), vector: empty.vector };
    expect((await s.search(ref, zeroVectorWithWords))[0]!.id).toBe('up1:2');
  });

  it('takes any query text as words, never as a query language', async () => {
    const s = store();
    const ref = freshRef();
    await s.upsert(ref, chunksOf('up1', TOPICS));
    for (const text of [
      '"unbalanced',
      'water AND (ash OR -x):y',
      "x' OR 1=1 --",
      '*',
      'ñandú 日本語',
      'a'.repeat(5000),
    ]) {
      await expect(s.search(ref, { ...queryFor(text), mode: 'text' })).resolves.toBeInstanceOf(Array);
    }
  });

  it('rejects a query vector from another embedder', async () => {
    const s = store();
    const ref = freshRef();
    await s.upsert(ref, chunksOf('up1', TOPICS.slice(0, 1)));
    const error = await s
      .search(ref, { ...queryFor('x'), vector: new Float32Array(1536).fill(0.1) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 409, code: 'embedder_mismatch' });
  });

  it('builds the ANN index at the threshold and still finds chunks written after it', async () => {
    const lines: string[] = [];
    const s = store({ vectorIndex: { minRows: 300 }, log: createLogger({ sink: (line) => lines.push(line) }) });
    const ref = freshRef();
    const filler = Array.from({ length: 300 }, (_, i) => `filler note ${i} about ${TOPICS[i % TOPICS.length]}`);
    await s.upsert(ref, chunksOf('bulk', filler));
    expect(lines.filter((line) => line.includes('Vector index built'))).toHaveLength(1);
    await s.upsert(
      ref,
      chunksOf('fresh', ['Tardigrades survive vacuum, radiation and freezing by entering cryptobiosis.']),
    );

    const probe = store();
    const hits = await probe.search(ref, { ...queryFor('tardigrades cryptobiosis radiation'), mode: 'vector' });
    expect(hits[0]!.id).toBe('fresh:0');
    expect((await probe.search(ref, { ...queryFor('tardigrades'), mode: 'text' }))[0]!.id).toBe('fresh:0');
  });
});
