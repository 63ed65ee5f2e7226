// The dense ONNX embedder on the model `npm run models` builds (CI runs it before the tests): its
// tokenizer and vectors against reference values from the model's own Python runtime
// (tools/models/reference_embeddings.py), and retrieval of paraphrases that share no word with their
// passage, which the dense embedder finds and the lexical one does not, through the real LanceDB store.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '@fnquery/heuristic-engine';
import { OnnxEmbedder, modelFolder } from '../../../lib/ai/onnx-embedder';
import type { Embedder } from '../../../lib/ai/ports';
import { WordPieceTokenizer, wordPieceConfig } from '../../../lib/ai/wordpiece';
import { LanceVectorStore } from '../../../lib/vectors/lancedb-store';
import { fusionFor, searchRouteFor } from '../../../lib/vectors/search-route';

const MODELS = process.env.FNQ_MODELS_DIR ?? join(process.cwd(), '.models');
const INT8 = modelFolder(MODELS, 'all-mpnet-base-v2-int8');
const FP32 = modelFolder(MODELS, 'all-mpnet-base-v2');
// Loading a model and running a 384-token text through it takes seconds on a busy 2-core machine.
const MODEL_TIMEOUT_MS = 180_000;
const MISSING = `needs the models that npm run models writes to ${MODELS}; none there`;
// CI runs npm run models first: a missing model there is a failure, not a skip.
if (process.env.CI && (!INT8 || !FP32)) throw new Error(MISSING);

interface Reference {
  sentences: { text: string; embedding: number[] }[];
  tokens: { text: string; ids: number[] }[];
}
const reference = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../fixtures/embedder/all-mpnet-base-v2.json'), 'utf8'),
) as Reference;

const cosine = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! ** 2;
    nb += b[i]! ** 2;
  }
  return dot / Math.sqrt(na * nb);
};

describe.skipIf(!INT8 || !FP32)(`dense ONNX embedder (${!INT8 || !FP32 ? MISSING : 'all-mpnet-base-v2'})`, () => {
  it('tokenizes exactly as the reference tokenizer', () => {
    const tokenizer = new WordPieceTokenizer(
      wordPieceConfig(JSON.parse(readFileSync(join(INT8!, 'tokenizer.json'), 'utf8'))),
    );
    for (const { text, ids } of reference.tokens) expect(tokenizer.encode(text, 384), text).toEqual(ids);
  });

  it(
    'matches the reference vectors to 1e-3 with the float32 model, and closely with int8',
    async () => {
      const texts = reference.sentences.map((s) => s.text);
      const fp32 = await new OnnxEmbedder(FP32!).embed(texts);
      const int8 = await new OnnxEmbedder(INT8!).embed(texts);
      reference.sentences.forEach(({ embedding }, i) => {
        const ours = fp32.vectors[i]!;
        expect(ours).toHaveLength(768);
        const worst = Math.max(...embedding.map((x, d) => Math.abs(x - ours[d]!)));
        expect(worst).toBeLessThan(1e-3);
        // Quantisation moves each vector a little; its direction stays.
        expect(cosine(int8.vectors[i]!, embedding)).toBeGreaterThan(0.97);
      });
      // The long sentence was cut at 384 tokens, as the reference runtime cuts it.
      expect(fp32.usage.promptTokens).toBe(texts.reduce((n, t) => n + Math.min(384, tokensOf(t)), 0));
    },
    MODEL_TIMEOUT_MS,
  );

  describe('paraphrases with no shared word', () => {
    // Our own passages; each question shares no word with its answer (stop words aside).
    const passages = [
      'The car must be returned with a full tank.',
      'Pets are not allowed in the rental apartment.',
      'Checkout is at 11 am; late departures are billed by the hour.',
      'The museum offers free entry on the first Sunday of each month.',
      'Smoking inside the vehicle incurs a cleaning fee.',
      'Towels and bed linen are provided and changed weekly.',
      'Guided tours of the old harbour start every afternoon.',
    ];
    const questions: [string, number][] = [
      ['What fuel level should the automobile have when I give it back?', 0],
      ['Can I bring my dog?', 1],
      ['When do I have to leave the room?', 2],
      ['Is admission ever without charge?', 3],
    ];
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'fnq-dense-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    async function topHits(embedder: Embedder, collection: string) {
      const store = new LanceVectorStore({ uri: dir, fusion: fusionFor(embedder.id) });
      const ref = { account: 'acct', collection };
      const { vectors } = await embedder.embed(passages);
      await store.upsert(
        ref,
        passages.map((text, i) => ({
          id: `p${i}`,
          uploadId: 'u',
          position: i,
          text,
          source: 'rules.txt',
          vector: vectors[i]!,
        })),
      );
      const mode = searchRouteFor(embedder.id);
      const tops: (string | undefined)[] = [];
      for (const [question] of questions) {
        const [vector] = (await embedder.embed([question])).vectors;
        tops.push((await store.search(ref, { vector: vector!, text: question, limit: 3, mode }))[0]?.id);
      }
      return tops;
    }

    it(
      'are found by the dense embedder on its default route, and not by the lexical one on its own',
      async () => {
        const expected = questions.map(([, answer]) => `p${answer}`);
        expect(await topHits(new OnnxEmbedder(INT8!), 'dense')).toEqual(expected);
        const lexical = await topHits(new LexicalEmbedder(), 'lexical');
        lexical.forEach((top, i) => expect(top, questions[i]![0]).not.toBe(expected[i]));
      },
      MODEL_TIMEOUT_MS,
    );
  });
});

function tokensOf(text: string): number {
  const tokenizer = new WordPieceTokenizer(
    wordPieceConfig(JSON.parse(readFileSync(join(INT8!, 'tokenizer.json'), 'utf8'))),
  );
  return tokenizer.encode(text, 100_000).length;
}
