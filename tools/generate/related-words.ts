// The heuristic engine's related-words list (made from WordNet by tools/build-related-words.ts) as a string
// constant, so the engine reads it wherever it runs without a file beside its bundle.
import { readText, textModule } from './text-module';

const SOURCE = 'packages/heuristic-engine/src/lexicon/related-words.txt';
const MODULE = 'packages/heuristic-engine/src/lexicon/generated/related-words.ts';

export default async function relatedWords(): Promise<Record<string, string>> {
  const text = await readText(SOURCE);
  return {
    [MODULE]: await textModule(MODULE, {
      generator: 'related-words.ts',
      from: SOURCE,
      exports: { RELATED_WORDS: text },
    }),
  };
}
