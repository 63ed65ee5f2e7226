// The heuristic engine's WordNet lists (each made by a tools/build-*.ts builder, and checked against it by
// `npm run lint:lexicon`) as string constants, so the engine reads them wherever it runs without a file
// beside its bundle.
import { readText, textModule } from './text-module';

const LEXICON = 'packages/heuristic-engine/src/lexicon';

/** Each list's text file, and the constant its generated module exports. */
const LISTS = [
  { name: 'related-words', constant: 'RELATED_WORDS' },
  { name: 'word-kinds', constant: 'WORD_KINDS' },
  { name: 'similar-adjectives', constant: 'SIMILAR_ADJECTIVES' },
  { name: 'adjective-nouns', constant: 'ADJECTIVE_NOUNS' },
  { name: 'verbs', constant: 'VERBS' },
];

export default async function wordLists(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const { name, constant } of LISTS) {
    const source = `${LEXICON}/${name}.txt`;
    const module = `${LEXICON}/generated/${name}.ts`;
    files[module] = await textModule(module, {
      generator: 'word-lists.ts',
      from: source,
      exports: { [constant]: await readText(source) },
    });
  }
  return files;
}
