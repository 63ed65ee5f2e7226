// Catalog search at 10,000 functions: p50/p99 of one search page (index lookup, ranking, paging)
// against a plain scan of every function (lower-cased substring tests, sort, page) in the same run.
// The functions are real ones when ../shared/data/bfcl is present (BFCL's function names and
// descriptions, repeated under numbered shortnames up to 10,000), otherwise generated; the queries
// are words of those descriptions, whole or half-typed, and tag filters.
// Run: npm run bench -- catalog
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogEntry } from '../lib/functions/catalog-entry';
import { CATALOG_TTL_MS } from '../lib/catalog/catalog';
import { catalogPage } from '../lib/catalog/page';
import { CatalogIndex, byCodeUnits } from '../lib/catalog/search';
import { PROJECT_ROOT } from '../local/serverless-config';
import { ms, time } from './stats';

const SIZE = 10_000;
const QUERIES = 300;
const BFCL = join(PROJECT_ROOT, '..', 'shared', 'data', 'bfcl');
const TAGS = ['math', 'finance', 'geo', 'text', 'media', 'science', 'sports', 'travel', 'health', 'data'];

/** Deterministic, so two runs search the same catalog with the same queries. */
function rng(seed: number) {
  let s = seed;
  return () => (s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
}

function realFunctions(): { name: string; description: string }[] {
  if (!existsSync(BFCL)) return [];
  const seen = new Map<string, string>();
  for (const file of [
    'BFCL_v4_simple_python.json',
    'BFCL_v4_multiple.json',
    'BFCL_v4_parallel.json',
    'BFCL_v4_parallel_multiple.json',
  ]) {
    for (const line of readFileSync(join(BFCL, file), 'utf8').split('\n').filter(Boolean)) {
      for (const fn of (JSON.parse(line) as { function: { name: string; description: string }[] }).function)
        seen.set(fn.name, fn.description);
    }
  }
  return [...seen].map(([name, description]) => ({ name, description }));
}

function generatedFunctions(random: () => number): { name: string; description: string }[] {
  const syllables = ['ra', 'to', 'mi', 'ken', 'sol', 'ba', 'der', 'lu', 'pha', 'gri', 'no', 'vel'];
  const word = () =>
    Array.from({ length: 2 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * syllables.length)]).join(
      '',
    );
  return Array.from({ length: 1500 }, () => ({
    name: `${word()}_${word()}`,
    description: Array.from({ length: 12 }, word).join(' '),
  }));
}

const random = rng(17);
const base = realFunctions();
const source = base.length ? base : generatedFunctions(random);
const entries: CatalogEntry[] = Array.from({ length: SIZE }, (_, i) => {
  const fn = source[i % source.length]!;
  return {
    shortname: `${fn.name.replace(/[^A-Za-z0-9_-]+/g, '-')}-${i}`,
    name: fn.name,
    description: fn.description,
    tags: [TAGS[i % TAGS.length]!, ...(i % 3 === 0 ? [TAGS[(i + 3) % TAGS.length]!] : [])],
    runtime: i % 2 ? 'nodejs22' : 'python312',
    method: 'POST',
    path: `/functions/v1/${fn.name}-${i}`,
    updated: new Date(0).toISOString(),
  };
});

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 3);
const queries = Array.from({ length: QUERIES }, (_, i) => {
  const e = entries[Math.floor(random() * entries.length)]!;
  const ws = words(e.description);
  const a = ws[Math.floor(random() * ws.length)] ?? 'data';
  const b = ws[Math.floor(random() * ws.length)] ?? 'value';
  // A third each: one word, two words, two words with the second half-typed; every fifth with a tag.
  const q = i % 3 === 0 ? a : i % 3 === 1 ? `${a} ${b}` : `${a} ${b.slice(0, Math.ceil(b.length / 2))}`;
  return { q, tags: i % 5 === 0 ? [TAGS[i % TAGS.length]!] : undefined };
});

/** The baseline: no index — every function's text tested for every query word. */
function plainScan(query: { q: string; tags?: string[] }, limit: number): CatalogEntry[] {
  const qs = query.q.toLowerCase().split(/\s+/).filter(Boolean);
  const hits = entries.filter((e) => {
    if (query.tags && !query.tags.every((t) => e.tags.includes(t))) return false;
    const text = `${e.name} ${e.shortname} ${e.description} ${e.tags.join(' ')}`.toLowerCase();
    return qs.every((w) => text.includes(w));
  });
  return hits.sort((x, y) => byCodeUnits(x.shortname, y.shortname)).slice(0, limit);
}

const buildStarted = performance.now();
const index = new CatalogIndex(entries);
const buildMs = performance.now() - buildStarted;

let q = 0;
const next = () => queries[q++ % queries.length]!;
const indexed = await time(() => catalogPage(index, { ...next(), limit: 20 }), 1500, 100);
q = 0;
const scanned = await time(() => plainScan(next(), 20), 600, 30);
const matches = queries.map((x) => index.search(x).length).sort((a, b) => a - b);

console.log(
  `catalog: ${SIZE} functions (${base.length ? `${base.length} distinct BFCL functions, repeated` : 'generated; ../shared/data/bfcl not found'}), ${QUERIES} queries, median ${matches[matches.length >> 1]} matches`,
);
console.log(`index build: ${ms(buildMs)} (once per ${CATALOG_TTL_MS / 1000} s per warm Lambda)`);
console.log(`search page (index):  p50 ${ms(indexed.p50)}  p99 ${ms(indexed.p99)}`);
console.log(`plain scan (baseline): p50 ${ms(scanned.p50)}  p99 ${ms(scanned.p99)}`);
console.log(
  `ratio p50 index/scan: ${(indexed.p50 / scanned.p50).toFixed(3)} (${(scanned.p50 / indexed.p50).toFixed(1)}× faster)`,
);
