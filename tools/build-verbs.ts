// Builds packages/heuristic-engine/src/lexicon/verbs.txt from WordNet 3.0 (Debian's wordnet-base): the
// one-word verbs used more often as verbs than as nouns or adjectives (by WordNet's sense-tagged corpus
// counts), so the engine can tell a capitalised verb that opens a request ("Keep …", "Include …") from
// the first word of a name. General English, not the vocabulary of any benchmark.
//
// Run: apt-get install wordnet-base && node --import tsx tools/build-verbs.ts
import { lemmas, writeWhenRun, type WordList } from './wordnet';

/** Each one-word lemma's tagged-sense count in one part of speech's index. */
function taggedCounts(part: 'verb' | 'noun' | 'adj'): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { lemma, tagged } of lemmas(part)) if (/^[a-z]+$/.test(lemma)) counts.set(lemma, tagged);
  return counts;
}

export function build(): WordList[] {
  const verbs = taggedCounts('verb');
  const nouns = taggedCounts('noun');
  const adjectives = taggedCounts('adj');
  const mostlyVerbs = [...verbs]
    .filter(([lemma, n]) => n > 0 && n > (nouns.get(lemma) ?? 0) && n > (adjectives.get(lemma) ?? 0))
    .map(([lemma]) => lemma)
    .sort();
  return [
    {
      file: 'verbs.txt',
      about: ['Verbs used more often as verbs than as nouns or adjectives, one a line, for the heuristic engine.'],
      lines: mostlyVerbs,
    },
  ];
}

writeWhenRun(import.meta.url, build);
