// resolvePlatform: which model answers for each ai_platform value, and with whose key.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MODEL_MANIFEST, OnnxEmbedder } from '../../../lib/ai/onnx-embedder';
import { collectionEmbedder, defaultEmbedder, resolvePlatform, type AiPlatformConfig } from '../../../lib/ai/platform';
import type { Embedder } from '../../../lib/ai/ports';
import { startFakeOpenAI, type FakeOpenAI } from '../../support/fake-openai';

const CALLER_KEY = 'sk-caller-key-1234';
const OPERATOR_KEY = 'op-operator-key-5678';
let server: FakeOpenAI;
let operatorConfig: AiPlatformConfig;
let openaiOnlyConfig: AiPlatformConfig;

beforeAll(async () => {
  server = await startFakeOpenAI({ apiKeys: [CALLER_KEY, OPERATOR_KEY] });
  const budget = { timeoutMs: 5_000, maxRetries: 0 };
  operatorConfig = {
    ...budget,
    endpoint: { baseURL: server.baseURL, apiKey: OPERATOR_KEY, chatModel: 'op-chat', embedModel: 'op-embed' },
    openaiBaseURL: server.baseURL,
  };
  openaiOnlyConfig = { ...budget, openaiBaseURL: server.baseURL };
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

function rejection(run: () => unknown): ServiceError {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ServiceError);
    return e as ServiceError;
  }
  throw new Error('expected a ServiceError');
}

describe('resolvePlatform', () => {
  it.each([undefined, null, '', '  ', 'default', 'DEFAULT', ' Default '])(
    '%j is the local engine (no chat model) when no endpoint is configured',
    (value) => {
      expect(resolvePlatform({ ai_platform: value }, openaiOnlyConfig)).toEqual({ name: 'default' });
    },
  );

  it("answers the default platform from the operator's endpoint with the operator's key, ignoring api+key", async () => {
    const { name, chat } = resolvePlatform({ apiKey: CALLER_KEY }, operatorConfig);
    if (!chat) throw new Error('the operator endpoint answers with a chat model');

    await chat.chat({ messages: [{ role: 'user', content: 'hi' }] });

    expect([name, chat.id]).toEqual(['default', 'default:op-chat']);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${OPERATOR_KEY}`);
    expect(server.chatRequests()[0]!.model).toBe('op-chat');
  });

  it('reuses the operator model across invocations but builds caller-key models per request', () => {
    const first = resolvePlatform({}, operatorConfig).chat;
    expect(resolvePlatform({ ai_platform: 'default' }, operatorConfig).chat).toBe(first);

    const caller = () => resolvePlatform({ ai_platform: 'openai', apiKey: CALLER_KEY }, operatorConfig).chat;
    expect(caller()).not.toBe(caller());
  });

  it.each(['openai', 'OpenAI'])("%j answers from OpenAI's endpoint with the caller's key", async (value) => {
    const { name, chat } = resolvePlatform({ ai_platform: value, apiKey: ` ${CALLER_KEY}\n` }, openaiOnlyConfig);
    if (!chat) throw new Error('OpenAI answers with a chat model');

    await chat.chat({ messages: [{ role: 'user', content: 'hi' }] });

    expect([name, chat.id]).toEqual(['openai', 'openai:gpt-4o-mini']);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${CALLER_KEY}`);
  });

  it.each([undefined, null, '', '   '])('"openai" without api+key (%j) is a 400 asking for it', (apiKey) => {
    const error = rejection(() => resolvePlatform({ ai_platform: 'openai', apiKey }, operatorConfig));

    expect([error.status, error.code]).toEqual([400, 'missing_api_key']);
    expect(error.lines()[0]).toMatch(/^ISSUE: .*api\+key.*\. ADVICE: Add your OpenAI secret key as "api\+key"/);
  });

  it('refuses an api+key that cannot be a key, without echoing it', () => {
    const error = rejection(() => resolvePlatform({ ai_platform: 'openai', apiKey: 'sk-abc def' }, operatorConfig));

    expect([error.status, error.code]).toEqual([400, 'invalid_api_key']);
    expect(error.message).not.toContain('sk-abc');
  });

  it('refuses an unknown platform, listing the accepted values without echoing the given one', () => {
    const error = rejection(() => resolvePlatform({ ai_platform: 'sk-misplaced-key' }, operatorConfig));

    expect([error.status, error.code]).toEqual([400, 'unknown_ai_platform']);
    expect(error.lines()[0]).toContain('"default" or "openai"');
    expect(error.message).not.toContain('misplaced');
  });
});

