// S3 makes an object visible whole or not at all, and a GET after a PUT has answered sees the new
// object (strong read-after-write consistency). s3rver 3.7.1 (archived upstream) does neither: it
// answers a PUT of a small body before the file is written (`writeStream.end(); resolve()`), writes
// and copies onto the live key in place, and keeps size, ETag and metadata in side files it also
// rewrites in place. A GET during an overwrite then reads a torn object (the SDK aborts it on its
// length), a HEAD unparsable metadata (a 500 that never clears), and LanceDB's commit protocol,
// which depends on S3's guarantee, lost manifests and rows with several writers. The service relies
// on it too: deployment records are overwritten while callers poll them.
// So the local stack gives its s3rver S3's behaviour:
// - an incoming object is spooled to a file of its own, outside the lock, and every file of an
//   object (side files first, the object last) is written beside its target and renamed into place;
// - those renames, and every read of an object's size and opening of its file, run one at a time.
// A GET that opened the old file keeps reading it after a rename, as S3 serves the version a GET
// began with; and a crash mid-write leaves at most a spooled file, never a torn object.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What of s3rver's FilesystemStore this file uses (its typings do not describe the store). */
export interface FilesystemStore {
  rootDirectory: string;
  getResourcePath(bucket: string, key: string, resource: string): string;
  getMetadata(bucket: string, key: string): Promise<unknown>;
  [method: string]: unknown;
}

interface IncomingObject {
  bucket: string;
  key: string;
  metadata: Record<string, unknown>;
  content: Buffer | Readable;
}

/** The store methods s3rver's request handlers call to read an object or take one away. */
const READS_AND_DELETES = ['getObject', 'deleteObject', 'existsObject', 'listObjects'] as const;

/** What s3rver keeps of a PUT's headers (its S3Object.ALLOWED_METADATA, and user metadata). */
const KEPT_METADATA =
  /^(content-type|content-encoding|content-disposition|content-language|cache-control|expires|x-amz-meta-.*)$/i;

async function publish(path: string, content: string | Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const staging = `${path}.${randomUUID()}.partial`;
  await writeFile(staging, content);
  await rename(staging, path);
}

/** Wraps the store in place; the returned function removes the spool directory once the emulator stops. */
export function makeStoreConsistent(store: FilesystemStore): () => Promise<void> {
  // Beside the store's root, not in it (every directory in the root is listed as a bucket), and on the
  // same filesystem, so the rename is atomic.
  const spool = join(dirname(store.rootDirectory), `.s3-incoming-${randomUUID()}`);
  let tail: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  };

  for (const name of READS_AND_DELETES) {
    const original = (store[name] as (...args: unknown[]) => Promise<unknown>).bind(store);
    store[name] = (...args: unknown[]) => oneAtATime(() => original(...args));
  }

  /** Puts a spooled file in place as the object; called one at a time. */
  async function install(
    spooled: string,
    { bucket, key, metadata, md5 }: { bucket: string; key: string; metadata: Record<string, unknown>; md5: string },
  ) {
    const kept = Object.fromEntries(Object.entries(metadata).filter(([name]) => KEPT_METADATA.test(name)));
    await publish(store.getResourcePath(bucket, key, 'object.md5'), md5);
    await publish(store.getResourcePath(bucket, key, 'metadata.json'), JSON.stringify(kept));
    const objectPath = store.getResourcePath(bucket, key, 'object');
    await mkdir(dirname(objectPath), { recursive: true });
    await rename(spooled, objectPath);
  }

  async function spooling<T>(work: (spooled: string) => Promise<T>): Promise<T> {
    await mkdir(spool, { recursive: true });
    const spooled = join(spool, randomUUID());
    try {
      return await work(spooled);
    } finally {
      await rm(spooled, { force: true });
    }
  }

  store.putObject = (object: IncomingObject) =>
    spooling(async (spooled) => {
      let size = 0;
      const hash = createHash('md5');
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          hash.update(chunk);
          done(null, chunk);
        },
      });
      const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
      await pipeline(source, count, createWriteStream(spooled));
      const md5 = hash.digest('hex');
      await oneAtATime(() => install(spooled, { ...object, md5 }));
      return { size, md5 };
    });

  store.copyObject = (
    srcBucket: string,
    srcKey: string,
    destBucket: string,
    destKey: string,
    replacementMetadata?: Record<string, unknown>,
  ) =>
    spooling((spooled) =>
      oneAtATime(async () => {
        const content = await readFile(store.getResourcePath(srcBucket, srcKey, 'object'));
        await writeFile(spooled, content);
        const md5 = createHash('md5').update(content).digest('hex');
        const metadata =
          replacementMetadata ??
          (JSON.parse(await readFile(store.getResourcePath(srcBucket, srcKey, 'metadata.json'), 'utf8')) as Record<
            string,
            unknown
          >);
        await install(spooled, { bucket: destBucket, key: destKey, metadata, md5 });
        return store.getMetadata(destBucket, destKey);
      }),
    );

  return () => rm(spool, { recursive: true, force: true });
}
