// Examples in our code, tests and docs are our own, never a benchmark's: a rule written around a quoted
// question is tuned to that item, and the item's figure then says nothing about new questions. This
// check reads every question of the public data sets the benches use (BFCL, Spider, SciFact's claims)
// and fails on any run of RUN_WORDS words of one of them in a file git tracks.
// Run: npm run lint:data-quotes (the data from ../shared/data, or FNQ_SHARED_DATA). Without the data it
// says so and fails under CI, where the data is always beside the clone.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsv } from '../lib/ingest/extract-data';

/** Seven words catch shared phrasing ("what are the names of the") as often as quotes; eight do not. */
const RUN_WORDS = 8;
const CHECKED = /\.(ts|tsx|js|mjs|cjs|md|json|ya?ml|sql|py|html|css)$/;
// Generated bundles carry other projects' text (number tables, licences); their sources are checked.
const GENERATED = /(^|\/)generated\//;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const data = process.env.FNQ_SHARED_DATA ?? resolve(root, '../shared/data');

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

function* runs(text: string): Generator<string> {
  const w = words(text);
  for (let i = 0; i + RUN_WORDS <= w.length; i++) yield w.slice(i, i + RUN_WORDS).join(' ');
}

/** Every question of the data sets, by run of words, with the item it comes from. */
function questionRuns(): Map<string, string> {
  const found = new Map<string, string>();
  const add = (text: string, item: string) => {
    for (const run of runs(text)) if (!found.has(run)) found.set(run, item);
  };
  const bfcl = join(data, 'bfcl');
  for (const file of readdirSync(bfcl).filter((f) => /^BFCL_.*\.json$/.test(f))) {
    for (const line of readFileSync(join(bfcl, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const item = JSON.parse(line) as { id: string; question: { content: string }[][] };
      for (const turn of item.question) for (const message of turn) add(message.content, item.id);
    }
  }
  const [header, ...rows] = parseCsv(readFileSync(join(data, 'spider', 'train_queries.csv'), 'utf8'), ',');
  const question = header!.indexOf('question');
  const database = header!.indexOf('database');
  for (const row of rows) add(row[question] ?? '', `spider ${row[database]}`);
  for (const line of readFileSync(join(data, 'scifact', 'queries.jsonl'), 'utf8').split('\n')) {
    if (line.trim()) add((JSON.parse(line) as { text: string }).text, 'scifact claim');
  }
  return found;
}

function main(): number {
  if (!existsSync(join(data, 'bfcl'))) {
    console.log(`No data sets at ${data} (set FNQ_SHARED_DATA): nothing checked.`);
    return process.env.CI ? 1 : 0;
  }
  const known = questionRuns();
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => CHECKED.test(f) && !GENERATED.test(f));
  let quotes = 0;
  for (const file of files) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    const seen = new Set<string>();
    for (const run of runs(readFileSync(path, 'utf8'))) {
      const item = known.get(run);
      if (!item || seen.has(run)) continue;
      seen.add(run);
      quotes++;
      console.log(`${file}: "${run}" (${item})`);
    }
  }
  console.log(`${files.length} files, ${known.size} runs of ${RUN_WORDS} words from the data sets: ${quotes} found.`);
  return quotes === 0 ? 0 : 1;
}

process.exitCode = main();