describe('defaultEmbedder', () => {
  it("embeds with the operator's embedding model when an endpoint is configured", async () => {
    const embedder = defaultEmbedder(operatorConfig, () => {
      throw new Error('not used');
    });

    await embedder.embed(['x']);

    expect(embedder.id).toBe('default:op-embed');
    expect(server.embeddingRequests()[0]).toMatchObject({ model: 'op-embed', dimensions: 768 });
    expect(defaultEmbedder(operatorConfig, () => embedder)).toBe(embedder);
  });

  it('is the local engine otherwise', () => {
    const lexicalEmbedder: Embedder = {
      id: 'local',
      dimensions: 768,
      embed: () => Promise.reject(new Error('not used')),
    };

    expect(defaultEmbedder(openaiOnlyConfig, () => lexicalEmbedder)).toBe(lexicalEmbedder);
  });
});

describe('FNQ_EMBEDDER (config.embedder) and collections filled by a local model', () => {
  const lexical: Embedder = {
    id: 'local-lexical-v1',
    dimensions: 768,
    embed: () => Promise.reject(new Error('unused')),
  };
  let modelsDir: string;
  beforeAll(async () => {
    // A model folder's manifest is all that choosing it reads; the graph loads on the first embed.
    modelsDir = await mkdtemp(join(tmpdir(), 'fnq-models-'));
    await mkdir(join(modelsDir, 'my-model'));
    await writeFile(
      join(modelsDir, 'my-model', MODEL_MANIFEST),
      JSON.stringify({
        id: 'my-model',
        dimensions: 768,
        maxTokens: 128,
        model: 'model.onnx',
        tokenizer: 'tokenizer.json',
      }),
    );
    await mkdir(join(modelsDir, 'small-model'));
    await writeFile(
      join(modelsDir, 'small-model', MODEL_MANIFEST),
      JSON.stringify({ id: 'small-model', dimensions: 384, maxTokens: 128, model: 'm.onnx', tokenizer: 't.json' }),
    );
  });
  afterAll(() => rm(modelsDir, { recursive: true, force: true }));

  it('fills new collections with the named model, over the operator endpoint', () => {
    const embedder = defaultEmbedder({ ...operatorConfig, embedder: 'my-model', modelsDir }, () => lexical);
    expect(embedder).toBeInstanceOf(OnnxEmbedder);
    expect(embedder.id).toBe('my-model');
    expect(defaultEmbedder({ ...operatorConfig, embedder: 'local-lexical-v1', modelsDir }, () => lexical)).toBe(
      lexical,
    );
    expect(defaultEmbedder({ ...operatorConfig, embedder: 'default:op-embed', modelsDir }, () => lexical).id).toBe(
      'default:op-embed',
    );
  });

  it('queries a collection with its recorded model whatever the default is now', () => {
    const now = { ...openaiOnlyConfig, modelsDir };
    expect(collectionEmbedder('my-model', now, () => lexical)?.id).toBe('my-model');
    expect(collectionEmbedder('local-lexical-v1', now, () => lexical)).toBe(lexical);
    expect(collectionEmbedder('gone-model', now, () => lexical)).toBeUndefined();
    // An id is a folder name, never a path.
    expect(
      collectionEmbedder('../my-model', { ...now, modelsDir: join(modelsDir, 'x') }, () => lexical),
    ).toBeUndefined();
  });

  it('refuses a name it cannot find, and a model of another dimension, saying what to do', () => {
    expect(() => defaultEmbedder({ ...openaiOnlyConfig, embedder: 'nope', modelsDir }, () => lexical)).toThrow(
      /FNQ_EMBEDDER is nope, which is neither local-lexical-v1, nor a model folder in .*; run npm run models/,
    );
    expect(() => defaultEmbedder({ ...openaiOnlyConfig, embedder: 'small-model', modelsDir }, () => lexical)).toThrow(
      /makes 384-dimensional vectors; collections hold 768/,
    );
  });
});
