// s3rver 3.7 (archived upstream) is not consistent the way S3 is. Its filesystem store truncates an
// object's file in place and then writes it, answers the PUT before a buffered body has reached the
// disk, and keeps size and ETag in files of their own. A GET during an overwrite can therefore read a
// torn object, and one right after a PUT a short one. S3 promises strong read-after-write
// consistency, and the service relies on it (deployment records are overwritten while callers
// poll them). So the local stack makes its store whole:
// - an incoming object is spooled to a file of its own, outside the lock, and renamed into place
//   only once it is all on disk;
// - the rename and the object's side files, and every read of an object's size and opening of its
//   file, run one at a time.
// A reader that opened the old file keeps reading it after a rename, as S3 serves the version a GET
// began with.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What of s3rver's FilesystemStore this file uses (its typings do not describe the store). */
export interface FilesystemStore {
  rootDirectory: string;
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  [method: string]: unknown;
}

interface IncomingObject {
  bucket: string;
  key: string;
  metadata: unknown;
  content: Buffer | Readable;
}

/** The store methods s3rver's request handlers call that read or change an object. */
const SERIALISED = ['getObject', 'deleteObject', 'copyObject', 'existsObject', 'listObjects'] as const;

/** Wraps the store in place; the returned function removes the spool directory once the emulator stops. */
export function makeStoreConsistent(store: FilesystemStore): () => Promise<void> {
  // Beside the store's root, not in it (every directory in the root is listed as a bucket), and on the
  // same filesystem, so the rename is atomic.
  const incoming = join(dirname(store.rootDirectory), `.s3-incoming-${randomUUID()}`);
  let tail: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  };

  for (const name of SERIALISED) {
    const original = (store[name] as (...args: unknown[]) => Promise<unknown>).bind(store);
    store[name] = (...args: unknown[]) => oneAtATime(() => original(...args));
  }

  store.putObject = async (object: IncomingObject) => {
    await mkdir(incoming, { recursive: true });
    const spooled = join(incoming, randomUUID());
    try {
      const md5 = createHash('md5');
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          md5.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
      await pipeline(source, count, createWriteStream(spooled));
      const digest = md5.digest('hex');
      await oneAtATime(async () => {
        const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
        await mkdir(dirname(objectPath), { recursive: true });
        await rename(spooled, objectPath);
        await store.putMetadata(object.bucket, object.key, object.metadata, digest);
      });
      return { size, md5: digest };
    } finally {
      await rm(spooled, { force: true });
    }
  };
  return () => rm(incoming, { recursive: true, force: true });
}
