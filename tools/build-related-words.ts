// Builds packages/heuristic-engine/src/lexicon/related-words.txt from WordNet 3.0 (Debian's wordnet-base):
// groups of English words that mean the same thing or name each other's quality or act, so the
// heuristic engine can see that "parcel" answers "package" and "cold" asks about "temperature".
// General English, not the vocabulary of any benchmark: every common sense of every common word.
//
// - A word counts when WordNet's sense-tagged corpus saw it (its index line's tagsense_cnt > 0);
//   of its senses, only its first COMMON_SENSES (WordNet orders senses by that corpus' frequency).
// - One group per such synset: its one-word lemmas, plus the words its derivation (+) and attribute
//   (=) pointers name, plus the lemmas of its hypernyms (@) that have at most NARROW_HYPERNYM
//   hyponyms (a narrow parent such as "greeting" for "hello"; not "person" or "act").
// - Words are written as the engine's stems (@fnquery/text-tools terms), stop words left out.
//
// Its values were each moved one step either way and measured: docs/heuristic-engine.md, "Where the
// builders' values come from". Change one only with the same measurement.
//
// Run: apt-get install wordnet-base && node --import tsx tools/build-related-words.ts
import { terms } from '@fnquery/text-tools';
import { lemmas, synsets as synsetsOf, writeWhenRun, type Part, type WordList } from './wordnet';
const COMMON_SENSES = 2;
const NARROW_HYPERNYM = 30;
const POS = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' } as const;

interface Synset {
  words: string[];
  pointers: { symbol: string; target: string; source: number; targetWord: number }[];
  hyponyms: number;
}

export function build(): WordList[] {
  const synsets = new Map<string, Synset>();
  /** "pos:offset" of each word's common senses. */
  const commonSenses = new Map<string, Set<string>>();

  for (const [file, pos] of Object.entries(POS) as [Part, string][]) {
    for (const synset of synsetsOf(file)) {
      const pointers = synset.pointers.map((p) => ({
        symbol: p.symbol,
        target: `${p.pos === 's' ? 'a' : p.pos}:${p.offset}`,
        source: p.source,
        targetWord: p.target,
      }));
      synsets.set(`${pos}:${synset.offset}`, {
        words: synset.words,
        pointers,
        hyponyms: pointers.filter((p) => p.symbol === '~' || p.symbol === '~i').length,
      });
    }
    for (const { lemma, tagged, offsets } of lemmas(file)) {
      if (!(tagged > 0) || lemma.includes('_')) continue;
      const senses = commonSenses.get(lemma) ?? new Set<string>();
      for (const o of offsets.slice(0, Math.min(tagged, COMMON_SENSES))) senses.add(`${pos}:${o}`);
      commonSenses.set(lemma, senses);
    }
  }

  const isCommonIn = (word: string, synset: string) => commonSenses.get(word)?.has(synset) ?? false;
  const stemOf = (word: string) => (/^[a-z]+$/.test(word) ? terms(word)[0] : undefined);

  const groups = new Set<string>();
  for (const [id, synset] of synsets) {
    const members = synset.words.filter((w) => isCommonIn(w, id));
    if (members.length === 0) continue;
    const related = new Set(members);
    for (const p of synset.pointers) {
      const target = synsets.get(p.target);
      if (!target) continue;
      if (p.symbol === '+' || p.symbol === '=') {
        // A lexical pointer names one word of each side; a semantic one, the whole synset.
        if (p.source > 0 && !members.includes(synset.words[p.source - 1]!)) continue;
        const words = p.targetWord > 0 ? [target.words[p.targetWord - 1]!] : target.words;
        for (const w of words) if (commonSenses.has(w)) related.add(w);
      } else if ((p.symbol === '@' || p.symbol === '@i') && target.hyponyms <= NARROW_HYPERNYM) {
        for (const w of target.words) if (isCommonIn(w, p.target)) related.add(w);
      }
    }
    const stems = [
      ...new Set([...related].map(stemOf).filter((s): s is string => s !== undefined && s.length >= 3)),
    ].sort();
    if (stems.length >= 2) groups.add(stems.join(' '));
  }
  return [
    {
      file: 'related-words.txt',
      about: ['Related English words for the heuristic engine, one group per line, as the engine stems them.'],
      lines: [...groups].sort(),
    },
  ];
}

writeWhenRun(import.meta.url, build);
