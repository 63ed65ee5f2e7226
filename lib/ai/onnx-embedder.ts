// A sentence-embedding transformer run in this process with ONNX Runtime (docs/ai.md "Dense embedder").
// The model is a folder: embedder.json (id, dimensions, token limit, file names), the ONNX graph, which
// outputs the finished unit-length sentence vector, and the tokenizer.json it was trained with.
// `npm run models` makes that folder here; deployments put the same folder on disk (bundled, or read
// from S3 into /tmp at cold start) and name it with FNQ_EMBEDDER. Nothing loads until the first embed,
// so importing this file costs nothing and the native runtime stays out of lexical-only processes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import type { Embedder, TokenUsage } from './ports';
import { EMBEDDING_DIMENSIONS } from './ports';
import { WordPieceTokenizer, wordPieceConfig } from './wordpiece';

export const MODEL_MANIFEST = 'embedder.json';

export interface ModelManifest {
  id: string;
  dimensions: number;
  /** Tokens per text, framing tokens included; the rest of a longer text is not read. */
  maxTokens: number;
  model: string;
  tokenizer: string;
}

/** Texts per forward pass: large enough to keep both cores busy, small enough that padding wastes little. */
export const ONNX_BATCH = 16;

/** An id is a folder name; anything that could climb out of the models folder is no id of ours. */
export const isModelId = (id: string) => /^[a-z0-9][a-z0-9._-]{0,99}$/i.test(id);

/** The folder of the model with this id under `modelsDir`, if it is there. */
export function modelFolder(modelsDir: string, id: string): string | undefined {
  if (!isModelId(id)) return undefined;
  const folder = join(modelsDir, id);
  return existsSync(join(folder, MODEL_MANIFEST)) ? folder : undefined;
}

export function readManifest(folder: string): ModelManifest {
  const manifest = JSON.parse(readFileSync(join(folder, MODEL_MANIFEST), 'utf8')) as ModelManifest;
  if (manifest.dimensions !== EMBEDDING_DIMENSIONS) {
    throw new Error(
      `The model in ${folder} makes ${manifest.dimensions}-dimensional vectors; collections hold ${EMBEDDING_DIMENSIONS}`,
    );
  }
  return manifest;
}

interface Loaded {
  session: InferenceSession;
  tokenizer: WordPieceTokenizer;
  Tensor: typeof Tensor;
  manifest: ModelManifest;
}

/** A model whose folder is made on first use (read from an S3 prefix into /tmp: lib/ai/model-download.ts). */
export interface FetchedModel {
  id: string;
  folder: () => Promise<string>;
}

export class OnnxEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions = EMBEDDING_DIMENSIONS;
  private loaded: Promise<Loaded> | undefined;

  /** `model`: a folder on disk (its manifest is read now), or one fetched when first needed. */
  constructor(
    private readonly model: string | FetchedModel,
    private readonly options: { threads?: number } = {},
  ) {
    this.id = typeof model === 'string' ? readManifest(model).id : model.id;
  }

  /** Loads the runtime, the graph and the tokenizer; the first embed does it if this was not called. */
  load(): Promise<Loaded> {
    this.loaded ??= this.open().catch((e: unknown) => {
      this.loaded = undefined;
      throw e;
    });
    return this.loaded;
  }

  async embed(texts: string[], options: { signal?: AbortSignal } = {}) {
    const { session, tokenizer, Tensor, manifest } = await this.load();
    const encoded = texts.map((text) => tokenizer.encode(text, manifest.maxTokens));
    // Batches of similar lengths pad little: order by length, embed, put the vectors back in place.
    const order = encoded.map((_, i) => i).sort((a, b) => encoded[a]!.length - encoded[b]!.length);
    const vectors: Float32Array[] = new Array<Float32Array>(texts.length);
    let tokens = 0;
    for (let start = 0; start < order.length; start += ONNX_BATCH) {
      options.signal?.throwIfAborted();
      const batch = order.slice(start, start + ONNX_BATCH);
      const width = Math.max(...batch.map((i) => encoded[i]!.length));
      const ids = new BigInt64Array(batch.length * width).fill(BigInt(tokenizer.padId));
      const mask = new BigInt64Array(batch.length * width);
      batch.forEach((textIndex, row) => {
        encoded[textIndex]!.forEach((id, column) => {
          ids[row * width + column] = BigInt(id);
          mask[row * width + column] = 1n;
        });
        tokens += encoded[textIndex]!.length;
      });
      const shape = [batch.length, width];
      const output = await session.run({
        input_ids: new Tensor('int64', ids, shape),
        attention_mask: new Tensor('int64', mask, shape),
      });
      const flat = output.sentence_embedding!.data as Float32Array;
      batch.forEach((textIndex, row) => {
        vectors[textIndex] = flat.slice(row * this.dimensions, (row + 1) * this.dimensions);
      });
    }
    const usage: TokenUsage = { promptTokens: tokens, completionTokens: 0, totalTokens: tokens };
    return { vectors, usage };
  }

  private async open(): Promise<Loaded> {
    const folder = typeof this.model === 'string' ? this.model : await this.model.folder();
    const manifest = readManifest(folder);
    if (manifest.id !== this.id) throw new Error(`The model in ${folder} is ${manifest.id}, not ${this.id}`);
    const ort = await import('onnxruntime-node');
    const tokenizer = new WordPieceTokenizer(
      wordPieceConfig(JSON.parse(readFileSync(join(folder, manifest.tokenizer), 'utf8'))),
    );
    const session = await ort.InferenceSession.create(join(folder, manifest.model), {
      graphOptimizationLevel: 'all',
      // Idle pool threads sleep instead of spinning: on a shared 2-core machine the same texts took the
      // same wall time and 37% less CPU (bench notes in docs/vectors.md "Dense embedder").
      extra: { session: { intra_op: { allow_spinning: '0' } } },
      ...(this.options.threads ? { intraOpNumThreads: this.options.threads } : {}),
    });
    return { session, tokenizer, Tensor: ort.Tensor, manifest };
  }
}
