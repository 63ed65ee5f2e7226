// Embedder on OpenAI's embeddings API. Always asks for EMBEDDING_DIMENSIONS and checks what comes
// back: a model that ignores `dimensions` would otherwise fill a collection with unusable vectors.
import { badGateway } from '../errors';
import { platformCalls, type PlatformCall } from './openai-calls';
import type { OpenAIAdapterOptions } from './openai-options';
import { EMBEDDING_DIMENSIONS, type Embedder, type TokenUsage } from './ports';
import { addUsage, NO_USAGE } from './usage';

/** Well under the platform's per-request limits (2,048 inputs, 300k tokens) for chunk-sized texts. */
export const EMBEDDING_BATCH_SIZE = 128;

export class OpenAIEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions = EMBEDDING_DIMENSIONS;
  private readonly call: PlatformCall;

  constructor(private readonly options: OpenAIAdapterOptions) {
    this.id = `${options.platform}:${options.model}`;
    this.call = platformCalls(options);
  }

  async embed(
    texts: string[],
    options: { signal?: AbortSignal } = {},
  ): Promise<{ vectors: Float32Array[]; usage: TokenUsage }> {
    const vectors: Float32Array[] = [];
    let usage = NO_USAGE;
    for (let start = 0; start < texts.length; start += EMBEDDING_BATCH_SIZE) {
      const batch = texts.slice(start, start + EMBEDDING_BATCH_SIZE);
      const batchResult = await this.embedBatch(batch, options.signal);
      vectors.push(...batchResult.vectors);
      usage = addUsage(usage, batchResult.usage);
    }
    return { vectors, usage };
  }

  private async embedBatch(batch: string[], signal: AbortSignal | undefined) {
    // The SDK asks for base64 and decodes it to numbers itself.
    const response = await this.call(signal, (client, s) =>
      client.embeddings.create({ model: this.options.model, input: batch, dimensions: this.dimensions }, { signal: s }),
    );
    const data = [...response.data].sort((a, b) => a.index - b.index);
    if (data.length !== batch.length) {
      throw badGateway(
        `The embedding model ${this.options.model} returned ${data.length} vectors for ${batch.length} texts`,
        'Retry the request; if it keeps failing, report it to the operator',
        'embedding_count_mismatch',
      );
    }
    const wrong = data.find((d) => d.embedding.length !== this.dimensions);
    if (wrong) {
      throw badGateway(
        `The embedding model ${this.options.model} returned ${wrong.embedding.length}-dimensional vectors, not ${this.dimensions}`,
        `Configure an embedding model that honours the dimensions parameter (e.g. text-embedding-3-small) so vectors have ${this.dimensions} dimensions`,
        'embedding_dimensions_mismatch',
      );
    }
    return {
      vectors: data.map((d) => Float32Array.from(d.embedding)),
      // Some OpenAI-compatible servers omit usage.
      usage: {
        promptTokens: response.usage?.prompt_tokens ?? 0,
        completionTokens: 0,
        totalTokens: response.usage?.total_tokens ?? 0,
      },
    };
  }
}
