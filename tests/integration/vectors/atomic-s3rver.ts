// S3 makes an object visible whole or not at all; s3rver 3.7.1 does not. It acknowledges a PUT
// of a small body before the file is written (`writeStream.end(); resolve()`), copies onto the
// live key in place, and rewrites an object's metadata.json in place, so a concurrent HEAD or GET
// sees a missing object, a partial one, or unparsable metadata (a 500 that never clears).
// LanceDB's DynamoDB commit protocol (staging manifest → DynamoDB → copy to the final name, by
// whichever writer or reader gets there) depends on S3's guarantee, and with several writers on
// stock s3rver it failed: missing and half-written manifests, tables read back empty.
// This gives one s3rver instance S3's behaviour by writing every file beside its target and
// renaming it into place (atomic on POSIX), object last.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type S3rver from 's3rver';

interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  getMetadata(bucket: string, key: string): Promise<unknown>;
}

interface StoredObject {
  bucket: string;
  key: string;
  content: Buffer | AsyncIterable<Buffer>;
  metadata: Record<string, unknown>;
}

async function publish(path: string, content: string | Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const staging = `${path}.${randomUUID()}.partial`;
  await writeFile(staging, content);
  await rename(staging, path);
}

const KEPT_METADATA =
  /^(content-type|content-encoding|content-disposition|content-language|cache-control|expires|x-amz-meta-.*)$/i;

export function makeObjectWritesAtomic(s3: S3rver): void {
  const store = (s3 as unknown as { store: FilesystemStore }).store;

  async function putFiles(bucket: string, key: string, content: Buffer, metadata: Record<string, unknown>) {
    const md5 = createHash('md5').update(content).digest('hex');
    const kept = Object.fromEntries(Object.entries(metadata).filter(([name]) => KEPT_METADATA.test(name)));
    await publish(store.getResourcePath(bucket, key, 'object.md5'), md5);
    await publish(store.getResourcePath(bucket, key, 'metadata.json'), JSON.stringify(kept));
    await publish(store.getResourcePath(bucket, key, 'object'), content);
    return { size: content.length, md5 };
  }

  Object.assign(store, {
    async putObject(object: StoredObject) {
      const parts: Buffer[] = [];
      if (Buffer.isBuffer(object.content)) parts.push(object.content);
      else for await (const part of object.content) parts.push(Buffer.from(part));
      return putFiles(object.bucket, object.key, Buffer.concat(parts), object.metadata);
    },
    async copyObject(
      srcBucket: string,
      srcKey: string,
      destBucket: string,
      destKey: string,
      replacementMetadata?: Record<string, unknown>,
    ) {
      const content = await readFile(store.getResourcePath(srcBucket, srcKey, 'object'));
      const metadata =
        replacementMetadata ??
        (JSON.parse(await readFile(store.getResourcePath(srcBucket, srcKey, 'metadata.json'), 'utf8')) as Record<
          string,
          unknown
        >);
      await putFiles(destBucket, destKey, content, metadata);
      return store.getMetadata(destBucket, destKey);
    },
  });
}
