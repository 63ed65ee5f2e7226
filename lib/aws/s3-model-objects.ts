// The models prefix (FNQ_MODELS_S3_URI, `s3://bucket/prefix`) as ModelObjects: the embedding Lambdas
// read model folders from it into /tmp (lib/ai/model-download.ts).
import { GetObjectCommand, NoSuchKey, type S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { ModelObjects } from '../ai/model-download';

/** Bucket and key prefix of an `s3://bucket[/prefix]` URI; undefined when it is not one. */
export function parseS3Uri(uri: string): { bucket: string; prefix: string } | undefined {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(uri);
  if (!match) return undefined;
  const prefix = (match[2] ?? '').replace(/\/+$/, '');
  return { bucket: match[1]!, prefix: prefix ? `${prefix}/` : '' };
}

export class S3ModelObjects implements ModelObjects {
  readonly where: string;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(
    private readonly s3: S3Client,
    uri: string,
  ) {
    const parsed = parseS3Uri(uri);
    if (!parsed) throw new Error(`FNQ_MODELS_S3_URI must look like s3://bucket/prefix, not ${uri}`);
    ({ bucket: this.bucket, prefix: this.prefix } = parsed);
    this.where = `s3://${this.bucket}/${this.prefix}`;
  }

  async open(key: string): Promise<Readable | undefined> {
    try {
      const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      return out.Body as Readable | undefined;
    } catch (e) {
      if (e instanceof NoSuchKey) return undefined;
      throw e;
    }
  }
}
