// BlobStore on one S3 bucket. Uploaded files are private to the service: users reach them only
// through a presigned PUT of their own upload's key.
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { tooLarge } from '../errors';
import type { BlobStore } from '../storage/ports';

export class S3BlobStore implements BlobStore {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
    /** Signs upload URLs; see s3PresignClient. */
    private readonly presigner: S3Client,
  ) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes }));
  }

  async get(key: string, maxBytes: number): Promise<Uint8Array | undefined> {
    let out;
    try {
      out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (e) {
      if (e instanceof NoSuchKey) return undefined;
      throw e;
    }
    if ((out.ContentLength ?? 0) > maxBytes) {
      // Close the stream unread: the size alone decides.
      (out.Body as Readable | undefined)?.destroy();
      throw tooLarge(
        `The file is ${out.ContentLength} bytes, over the limit of ${maxBytes}`,
        'Split the document into smaller files and upload each one',
        'file_too_large',
      );
    }
    return out.Body ? out.Body.transformToByteArray() : new Uint8Array();
  }

  async delete(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async presignPut(key: string, options: { expiresInSeconds: number; contentLength?: number }): Promise<string> {
    // A signed Content-Length makes S3 refuse a body of any other size.
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentLength: options.contentLength });
    return getSignedUrl(this.presigner, command, { expiresIn: options.expiresInSeconds });
  }
}
