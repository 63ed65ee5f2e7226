// The exact-cosine fallback runs here through mingo (an in-memory MongoDB query engine) and must
// rank like a brute-force cosine; `$vectorSearch` itself exists only on Atlas, so only its shape
// is checked.
import fc from 'fast-check';
import { aggregate } from 'mingo';
import { describe, expect, it } from 'vitest';
import {
  MAX_CANDIDATES,
  checkFieldPath,
  exactCosinePipeline,
  vectorSearchPipeline,
} from '../../../lib/vectors/mongodb-pipelines';

const FIELDS = { vectorPath: 'embedding', textField: 'body', sourceField: 'meta.file' };

const cosine = (a: number[], b: number[]) => {
  const dot = a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);
  const norm = (v: number[]) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
  return dot / (norm(a) * norm(b));
};

const run = (docs: object[], vector: number[], limit: number) =>
  aggregate(docs, exactCosinePipeline({ ...FIELDS, vector, limit })) as {
    id: string;
    text: string;
    source: string;
    score: number;
  }[];

describe('exactCosinePipeline', () => {
  it('ranks documents by cosine similarity and projects the hit fields', () => {
    const docs = [
      { _id: 'a', embedding: [1, 0, 0], body: 'alpha', meta: { file: 'a.pdf' } },
      { _id: 'b', embedding: [0.5, 0.5, 0], body: 'beta', meta: { file: 'b.pdf' } },
      { _id: 'c', embedding: [-1, 0, 0], body: 'gamma', meta: { file: 'c.pdf' } },
    ];
    const hits = run(docs, [2, 0.4, 0], 2);

    expect(hits.map((h) => h.id)).toEqual(['a', 'b']);
    expect(hits[0]).toEqual({ id: 'a', text: 'alpha', source: 'a.pdf', score: cosine([1, 0, 0], [2, 0.4, 0]) });
  });

  it('leaves out vectors of another length, zero vectors and documents without one', () => {
    const docs = [
      { _id: 'short', embedding: [1, 0], body: 'x' },
      { _id: 'zero', embedding: [0, 0, 0], body: 'x' },
      { _id: 'none', body: 'x' },
      { _id: 'text', embedding: 'not a vector', body: 'x' },
      { _id: 'ok', embedding: [0, 1, 0], body: 'x' },
    ];
    expect(run(docs, [1, 1, 1], 10).map((h) => h.id)).toEqual(['ok']);
  });

  it('orders like a brute-force cosine for any collection', () => {
    const vector = fc
      .array(fc.integer({ min: -50, max: 50 }), { minLength: 4, maxLength: 4 })
      .filter((v) => v.some((x) => x !== 0));
    fc.assert(
      fc.property(
        fc.array(vector, { minLength: 1, maxLength: 25 }),
        vector,
        fc.integer({ min: 1, max: 10 }),
        (vectors, query, limit) => {
          const docs = vectors.map((embedding, i) => ({
            _id: `d${String(i).padStart(2, '0')}`,
            embedding,
            body: `doc ${i}`,
          }));
          const expected = docs
            .map((d) => ({ id: d._id, score: cosine(d.embedding, query) }))
            .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
            .slice(0, limit);

          const hits = run(docs, query, limit);
          expect(hits.map((h) => h.id)).toEqual(expected.map((e) => e.id));
          hits.forEach((hit, i) => expect(hit.score).toBeCloseTo(expected[i]!.score, 9));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a zero query vector', () => {
    expect(() => exactCosinePipeline({ ...FIELDS, vector: [0, 0], limit: 3 })).toThrow(/zero vector/);
  });
});

describe('vectorSearchPipeline', () => {
  it('asks Atlas for 20 candidates per hit and projects the search score', () => {
    const [search, project] = vectorSearchPipeline({ ...FIELDS, index: 'vector_index', vector: [0.1, 0.2], limit: 5 });

    expect(search).toEqual({
      $vectorSearch: {
        index: 'vector_index',
        path: 'embedding',
        queryVector: [0.1, 0.2],
        numCandidates: 100,
        limit: 5,
      },
    });
    expect(project).toEqual({
      $project: {
        _id: 0,
        id: { $toString: '$_id' },
        text: '$body',
        source: '$meta.file',
        score: { $meta: 'vectorSearchScore' },
      },
    });
  });

  it("keeps numCandidates within Atlas's bound", () => {
    const [search] = vectorSearchPipeline({ ...FIELDS, index: 'i', vector: [1], limit: 1_000 });
    expect(search!.$vectorSearch.numCandidates).toBe(MAX_CANDIDATES);
  });

  it('refuses field names that would be read as operators or variables', () => {
    for (const path of ['$where', 'a.$b', '$$ROOT', 'a..b', '', 'a b']) {
      expect(() => checkFieldPath(path)).toThrow(/field path/);
      expect(() => vectorSearchPipeline({ ...FIELDS, vectorPath: path, index: 'i', vector: [1], limit: 1 })).toThrow();
    }
  });
});
