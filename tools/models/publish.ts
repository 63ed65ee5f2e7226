// `npm run models:publish -- s3://bucket/prefix [id …]`: copies model folders (default: every one
// `npm run models` wrote) to the S3 prefix the embedding Lambdas read at cold start (FNQ_MODELS_S3_URI,
// lib/ai/model-download.ts), each file with its SHA-256 in `<id>/SHA256SUMS`, which is written last so a
// half-published model is never taken for a whole one. Credentials and region come from the usual AWS
// environment; FNQ_S3_ENDPOINT points it at an emulator.
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { CHECKSUMS } from '../../lib/ai/model-download';
import { MODEL_MANIFEST, modelFolder, readManifest } from '../../lib/ai/onnx-embedder';
import { parseS3Uri } from '../../lib/aws/s3-model-objects';

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const bytes of createReadStream(path)) hash.update(bytes as Buffer);
  return hash.digest('hex');
}

/** Uploads one model folder under `uri`; returns the SHA256SUMS text it wrote. */
export async function publishModel(s3: S3Client, uri: string, folder: string): Promise<string> {
  const target = parseS3Uri(uri);
  if (!target) throw new Error(`not an s3://bucket/prefix URI: ${uri}`);
  const { id } = readManifest(folder);
  // The folder's files as the embedder reads them; build stamps and hidden files stay home.
  const names = readdirSync(folder).filter((n) => !n.startsWith('.') && statSync(join(folder, n)).isFile());
  if (!names.includes(MODEL_MANIFEST)) throw new Error(`${folder} has no ${MODEL_MANIFEST}`);
  const lines: string[] = [];
  for (const name of names.sort()) {
    const path = join(folder, name);
    lines.push(`${await sha256(path)}  ${name}`);
    await s3.send(
      new PutObjectCommand({
        Bucket: target.bucket,
        Key: `${target.prefix}${id}/${name}`,
        Body: createReadStream(path),
        ContentLength: statSync(path).size,
      }),
    );
  }
  const sums = `${lines.join('\n')}\n`;
  await s3.send(new PutObjectCommand({ Bucket: target.bucket, Key: `${target.prefix}${id}/${CHECKSUMS}`, Body: sums }));
  return sums;
}

async function main() {
  const [uri, ...ids] = process.argv.slice(2);
  if (!uri || !parseS3Uri(uri)) {
    console.error('usage: npm run models:publish -- s3://bucket/prefix [model id …]');
    process.exit(2);
  }
  const dir = process.env.FNQ_MODELS_DIR ?? join(process.cwd(), '.models');
  const chosen = ids.length ? ids : readdirSync(dir).filter((n) => modelFolder(dir, n));
  const endpoint = process.env.FNQ_S3_ENDPOINT;
  // An emulator (s3rver) would store the SDK's aws-chunked upload encoding as the object's bytes.
  const s3 = new S3Client(
    endpoint ? { endpoint, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' } : {},
  );
  for (const id of chosen) {
    const folder = modelFolder(dir, id);
    if (!folder) throw new Error(`no model ${id} in ${dir}; run npm run models`);
    await publishModel(s3, uri, folder);
    console.log(`published ${id} to ${uri.replace(/\/+$/, '')}/${id}/`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
