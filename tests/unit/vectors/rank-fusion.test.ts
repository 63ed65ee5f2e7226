import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RRF_K, fuseByReciprocalRank } from '../../../lib/vectors/rank-fusion';

const list = (...ids: string[]) => ids.map((id) => ({ id }));

describe('fuseByReciprocalRank', () => {
  it('scores each item as the sum of weight / (k + rank) over the lists it is in', () => {
    const fused = fuseByReciprocalRank([
      { hits: list('a', 'b', 'c'), weight: 1 },
      { hits: list('c', 'a'), weight: 1 },
    ]);

    expect(fused.map((h) => h.id)).toEqual(['a', 'c', 'b']);
    expect(fused[0]!.score).toBeCloseTo(1 / (RRF_K + 1) + 1 / (RRF_K + 2), 12);
    expect(fused[1]!.score).toBeCloseTo(1 / (RRF_K + 3) + 1 / (RRF_K + 1), 12);
    expect(fused[2]!.score).toBeCloseTo(1 / (RRF_K + 2), 12);
  });

  it('lets a heavier list decide between items each list ranks first', () => {
    const lists = (textWeight: number) => [
      { hits: list('v'), weight: 1 },
      { hits: list('t'), weight: textWeight },
    ];
    expect(fuseByReciprocalRank(lists(2))[0]!.id).toBe('t');
    expect(fuseByReciprocalRank(lists(0.5))[0]!.id).toBe('v');
  });

  it('keeps the first copy of an item and replaces its score with the fused one', () => {
    const fused = fuseByReciprocalRank([
      { hits: [{ id: 'x', text: 'from vectors', score: 0.9 }], weight: 1 },
      { hits: [{ id: 'x', text: 'from text', score: 12 }], weight: 1 },
    ]);
    expect(fused).toEqual([{ id: 'x', text: 'from vectors', score: 2 / (RRF_K + 1) }]);
  });

  it('returns every item once, best first, for any lists', () => {
    const ids = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 6 });
    fc.assert(
      fc.property(ids, ids, fc.double({ min: 0.1, max: 3, noNaN: true }), (first, second, weight) => {
        const fused = fuseByReciprocalRank([
          { hits: list(...first), weight: 1 },
          { hits: list(...second), weight },
        ]);
        expect(fused.map((h) => h.id).sort()).toEqual([...new Set([...first, ...second])].sort());
        fused.slice(1).forEach((hit, i) => expect(hit.score).toBeLessThanOrEqual(fused[i]!.score));
      }),
    );
  });
});
