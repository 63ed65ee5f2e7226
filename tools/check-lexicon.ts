// `npm run lint:lexicon`: every WordNet list the engine reads (packages/heuristic-engine/src/lexicon/*.txt)
// must be exactly what its builder (tools/build-*.ts) makes from WordNet today, so each list can be traced
// to the rule that made it and no hand edit or stale rebuild hides in it. Every list must also have a
// builder. Without WordNet this fails, never passes: a check that cannot run has checked nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEXICON_DIR, runAsScript, toolOf, wordListText, wordNetMissing, type WordList } from './wordnet';

const TOOLS_DIR = fileURLToPath(new URL('.', import.meta.url));
const SHOWN = 5;

/** Lines of `a` not in `b` (the lists are sets of lines). */
const minus = (a: string[], b: string[]) => {
  const other = new Set(b);
  return a.filter((line) => !other.has(line));
};

/** A list as its builder makes it now, with the builder's path. */
export interface BuiltList {
  tool: string;
  text: string;
}

/** Every list every tools/build-*.ts builder makes, by file name, built in memory. */
export async function builtLists(): Promise<Map<string, BuiltList>> {
  const built = new Map<string, BuiltList>();
  for (const name of readdirSync(TOOLS_DIR)
    .filter((f) => /^build-.*\.ts$/.test(f))
    .sort()) {
    const url = new URL(name, import.meta.url).href;
    const { build } = (await import(url)) as { build: () => WordList[] };
    for (const list of build()) built.set(list.file, { tool: toolOf(url), text: wordListText(list, toolOf(url)) });
  }
  return built;
}

/** What differs between a committed list and its builder's output, in words; undefined when nothing. */
function difference(dir: string, file: string, { tool, text: built }: BuiltList): string | undefined {
  let committed: string;
  try {
    committed = readFileSync(join(dir, file), 'utf8');
  } catch {
    return `${file}: not committed (run node --import tsx ${tool})`;
  }
  if (committed === built) return undefined;
  const [old, now] = [committed.split('\n'), built.split('\n')];
  const [gone, added] = [minus(old, now), minus(now, old)];
  return [
    `${file} differs from what ${tool} builds: ${gone.length} committed lines it does not make, ${added.length} it makes that are not committed` +
      (gone.length + added.length === 0 ? ' (same lines, other order)' : ''),
    ...gone.slice(0, SHOWN).map((line) => `  - ${line}`),
    ...added.slice(0, SHOWN).map((line) => `  + ${line}`),
    `  Find why (a rule changed since the list was built, or a hand edit), then rebuild: node --import tsx ${tool}`,
  ].join('\n');
}

/** What is wrong with the lists in `dir` (the engine's lexicon folder unless a test says otherwise), in words. */
export function lexiconProblems(built: Map<string, BuiltList>, dir = LEXICON_DIR): string[] {
  const problems = [...built].map(([file, list]) => difference(dir, file, list));
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.txt') && !built.has(f)))
    problems.push(`${file}: no tools/build-*.ts builds it; every list must come from a builder`);
  return problems.filter((p): p is string => p !== undefined);
}

if (runAsScript(import.meta.url)) {
  const missing = wordNetMissing();
  if (missing) {
    console.error(`lint:lexicon cannot check the lists: ${missing}`);
    process.exit(1);
  }
  const built = await builtLists();
  const problems = lexiconProblems(built);
  for (const problem of problems) console.error(problem);
  console.log(`lexicon: ${built.size} lists checked against their builders, ${problems.length} differ`);
  process.exit(problems.length ? 1 : 0);
}
