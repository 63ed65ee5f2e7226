import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEXICAL_EMBEDDER_ID, LexicalEmbedder, embedText } from '../src/embedder';
import { forEachWord, terms } from '@fnquery/text-tools';
import { EMBEDDING_DIMENSIONS } from '@fnquery/contracts';

const norm = (v: Float32Array) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
const cosine = (a: string, b: string) => {
  const [x, y] = [embedText(a).vector, embedText(b).vector];
  return x.reduce((sum, v, i) => sum + v * (y[i] as number), 0);
};

describe('LexicalEmbedder', () => {
  const embedder = new LexicalEmbedder();

  it('is the 768-dim local-lexical-v1 embedder and counts words as tokens', async () => {
    const { vectors, usage } = await embedder.embed(['Two words', 'and three more']);
    expect(embedder.id).toBe(LEXICAL_EMBEDDER_ID);
    expect(LEXICAL_EMBEDDER_ID).toBe('local-lexical-v1');
    expect(embedder.dimensions).toBe(EMBEDDING_DIMENSIONS);
    expect(vectors.map((v) => v.length)).toEqual([768, 768]);
    expect(usage).toEqual({ promptTokens: 5, completionTokens: 0, totalTokens: 5 });
  });

  it('gives unit vectors for text with words and the zero vector otherwise', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const { vector, words } = embedText(text);
        const hasWords = forEachWord(text, () => {}) > 0;
        expect(words > 0).toBe(hasWords);
        if (hasWords) expect(norm(vector)).toBeCloseTo(1, 5);
        else expect(vector.every((x) => x === 0)).toBe(true);
      }),
    );
  });

  it('defines empty and punctuation-only input as the zero vector', async () => {
    const { vectors } = await embedder.embed(['', '  ...!?  ']);
    for (const v of vectors) expect(v.every((x) => x === 0)).toBe(true);
  });

  it('is deterministic, whatever was embedded before', () => {
    const text = 'Solar panels convert sunlight into electricity.';
    const first = embedText(text).vector;
    embedText('something else entirely, with many different words in it');
    expect(embedText(text).vector).toEqual(first);
  });

  it('stays correct when a text has more features than the table first holds', () => {
    const huge = Array.from({ length: 5_000 }, (_, i) => `term${i.toString(36)}x`).join(' ');
    const first = embedText(huge).vector;
    expect(norm(first)).toBeCloseTo(1, 5);
    expect(embedText(huge).vector).toEqual(first);
    expect(embedText('short text').vector).toEqual(embedText('short text').vector);
  });

  it('places similar texts closer than unrelated ones', () => {
    const anchor = 'The cat sat on the mat';
    expect(cosine(anchor, 'A cat was sitting on a mat')).toBeGreaterThan(
      cosine(anchor, 'Quarterly revenue grew by ten percent'),
    );
    const query = 'How are embeddings stored?';
    expect(cosine(query, 'The embedding vectors are stored in LanceDB.')).toBeGreaterThan(
      cosine(query, 'The invoice was paid in full.'),
    );
  });

  it('relates word forms and spellings through stems and character n-grams', () => {
    expect(cosine('running quickly', 'runs quick')).toBeGreaterThan(0.3);
    expect(cosine('Café crème', 'cafe creme')).toBeCloseTo(1, 5);
    expect(cosine('ﬁnancial', 'financial')).toBeCloseTo(1, 5);
  });

  it('stops when the signal is aborted', async () => {
    await expect(embedder.embed(['a'], { signal: AbortSignal.abort() })).rejects.toThrow();
  });
});

describe('terms (shared with keyword search)', () => {
  it('lower-cases, strips accents, stems and drops stop words', () => {
    expect(terms('The cats are RUNNING to the café; ponies agreed.')).toEqual(['cat', 'run', 'cafe', 'poni', 'agree']);
  });

  it('cuts runs longer than 64 characters', () => {
    expect(terms('x'.repeat(70)).map((t) => t.length)).toEqual([64, 6]);
  });
});
