// Model folders read from object storage at cold start (FNQ_MODELS_S3_URI, docs/ai.md "Dense embedder"):
// the int8 model alone is larger than a Lambda zip may be, so the embedding Lambdas fetch it into /tmp
// on first use, once per container. A model is a prefix `<id>/` holding its folder's files and
// SHA256SUMS (`sha256sum` lines, written by `npm run models:publish`); every file is hashed while it
// streams to disk and the folder appears under its final name only when all match, so a cut download
// or a corrupt object never becomes a model another call would load.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { badGateway, conflict } from '../errors';
import { MODEL_MANIFEST, isModelId, modelFolder } from './onnx-embedder';

export const CHECKSUMS = 'SHA256SUMS';

/** The models prefix of an object store (lib/aws/s3-model-objects.ts). */
export interface ModelObjects {
  /** Where the prefix is, for messages. */
  readonly where: string;
  /** The object at `key` under the prefix, streamed; undefined when there is none. */
  open(key: string): Promise<Readable | undefined>;
}

/** One download per model folder per process: concurrent first calls share it. */
const downloads = new Map<string, Promise<string>>();

/** The folder of model `id` under `dir`, downloaded from `objects` unless an earlier call did. */
export function downloadedModel(objects: ModelObjects, id: string, dir: string): Promise<string> {
  const key = join(dir, id);
  let download = downloads.get(key);
  if (!download) {
    download = download_(objects, id, dir).catch((e: unknown) => {
      downloads.delete(key); // the next call tries again (a network failure, a model published since)
      throw e;
    });
    downloads.set(key, download);
  }
  return download;
}

async function download_(objects: ModelObjects, id: string, dir: string): Promise<string> {
  const present = modelFolder(dir, id);
  if (present) return present;
  if (!isModelId(id)) throw unavailable(objects, id);
  const files = parseChecksums(await readAll(await objects.open(`${id}/${CHECKSUMS}`)), objects, id);
  const partial = join(dir, `.${id}.${process.pid}.partial`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    for (const [name, expected] of files) {
      const body = await objects.open(`${id}/${name}`);
      if (!body) throw failed(objects, id, `${name} is listed in ${CHECKSUMS} but absent`);
      const hash = createHash('sha256');
      const hashed = new Transform({
        transform(bytes: Buffer, _encoding, done) {
          hash.update(bytes);
          done(null, bytes);
        },
      });
      await pipeline(body, hashed, createWriteStream(join(partial, name)));
      const actual = hash.digest('hex');
      if (actual !== expected)
        throw failed(objects, id, `${name} has SHA-256 ${actual}, ${CHECKSUMS} says ${expected}`);
    }
    await rename(partial, join(dir, id));
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  return modelFolder(dir, id) ?? join(dir, id);
}

async function readAll(body: Readable | undefined): Promise<string | undefined> {
  if (!body) return undefined;
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** `<64 hex>  <file name>` per line; the manifest must be among the files. */
function parseChecksums(text: string | undefined, objects: ModelObjects, id: string): [string, string][] {
  if (text === undefined) throw unavailable(objects, id);
  const files: [string, string][] = [];
  for (const line of text.split('\n').filter((l) => l.trim())) {
    const match = /^([0-9a-f]{64}) [ *]([A-Za-z0-9][A-Za-z0-9._-]{0,99})$/.exec(line.trim());
    if (!match) throw failed(objects, id, `${CHECKSUMS} has a line that is not "<sha256>  <file name>"`);
    files.push([match[2]!, match[1]!]);
  }
  if (!files.some(([name]) => name === MODEL_MANIFEST))
    throw failed(objects, id, `${CHECKSUMS} lists no ${MODEL_MANIFEST}`);
  return files;
}

const unavailable = (objects: ModelObjects, id: string) =>
  conflict(
    `The embedding model ${id} is neither on this instance nor under ${objects.where}`,
    `Publish it there with npm run models:publish -- ${objects.where}, or set FNQ_EMBEDDER to a model that is`,
    'embedder_unavailable',
  );

const failed = (objects: ModelObjects, id: string, why: string) =>
  badGateway(
    `The embedding model ${id} under ${objects.where} could not be used: ${why}`,
    `Publish the model again with npm run models:publish -- ${objects.where}`,
    'model_download_failed',
  );
