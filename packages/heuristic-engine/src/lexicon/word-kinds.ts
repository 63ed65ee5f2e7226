// What kind of thing a noun names, a few levels up ("ferry" → boat → vessel → craft), from WordNet
// 3.0 (word-kinds.txt, built by tools/build-word-kinds.ts). A structured answer uses it to fill an
// enum of kinds (`ship`, `aircraft`, `train`) from a word naming one of their members: general
// English, so no rule names a value of any benchmark.
import { WORD_KINDS } from './generated/word-kinds';

let kinds: Map<string, string[][]> | undefined;

/** Each stem's hypernym stems, level by level, built on first use (about 12,500 nouns). */
function table(): Map<string, string[][]> {
  if (kinds) return kinds;
  kinds = new Map();
  for (const line of WORD_KINDS.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [stem, levels] = line.split(' ') as [string, string];
    kinds.set(
      stem,
      levels.split('|').map((level) => (level ? level.split(',') : [])),
    );
  }
  return kinds;
}

/** The stem itself at level 0, then its kinds at their levels. */
function levelsOf(stem: string): Map<string, number> {
  const out = new Map([[stem, 0]]);
  (table().get(stem) ?? []).forEach((level, i) => {
    for (const kind of level) if (!out.has(kind)) out.set(kind, i + 1);
  });
  return out;
}

/**
 * Steps from a word to a kind through their nearest common kind: 1 from "boat" to `vessel`, 3 from
 * "ferry" to `ship` (both vessels: two steps up from ferry, one from ship). The common kind must be
 * the kind itself or the one right above it, and not the word: a word above the kind names no
 * member of it ("vehicle" is as much a ship as a train), nor does a cousin far up ("vehicle" and
 * `train` are both conveyances). Those, and words that share no kind within the table's levels,
 * are Infinity.
 */
export function kindSteps(word: string, kind: string): number {
  if (word === kind) return 0;
  const [up, other] = [levelsOf(word), levelsOf(kind)];
  let best = Infinity;
  for (const [common, level] of up) {
    const there = other.get(common);
    if (there !== undefined && there <= 1 && level > 0) best = Math.min(best, level + there);
  }
  return best;
}

/**
 * True when a kind right above the word and one right above `kind` are related words, though
 * WordNet files them apart, and the two share a kind further up: "hut" (a shelter) and `cabin` (a
 * house) are both structures, and house and shelter share a group of related words. Related kinds
 * of different branches ("whole", a concept, and "building", a construction) are not near.
 */
export function nearKinds(word: string, kind: string, related: (a: string, b: string) => boolean): boolean {
  const [mine, theirs] = [table().get(word) ?? [], table().get(kind) ?? []];
  const linked = (mine[0] ?? []).some((a) => (theirs[0] ?? []).some((b) => related(a, b)));
  const above = new Set(theirs.flat());
  return linked && mine.flat().some((k) => above.has(k));
}
