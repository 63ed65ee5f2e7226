// Which English words are related in meaning, for the heuristic engine: same sense ("parcel",
// "package"), a word and its act or quality ("greet", "greeting"; "cold", "temperature"), a word and
// its narrow parent ("hello", "greeting"). The groups are general English from WordNet 3.0
// (related-words.txt, built by tools/build-related-words.ts), not words of any benchmark, so a
// question written in other words than a function's description still finds it.
import { RELATED_WORDS } from './generated/related-words';

let neighbours: Map<string, Map<string, number>> | undefined;

/** Each stem's related stems with the number of groups they share, built on first use (about 11,000 stems; a few milliseconds). */
function table(): Map<string, Map<string, number>> {
  if (neighbours) return neighbours;
  neighbours = new Map();
  for (const line of RELATED_WORDS.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const group = line.split(' ');
    for (const stem of group) {
      let counts = neighbours.get(stem);
      if (!counts) neighbours.set(stem, (counts = new Map()));
      for (const other of group) if (other !== stem) counts.set(other, (counts.get(other) ?? 0) + 1);
    }
  }
  return neighbours;
}

/** True when the two stems (as @fnquery/text-tools stems words) share a group; not for equal stems. */
export function related(a: string, b: string): boolean {
  return a !== b && (table().get(a)?.has(b) ?? false);
}

/**
 * How many groups the two stems share: 0 when unrelated. Words of one sense share more groups than
 * a word and its opposite, which meet only in the group of the quality they both measure ("big"
 * and "large" share two; "big" and "small" only the one of size).
 */
export function relatedness(a: string, b: string): number {
  return a === b ? 0 : (table().get(a)?.get(b) ?? 0);
}
