// The embedding Lambdas' route to the model: `npm run models:publish` puts a model folder under an S3
// prefix, and a container without the model on disk fetches it into its download folder on first use,
// checked file by file against SHA256SUMS. Against the S3 emulator with the real SDK and the real model:
// the fetched model embeds exactly as the local copy does; a tampered object, a missing model and a
// SHA256SUMS naming a path outside the folder are refused with the service's errors, leaving nothing
// half-written that a later call could load.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '@fnquery/heuristic-engine';
import { CHECKSUMS, downloadedModel, type ModelObjects } from '../../../lib/ai/model-download';
import { OnnxEmbedder, modelFolder } from '../../../lib/ai/onnx-embedder';
import { collectionEmbedder } from '../../../lib/ai/platform';
import { s3rverCredentials } from '../../../lib/aws/client-cache';
import { S3ModelObjects } from '../../../lib/aws/s3-model-objects';
import { ServiceError } from '../../../lib/errors';
import { startEmulators, type Emulators } from '../../../local/emulators';
import { publishModel } from '../../../tools/models/publish';

const MODELS = process.env.FNQ_MODELS_DIR ?? join(process.cwd(), '.models');
const DENSE = 'all-mpnet-base-v2-int8';
const INT8 = modelFolder(MODELS, DENSE);
const MODEL_TIMEOUT_MS = 300_000;

let emulators: Emulators;
let s3: S3Client;
let work: string;
let uri: string;
let objects: ModelObjects;

beforeAll(async () => {
  emulators = await startEmulators();
  s3 = new S3Client({
    region: 'us-east-1',
    endpoint: emulators.endpoints.s3,
    forcePathStyle: true,
    credentials: s3rverCredentials,
    // s3rver stores an aws-chunked body (the SDK's default for streams, with a trailing checksum) as is.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  work = await mkdtemp(join(tmpdir(), 'fnq-model-download-'));
  uri = `s3://${emulators.bucket}/models/`;
  objects = new S3ModelObjects(s3, uri);
});
afterAll(async () => {
  await emulators?.stop();
  await rm(work, { recursive: true, force: true });
});

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** A small model folder (a manifest and two files), enough to test the download without the 268 MB model. */
async function tinyModel(id: string): Promise<string> {
  const folder = join(work, 'source', id);
  await mkdir(folder, { recursive: true });
  const manifest = { id, dimensions: 768, maxTokens: 8, model: 'model.onnx', tokenizer: 'tokenizer.json' };
  await writeFile(join(folder, 'embedder.json'), JSON.stringify(manifest));
  await writeFile(join(folder, 'model.onnx'), Buffer.alloc(4096, 7));
  await writeFile(join(folder, 'tokenizer.json'), '{}');
  return folder;
}

async function serviceError(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('model folders from an S3 prefix', () => {
  it('publishes every file with its SHA-256 and downloads an identical folder, once for concurrent calls', async () => {
    const folder = await tinyModel('tiny-a');
    const sums = await publishModel(s3, uri, folder);
    expect(sums.split('\n').filter(Boolean)).toHaveLength(3);

    const dir = join(work, 'fetched-a');
    const [first, second] = await Promise.all([
      downloadedModel(objects, 'tiny-a', dir),
      downloadedModel(objects, 'tiny-a', dir),
    ]);
    expect(second).toBe(first);
    for (const name of ['embedder.json', 'model.onnx', 'tokenizer.json'])
      expect(sha256(join(first, name))).toBe(sha256(join(folder, name)));
    // Only the finished folder is left: no partial download beside it.
    expect(readdirSync(dir)).toEqual(['tiny-a']);
  });

  it('refuses an object that does not match its SHA256SUMS, and keeps no folder of it', async () => {
    await publishModel(s3, uri, await tinyModel('tiny-b'));
    // Someone replaces the graph after publishing (or the copy was cut short).
    await s3.send(
      new PutObjectCommand({ Bucket: emulators.bucket, Key: 'models/tiny-b/model.onnx', Body: Buffer.alloc(4096, 8) }),
    );
    const dir = join(work, 'fetched-b');
    const error = await serviceError(downloadedModel(objects, 'tiny-b', dir));
    expect(error.status).toBe(502);
    expect(error.code).toBe('model_download_failed');
    expect(error.lines()[0]).toMatch(
      /^ISSUE: The embedding model tiny-b under s3:\/\/.*: model\.onnx has SHA-256 [0-9a-f]{64}, .* ADVICE: Publish the model again/,
    );
    expect(readdirSync(dir)).toEqual([]);
    expect(modelFolder(dir, 'tiny-b')).toBeUndefined();

    // Published again correctly, the next call (a later request) succeeds: the failure was not cached.
    await publishModel(s3, uri, await tinyModel('tiny-b'));
    expect(modelFolder(dir, 'tiny-b')).toBeUndefined();
    expect(await downloadedModel(objects, 'tiny-b', dir)).toBe(join(dir, 'tiny-b'));
  });

  it('answers 409 embedder_unavailable for a model the prefix lacks', async () => {
    const error = await serviceError(downloadedModel(objects, 'no-such-model', join(work, 'fetched-c')));
    expect(error.status).toBe(409);
    expect(error.code).toBe('embedder_unavailable');
    expect(error.lines()[0]).toContain('ADVICE: Publish it there with npm run models:publish');
  });

  it('refuses a SHA256SUMS that names a file outside the model folder', async () => {
    const key = 'models/climber/SHA256SUMS';
    const body = `${'0'.repeat(64)}  embedder.json\n${'1'.repeat(64)}  ../../outside.txt\n`;
    await s3.send(new PutObjectCommand({ Bucket: emulators.bucket, Key: key, Body: body }));
    const dir = join(work, 'fetched-d');
    const error = await serviceError(downloadedModel(objects, 'climber', dir));
    expect(error.status).toBe(502);
    expect(error.lines()[0]).toContain(`${CHECKSUMS} has a line that is not`);
    expect(existsSync(join(work, 'outside.txt'))).toBe(false);
  });

  it.skipIf(!INT8)(
    'the real int8 model, fetched by a container that does not have it, embeds exactly as the local copy',
    async () => {
      await publishModel(s3, uri, INT8!);
      const dir = join(work, 'lambda-tmp');
      const config = {
        modelsDir: join(work, 'no-bundled-models'),
        modelDownloads: { objects, dir },
      };
      const fetched = collectionEmbedder(DENSE, config, () => new LexicalEmbedder());
      expect(fetched?.id).toBe(DENSE);
      const sentence = ['Keys are left in the box beside the front door.'];
      const [remote] = (await fetched!.embed(sentence)).vectors;
      const [local] = (await new OnnxEmbedder(INT8!).embed(sentence)).vectors;
      expect(Math.max(...remote!.map((x, d) => Math.abs(x - local![d]!)))).toBeLessThan(1e-6);
      expect(sha256(join(dir, DENSE, 'model.onnx'))).toBe(sha256(join(INT8!, 'model.onnx')));
    },
    MODEL_TIMEOUT_MS,
  );
});
