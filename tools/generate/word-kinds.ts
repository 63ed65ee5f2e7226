// The heuristic engine's word-kinds table (nouns and their WordNet hypernyms, made by
// tools/build-word-kinds.ts) as a string constant, like the related-words list beside it.
import { readText, textModule } from './text-module';

const SOURCE = 'packages/heuristic-engine/src/lexicon/word-kinds.txt';
const MODULE = 'packages/heuristic-engine/src/lexicon/generated/word-kinds.ts';

export default async function wordKinds(): Promise<Record<string, string>> {
  const text = await readText(SOURCE);
  return {
    [MODULE]: await textModule(MODULE, {
      generator: 'word-kinds.ts',
      from: SOURCE,
      exports: { WORD_KINDS: text },
    }),
  };
}
