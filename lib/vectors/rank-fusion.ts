// Reciprocal-rank fusion (Cormack, Clarke & Büttcher 2009): each list gives an item
// weight / (k + rank); items are ordered by the sum. Ranks, not scores, are fused, because a
// cosine similarity and a BM25 score share no scale. k = 60 is the paper's value: it flattens
// the head of each list so one list's top hit cannot win alone.

export const RRF_K = 60;

export interface RankedList<T> {
  hits: T[];
  weight: number;
}

/** The fused list, best first; each item is the first copy seen, with its fused score. */
export function fuseByReciprocalRank<T extends { id: string }>(
  lists: RankedList<T>[],
  k = RRF_K,
): (T & { score: number })[] {
  const fused = new Map<string, { item: T; score: number }>();
  for (const { hits, weight } of lists) {
    hits.forEach((item, index) => {
      const share = weight / (k + index + 1);
      const entry = fused.get(item.id);
      if (entry) entry.score += share;
      else fused.set(item.id, { item, score: share });
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.item.id.localeCompare(b.item.id))
    .map(({ item, score }) => ({ ...item, score }));
}
