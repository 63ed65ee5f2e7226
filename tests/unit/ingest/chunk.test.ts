import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkSections, DEFAULT_CHUNKING, tokenize, type Chunk } from '../../../lib/ingest/chunk';
import type { Section } from '../../../lib/ingest/extract';

const tokens = (text: string) => {
  const { starts, ends } = tokenize(text);
  return starts.map((start, i) => text.slice(start, ends[i]));
};

const piece = fc.oneof(
  fc.constantFrom('alpha', 'beta', 'Gamma', '42', '.', '!', '?', ',', ' ', ' ', '\n', '\n\n', '漢字', 'é', 'e\u0301'),
  fc.constant('a-word-far-longer-than-twenty-four-letters'.replace(/-/g, '')),
  fc.string({ unit: 'binary', maxLength: 4 }),
);
const sectionText = fc.array(piece, { maxLength: 120 }).map((parts) => parts.join(' '));
const section: fc.Arbitrary<Section> = fc.record(
  { text: sectionText, page: fc.integer({ min: 1, max: 500 }), heading: fc.string({ maxLength: 8 }) },
  { requiredKeys: ['text'] },
);
const options = fc
  .integer({ min: 1, max: 40 })
  .chain((maxTokens) => fc.record({ maxTokens: fc.constant(maxTokens), overlapTokens: fc.nat(maxTokens - 1) }));

describe('chunkSections', () => {
  it('covers every token in order, within the size limit, with the configured overlap', () => {
    fc.assert(
      fc.property(fc.array(section, { maxLength: 6 }), options, (sections, opts) => {
        const chunks = chunkSections(sections, 'doc.txt', opts);
        expect(chunks.map((c) => c.position)).toEqual(chunks.map((_, i) => i));
        let next = 0;
        for (const s of sections) {
          const expected = tokens(s.text);
          let covered = 0;
          let previous: string[] | undefined;
          while (covered < expected.length) {
            const chunk = chunks[next++] as Chunk;
            const got = tokens(chunk.text);
            expect(got.length).toBeGreaterThan(0);
            expect(got.length).toBeLessThanOrEqual(opts.maxTokens);
            const start = previous ? covered - opts.overlapTokens : 0;
            if (previous)
              expect(got.slice(0, opts.overlapTokens)).toEqual(previous.slice(previous.length - opts.overlapTokens));
            expect(got).toEqual(expected.slice(start, start + got.length));
            expect([chunk.source, chunk.page, chunk.heading]).toEqual(['doc.txt', s.page, s.heading]);
            covered = start + got.length;
            previous = got;
          }
        }
        expect(next).toBe(chunks.length);
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(fc.array(section, { maxLength: 4 }), options, (sections, opts) => {
        expect(chunkSections(sections, 'x', opts)).toEqual(chunkSections(sections, 'x', opts));
      }),
    );
  });

  it('ends a chunk at a sentence end near the limit rather than mid-sentence', () => {
    const text = 'One two three four five six seven. Eight nine ten eleven twelve.';
    const chunks = chunkSections([{ text }], 's', { maxTokens: 10, overlapTokens: 2 });
    expect(chunks.map((c) => c.text)).toEqual([
      'One two three four five six seven.',
      'seven. Eight nine ten eleven twelve.',
    ]);
  });

  it('prefers a paragraph break to a later sentence end', () => {
    const text = 'a b c d e f g\n\nh. i j';
    const chunks = chunkSections([{ text }], 's', { maxTokens: 9, overlapTokens: 0 });
    expect(chunks[0]?.text).toBe('a b c d e f g');
  });

  it('never lets a chunk cross a section, keeping page and heading', () => {
    const chunks = chunkSections(
      [
        { text: 'first page', page: 1 },
        { text: 'second page', page: 2, heading: 'Intro' },
      ],
      'a.pdf',
    );
    expect(chunks).toEqual([
      { text: 'first page', position: 0, source: 'a.pdf', page: 1 },
      { text: 'second page', position: 1, source: 'a.pdf', page: 2, heading: 'Intro' },
    ]);
  });

  it('counts CJK characters and long runs as separate tokens', () => {
    expect(tokens('漢字テスト')).toEqual(['漢', '字', 'テ', 'ス', 'ト']);
    expect(tokens('x'.repeat(30) + ', ok')).toEqual(['x'.repeat(24), 'x'.repeat(6), ',', 'ok']);
  });

  it('defaults to 200 tokens with 40 of overlap', () => {
    const text = Array.from({ length: 500 }, (_, i) => `w${i}`).join(' ');
    const chunks = chunkSections([{ text }], 'd');
    expect(DEFAULT_CHUNKING).toEqual({ maxTokens: 200, overlapTokens: 40 });
    expect(chunks.map((c) => tokens(c.text).length)).toEqual([200, 200, 180]);
  });

  it.each([
    { maxTokens: 0, overlapTokens: 0 },
    { maxTokens: 10, overlapTokens: 10 },
    { maxTokens: 10, overlapTokens: -1 },
    { maxTokens: 2.5, overlapTokens: 0 },
  ])('rejects options %o', (opts) => {
    expect(() => chunkSections([{ text: 'a' }], 'd', opts)).toThrow(RangeError);
  });
});
