// Builds packages/heuristic-engine/src/lexicon/word-kinds.txt from WordNet 3.0 (Debian's wordnet-base):
// what kind of thing a noun names, a few levels up ("ferry" is a boat, a boat a vessel, a vessel a
// craft), so a structured answer can fill an enum of kinds (ship, aircraft, train) from a word that
// names one of its members. General English, not the vocabulary of any benchmark.
//
// - Every one-word noun in common use (WordNet's sense-tagged corpus saw it, or it has more than one
//   sense: "ferry" the boat and the crossing), by its first sense (WordNet orders senses by
//   frequency), and the second too when the corpus saw both. Names of single things ("Paris", an
//   instance of a city) are not kinds and are left out. A stem's line comes from the first such noun
//   (in WordNet's alphabetical index) that has kinds below the top: "parting" (a departure) gives
//   "part" its line, since "part" itself has none.
// - "-ing" nouns of acts stay, though the engine stems them to their verb ("bringing", a transfer,
//   is read from "bring"). Leaving them out was tried and measured: 258 nouns fewer, 12 stems
//   taking their line from another noun ("part" from "parts", the surroundings), no figure gained,
//   and one more enum filled from a passage that names no option (npm run bench -- structured,
//   "precision"). A rule here is kept only with a measurement that nothing loses.
// - Its hypernyms (@, @i) up to KIND_LEVELS levels, each level's one-word lemmas, as the engine
//   stems them (the terms of @fnquery/text-tools); levels are separated by `|`.
// - Hypernyms near the top of the hierarchy (fewer than TOP_DEPTH steps below "entity" and the other
//   roots: "object", "artifact", "abstraction") are left out: everything is one of those.
//
// Its values were each moved one step either way and measured: docs/heuristic-engine.md, "Where the
// builders' values come from". Change one only with the same measurement.
//
// Run: apt-get install wordnet-base && node --import tsx tools/build-word-kinds.ts
import { terms } from '@fnquery/text-tools';
import { lemmas, synsets as synsetsOf, writeWhenRun, type WordList } from './wordnet';

const KIND_LEVELS = 3;
const TOP_DEPTH = 5;

interface Synset {
  words: string[];
  parents: string[];
  instance: boolean;
}

export function build(): WordList[] {
  const synsets = new Map<string, Synset>();
  for (const { offset, words, pointers } of synsetsOf('noun')) {
    const parents = pointers
      .filter((p) => (p.symbol === '@' || p.symbol === '@i') && p.pos === 'n')
      .map((p) => p.offset);
    synsets.set(offset, { words, parents, instance: pointers.some((p) => p.symbol === '@i') });
  }

  /** Steps from the synset up to a root (the shortest way). */
  const depths = new Map<string, number>();
  function depthOf(id: string): number {
    const known = depths.get(id);
    if (known !== undefined) return known;
    depths.set(id, 0); // guards against cycles while computing
    const parents = synsets.get(id)?.parents ?? [];
    const depth = parents.length === 0 ? 0 : 1 + Math.min(...parents.map(depthOf));
    depths.set(id, depth);
    return depth;
  }

  const stemOf = (word: string) => (/^[a-z]+$/.test(word) ? terms(word)[0] : undefined);
  const stemsOf = (ids: Iterable<string>) =>
    [
      ...new Set(
        [...ids].flatMap((id) => synsets.get(id)!.words.map(stemOf)).filter((s): s is string => (s?.length ?? 0) >= 3),
      ),
    ].sort();

  const kinds = new Map<string, string>();
  for (const { lemma, senses, tagged, offsets: all } of lemmas('noun')) {
    const stem = stemOf(lemma);
    if (stem === undefined || stem.length < 3 || kinds.has(stem)) continue;
    if (tagged === 0 && senses < 2) continue;
    const offsets = all.slice(0, tagged >= 2 ? 2 : 1).filter((id) => !synsets.get(id)?.instance);
    const levels: string[] = [];
    let current = new Set(offsets);
    for (let level = 0; level < KIND_LEVELS; level++) {
      const up = new Set(
        [...current].flatMap((id) => synsets.get(id)?.parents ?? []).filter((id) => depthOf(id) >= TOP_DEPTH),
      );
      if (up.size === 0) break;
      const stems = stemsOf(up).filter((s) => s !== stem);
      levels.push(stems.join(','));
      current = up;
    }
    while (levels.length > 0 && levels.at(-1) === '') levels.pop();
    if (levels.length > 0) kinds.set(stem, levels.join('|'));
  }

  const lines = [...kinds].sort(([a], [b]) => (a < b ? -1 : 1)).map(([stem, levels]) => `${stem} ${levels}`);
  return [
    {
      file: 'word-kinds.txt',
      about: [
        'What kind of thing a noun names, for the heuristic engine: a stem, then its hypernyms level by level',
        '("|" between levels, "," between the words of one level), as the engine stems words.',
      ],
      lines,
    },
  ];
}

writeWhenRun(import.meta.url, build);
