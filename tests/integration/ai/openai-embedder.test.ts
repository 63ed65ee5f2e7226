// OpenAIEmbedder through the real openai SDK (which asks for base64) against the local fake server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { EMBEDDING_BATCH_SIZE, OpenAIEmbedder } from '../../../lib/ai/openai-embedder';
import { hashEmbedding, startFakeOpenAI, type FakeOpenAI } from '../../support/fake-openai';

let server: FakeOpenAI;
let ignoringServer: FakeOpenAI;

beforeAll(async () => {
  server = await startFakeOpenAI();
  ignoringServer = await startFakeOpenAI({ fixedEmbeddingDimensions: 1536 });
});
afterAll(async () => {
  await server.close();
  await ignoringServer.close();
});
afterEach(() => {
  server.requests.length = 0;
});

const embedder = (baseURL = server.baseURL) =>
  new OpenAIEmbedder({
    platform: 'default',
    apiKey: 'op-key',
    baseURL,
    model: 'text-embedding-3-small',
    timeoutMs: 5_000,
    maxRetries: 1,
    retryBaseDelayMs: 5,
  });

describe('OpenAIEmbedder', () => {
  it('asks for 768 dimensions and returns 768-long vectors decoded from base64', async () => {
    const { vectors, usage } = await embedder().embed(['alpha beta', 'gamma']);

    const sent = server.embeddingRequests()[0]!;
    expect(sent).toMatchObject({
      model: 'text-embedding-3-small',
      input: ['alpha beta', 'gamma'],
      dimensions: 768,
      encoding_format: 'base64',
    });
    expect(vectors.map((v) => v.length)).toEqual([768, 768]);
    expect(vectors[0]).toBeInstanceOf(Float32Array);
    expect(Array.from(vectors[1]!)).toEqual(Array.from(Float32Array.from(hashEmbedding('gamma', 768))));
    expect(usage).toEqual({ promptTokens: 3, completionTokens: 0, totalTokens: 3 });
  });

  it('splits large inputs into batches and keeps the order', async () => {
    const texts = Array.from({ length: EMBEDDING_BATCH_SIZE * 2 + 5 }, (_, i) => `chunk ${i}`);

    const { vectors } = await embedder().embed(texts);

    expect(server.embeddingRequests().map((r) => (r.input as string[]).length)).toEqual([
      EMBEDDING_BATCH_SIZE,
      EMBEDDING_BATCH_SIZE,
      5,
    ]);
    expect(vectors).toHaveLength(texts.length);
    expect(Array.from(vectors.at(-1)!)).toEqual(Array.from(Float32Array.from(hashEmbedding(texts.at(-1)!, 768))));
  });

  it('sends nothing for no texts', async () => {
    const result = await embedder().embed([]);

    expect(result.vectors).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('fails with 502 when the model ignores the dimensions parameter', async () => {
    const error = await embedder(ignoringServer.baseURL)
      .embed(['alpha'])
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 502, code: 'embedding_dimensions_mismatch' });
    expect((error as ServiceError).lines()[0]).toContain('1536-dimensional vectors, not 768');
  });

  it('retries a failed batch like chat calls do', async () => {
    server.failNext(503, 1);

    const { vectors } = await embedder().embed(['alpha']);

    expect(vectors).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });
});
