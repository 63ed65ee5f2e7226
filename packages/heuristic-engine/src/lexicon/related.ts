// Which English words are related in meaning, for the heuristic engine: same sense ("parcel",
// "package"), a word and its act or quality ("greet", "greeting"; "cold", "temperature"), a word and
// its narrow parent ("hello", "greeting"). The groups are general English from WordNet 3.0
// (related-words.txt, built by tools/build-related-words.ts), not words of any benchmark, so a
// question written in other words than a function's description still finds it.
import { RELATED_WORDS } from './generated/related-words';

let neighbours: Map<string, Set<string>> | undefined;

/** Each stem's related stems, built on first use (about 11,000 stems; a few milliseconds). */
function table(): Map<string, Set<string>> {
  if (neighbours) return neighbours;
  neighbours = new Map();
  for (const line of RELATED_WORDS.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const group = line.split(' ');
    for (const stem of group) {
      let set = neighbours.get(stem);
      if (!set) neighbours.set(stem, (set = new Set()));
      for (const other of group) if (other !== stem) set.add(other);
    }
  }
  return neighbours;
}

/** True when the two stems (as @fnquery/text-tools stems words) share a group; not for equal stems. */
export function related(a: string, b: string): boolean {
  return a !== b && (table().get(a)?.has(b) ?? false);
}
