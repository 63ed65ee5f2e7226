// The engine's WordNet lists are what their builders make (tools/check-lexicon.ts, `npm run lint:lexicon`),
// and the check says so only when it is true: a hand edit, a list with no builder and a missing list each
// fail it. Without WordNet the lists cannot be built: skipped here, a failure under CI (wordnet-base is in
// .ci/debian-packages.txt).
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtLists, lexiconProblems, type BuiltList } from '../../../tools/check-lexicon';
import { LEXICON_DIR, wordNetMissing } from '../../../tools/wordnet';

const missing = wordNetMissing();
if (missing && process.env.CI) throw new Error(missing);

describe.skipIf(missing !== undefined)(`the engine's word lists${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let built: Map<string, BuiltList>;
  let copy: string;
  beforeAll(async () => {
    built = await builtLists();
    copy = mkdtempSync(join(tmpdir(), 'lexicon-'));
    for (const file of built.keys()) copyFileSync(join(LEXICON_DIR, file), join(copy, file));
  }, 120_000);
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('are each exactly what its builder makes from WordNet', () => {
    expect(built.size).toBeGreaterThanOrEqual(5);
    expect(lexiconProblems(built)).toEqual([]);
  });

  it('fail the check when a line is edited by hand, naming the list and the line', () => {
    const path = join(copy, 'verbs.txt');
    const original = readFileSync(path, 'utf8');
    writeFileSync(path, original.replace(/\n([a-z]+)\n/, '\n$1x\n'));
    const problems = lexiconProblems(built, copy);
    writeFileSync(path, original);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^verbs\.txt differs from what tools\/build-verbs\.ts builds: 1 committed lines/);
    expect(problems[0]).toMatch(/\n {2}- [a-z]+x\n/);
  });

  it('fail the check for a list no builder makes, and for a list that is missing', () => {
    writeFileSync(join(copy, 'extra-words.txt'), 'word\n');
    rmSync(join(copy, 'word-kinds.txt'));
    expect(lexiconProblems(built, copy)).toEqual([
      'word-kinds.txt: not committed (run node --import tsx tools/build-word-kinds.ts)',
      'extra-words.txt: no tools/build-*.ts builds it; every list must come from a builder',
    ]);
  });
});
