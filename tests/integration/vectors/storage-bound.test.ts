// A collection's storage stays within 2× its data after any sequence of uploads and deletes
// (lance-maintenance.ts). "Its data" is the same surviving rows written once into a fresh table
// and compacted: what the collection would take if it had never changed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../lib/log';
import { tableNameFor } from '../../../lib/vectors/collection-table';
import { LanceVectorStore } from '../../../lib/vectors/lancedb-store';
import type { ChunkRecord } from '../../../lib/vectors/ports';
import { bytesUnder } from '../../support/disk-usage';
import { chunksOf } from './chunks';

const ref = { account: 'acct-storage', collection: 'lean' };
const BATCH = 128;
const quiet = createLogger({ sink: () => undefined });
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fnq-storage-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Paragraph-sized texts, distinct per upload, like the chunks of a real document. */
const uploadChunks = (uploadId: string, count: number) =>
  chunksOf(
    uploadId,
    Array.from(
      { length: count },
      (_, i) =>
        `${uploadId} part ${i}: ${'the harbour master logs each ferry, tide and cargo manifest with care. '.repeat(12)}${i}`,
    ),
  );

/** What the rows take written once and compacted, in a table of their own. */
async function dataBytes(rows: ChunkRecord[]): Promise<number> {
  const uri = await mkdtemp(join(tmpdir(), 'fnq-storage-ref-'));
  try {
    const reference = new LanceVectorStore({ uri, log: quiet, maintenance: { smallFragments: 1 } });
    await reference.upsert(ref, rows);
    return await bytesUnder(join(uri, `${tableNameFor(ref)}.lance`));
  } finally {
    await rm(uri, { recursive: true, force: true });
  }
}

describe('collection storage', () => {
  it('stays within 2× its data after every step of uploads, redeliveries and deletes', async () => {
    const store = new LanceVectorStore({ uri: dir, log: quiet });
    const live = new Map<string, ChunkRecord[]>();
    const upload = async (id: string, count: number) => {
      const chunks = uploadChunks(id, count);
      for (let at = 0; at < chunks.length; at += BATCH) await store.upsert(ref, chunks.slice(at, at + BATCH));
      live.set(id, chunks);
    };
    const remove = async (id: string) => {
      await store.deleteUpload(ref, id);
      live.delete(id);
    };
    const steps: [string, () => Promise<void>][] = [
      ['a large upload', () => upload('u1', 2_000)],
      ['a second upload', () => upload('u2', 700)],
      ['a redelivery of the second', () => upload('u2', 700)],
      ['deleting the first', () => remove('u1')],
      [
        'small uploads',
        async () => {
          for (let n = 3; n < 13; n++) await upload(`u${n}`, 40);
        },
      ],
      [
        'deleting half of them',
        async () => {
          for (let n = 3; n < 13; n += 2) await remove(`u${n}`);
        },
      ],
      ['another large upload', () => upload('u13', 1_500)],
    ];
    const table = join(dir, `${tableNameFor(ref)}.lance`);
    for (const [step, run] of steps) {
      await run();
      const rows = [...live.values()].flat();
      expect(await store.count(ref)).toBe(rows.length);
      const [onDisk, data] = [await bytesUnder(table), await dataBytes(rows)];
      expect(onDisk / data, `after ${step}: ${onDisk} bytes on disk for ${data} bytes of data`).toBeLessThanOrEqual(2);
    }
  }, 300_000);
});
