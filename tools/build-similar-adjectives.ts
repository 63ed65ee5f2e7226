// Builds packages/heuristic-engine/src/lexicon/similar-adjectives.txt from WordNet 3.0 (Debian's
// wordnet-base): WordNet's adjective clusters, one group per head adjective, so a structured answer
// can read an enum option from an adjective that names it in other words ("quick" for `fast`,
// "towering" for `tall`). The related-words list leaves these out: it groups a synset's own lemmas,
// and an adjective cluster's satellites ("quick, speedy") are synsets of their own, linked to their
// head (`fast`) only by WordNet's "similar to" pointer.
//
// - One line per head adjective synset (type `a`) with satellites: its heads (its own one-word
//   lemmas and those of the heads it "also sees", `^`: `high` sees `tall`), a colon, then the lemmas
//   of its satellites (its `&` pointers: "eminent, lofty, soaring, towering"). A satellite names
//   its cluster's heads in other words; satellites of one cluster need not name each other, nor a
//   satellite the heads of another cluster it also belongs to ("narrow", like `small`, is "limited"
//   in scope, but a narrow thing is not a small one). An opposite (`!`) is never added.
// - A lemma counts only in its common senses, as in the related-words list (WordNet's sense-tagged
//   corpus saw it; its first COMMON_SENSES senses), so a rare sense does not link a common word.
// - Words are written as WordNet writes them, lower-case, not stemmed: an adjective is matched as
//   written, so "limits" (a noun) is not "limited".
//
// Its values were each moved one step either way and measured: docs/heuristic-engine.md, "Where the
// builders' values come from". Change one only with the same measurement.
//
// Run: apt-get install wordnet-base && node --import tsx tools/build-similar-adjectives.ts
import { lemmas, synsets as synsetsOf, writeWhenRun, type WordList } from './wordnet';

const COMMON_SENSES = 2;

interface Synset {
  head: boolean;
  words: string[];
  similar: string[];
  alsoSee: string[];
  /** Pertainym pointers (`\`) to a noun: its source word (1-based) and the noun synset and word. */
  pertains: { source: number; offset: string; target: number }[];
}

export function build(): WordList[] {
  const synsets = new Map<string, Synset>();
  for (const { offset, type, words, pointers } of synsetsOf('adj')) {
    const toAdjective = (symbol: string) =>
      pointers.filter((p) => p.symbol === symbol && (p.pos === 'a' || p.pos === 's')).map((p) => p.offset);
    const pertains = pointers
      .filter((p) => p.symbol === '\\' && p.pos === 'n')
      .map(({ source, offset: noun, target }) => ({ source, offset: noun, target }));
    synsets.set(offset, { head: type === 'a', words, similar: toAdjective('&'), alsoSee: toAdjective('^'), pertains });
  }

  /** Offsets of each adjective's common senses. */
  const commonSenses = new Map<string, Set<string>>();
  for (const { lemma, tagged, offsets } of lemmas('adj')) {
    if (!(tagged > 0) || lemma.includes('_')) continue;
    commonSenses.set(lemma, new Set(offsets.slice(0, Math.min(tagged, COMMON_SENSES))));
  }

  const commonWords = (offset: string) =>
    (synsets.get(offset)?.words ?? []).filter((w) => /^[a-z]+$/.test(w) && (commonSenses.get(w)?.has(offset) ?? false));

  const lines = new Set<string>();
  for (const [offset, synset] of synsets) {
    if (!synset.head) continue;
    const heads = [...new Set([offset, ...synset.alsoSee.filter((o) => synsets.get(o)?.head)].flatMap(commonWords))];
    const satellites = [...new Set(synset.similar.flatMap(commonWords))].filter((w) => !heads.includes(w));
    if (heads.length > 0 && satellites.length > 0)
      lines.add(`${heads.sort().join(' ')}:${satellites.sort().join(' ')}`);
  }

  // What a relational adjective pertains to (`\`): `rural` to "country", `urban` to "city", so a
  // structured answer can read `rural` from a word that names such a place ("the countryside", a kind
  // of country). One line per adjective in a common sense: the adjective, then the nouns, as written.
  const nounWords = new Map<string, string[]>();
  for (const { offset, words } of synsetsOf('noun')) nounWords.set(offset, words);
  const pertainyms = new Map<string, Set<string>>();
  for (const [offset, synset] of synsets)
    for (const p of synset.pertains) {
      const adjective = synset.words[p.source - 1];
      const noun = nounWords.get(p.offset)?.[p.target - 1];
      if (!adjective || !noun || !/^[a-z]+$/.test(noun) || !commonWords(offset).includes(adjective)) continue;
      pertainyms.set(adjective, (pertainyms.get(adjective) ?? new Set()).add(noun));
    }
  const pertainymLines = [...pertainyms].map(([adjective, nouns]) => `${adjective} ${[...nouns].sort().join(' ')}`);
  return [
    {
      file: 'similar-adjectives.txt',
      about: [
        'Adjective clusters for the heuristic engine: a head adjective and the heads it also sees, a colon, its satellites.',
      ],
      lines: [...lines].sort(),
    },
    {
      file: 'adjective-nouns.txt',
      about: [
        'Relational adjectives for the heuristic engine: an adjective, then the nouns it pertains to, as written.',
      ],
      lines: pertainymLines.sort(),
    },
  ];
}

writeWhenRun(import.meta.url, build);
