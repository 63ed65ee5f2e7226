// S3 has strong read-after-write consistency: a GET after a PUT has answered sees the whole new object,
// and a GET during an overwrite sees the old object or the new one, never a mix. The service relies on
// it (deployment records are small JSON objects overwritten while callers poll them), so the local
// stack's S3 emulator must hold to it too. Each object here is a JSON record whose size changes with
// every write, the shape that once broke a poll with a half-written record.
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3rverCredentials } from '../../../lib/aws/client-cache';
import { S3BlobStore } from '../../../lib/aws/s3-blob-store';
import { startEmulators, type Emulators } from '../../../local/emulators';

const WRITES = 60;
const READERS = 4;
const MAX_BYTES = 1024 * 1024;

let emulators: Emulators;
let store: S3BlobStore;

/** A record of its own size: odd rounds are long, even ones short, so a torn read cannot parse as either. */
const record = (round: number) =>
  Buffer.from(JSON.stringify({ round, padding: 'x'.repeat(round % 2 ? 20_000 + round : round) }));

beforeAll(async () => {
  emulators = await startEmulators();
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: emulators.endpoints.s3,
    forcePathStyle: true,
    credentials: s3rverCredentials,
  });
  store = new S3BlobStore(s3, emulators.bucket, s3);
});

afterAll(async () => {
  await emulators?.stop();
});

describe('the local S3 emulator', () => {
  it('answers a GET right after a PUT with the whole new object', async () => {
    for (let round = 0; round < WRITES; round++) {
      await store.put('consistency/after-write.json', record(round));
      const read = await store.get('consistency/after-write.json', MAX_BYTES);
      expect(JSON.parse(Buffer.from(read!).toString('utf8')).round).toBe(round);
    }
  });

  it('answers GETs during overwrites with one whole record or another, never a torn one', async () => {
    const key = 'consistency/overwritten.json';
    await store.put(key, record(0));
    let writing = true;
    const torn: string[] = [];
    const seen = new Set<number>();
    const reader = async () => {
      while (writing) {
        const text = Buffer.from((await store.get(key, MAX_BYTES))!).toString('utf8');
        try {
          seen.add((JSON.parse(text) as { round: number }).round);
        } catch {
          torn.push(`${text.length} bytes: ${text.slice(0, 40)}…`);
        }
      }
    };
    const writer = async () => {
      for (let round = 1; round <= WRITES; round++) await store.put(key, record(round));
      writing = false;
    };
    await Promise.all([writer(), ...Array.from({ length: READERS }, reader)]);
    expect(torn).toEqual([]);
    // The readers did overlap the writes (more than the first and last record seen).
    expect(seen.size).toBeGreaterThan(2);
  });

  it('lists and deletes as before: a deleted key reads as absent, its neighbours stay', async () => {
    await store.put('consistency/dir/a.json', record(1));
    await store.put('consistency/dir/b.json', record(2));
    await store.delete('consistency/dir/a.json');
    expect(await store.get('consistency/dir/a.json', MAX_BYTES)).toBeUndefined();
    expect(JSON.parse(Buffer.from((await store.get('consistency/dir/b.json', MAX_BYTES))!).toString()).round).toBe(2);
  });
});
