// Retrieval figures of our LanceDB store with the local lexical embedder, on real data:
// 1. SciFact (BEIR): nDCG@10 and recall@100 over the train qrels for vector, full-text and fused
//    search, and the variants tried while tuning (fusion weights, tokenizer, query handling).
//    The queries are split in two halves by halfOf (a hash of the query id, so the split is fixed):
//    variants are compared, and this run picks the fusion weight, on the tune half; the figures
//    reported are the other (report) half's. The defaults in lib/vectors (RRF k=60, vector:text
//    1:5, depth 50, English stemming + stop words) were first chosen on all train queries, before
//    the split; the in-run pick on the tune half says whether they still hold on held-out queries.
//    Published reference: BM25 nDCG@10 0.665 (BEIR paper, test split).
// 2. Search latency at growing table sizes, exact (the baseline) against the ANN indexes, with
//    recall@10 of each index against exact search in the same run.
// 3. Per search route (vector, text, fused): nDCG@10, and how often the heuristic engine's extractive
//    answer says "nothing relevant" although the route's top hit is a relevant abstract (on the
//    report half of the queries; the answer's rules were tuned on the other half, see halfOf).
// Run: node --import tsx bench/retrieval.ts [--routes] [--quality] [--latency]
// (any mix of sections 3, 1 and 2; none means all; each section prints as soon as it is done)
// (reads ../shared/data/scifact; says so when absent).

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Index, connect, type FtsOptions, type Table } from '@lancedb/lancedb';
import { embedText } from '@fnquery/heuristic-engine';
import { terms } from '@fnquery/text-tools';
import { createLogger } from '../lib/log';
import { tableNameFor } from '../lib/vectors/collection-table';
import { DEFAULT_VECTOR_INDEX, type VectorIndexPolicy } from '../lib/vectors/lance-indexes';
import { HIT_COLUMNS } from '../lib/vectors/lance-schema';
import { LanceVectorStore, type HybridFusion } from '../lib/vectors/lancedb-store';
import type { ChunkRecord, CollectionRef, SearchHit, SearchQuery } from '../lib/vectors/ports';
import { isMain, percentile } from './stats';
import { DEFAULT_SEARCH_ROUTES } from '../lib/vectors/search-route';
import { CLOSEST_ONLY, LEXICAL_EMBEDDER_ID, NOTHING_RELEVANT, answerFromPassages } from '@fnquery/heuristic-engine';

/**
 * The tune/report split of SciFact's queries, by the first bit of a query id's SHA-256: fixed, and blind to
 * what the query says.
 */
const halfOf = (id: string): 'tune' | 'report' =>
  (createHash('sha256').update(id).digest()[0]! & 1) === 0 ? 'tune' : 'report';

// FNQ_SHARED_DATA: the shared data folder when the checkout is not beside it (a worktree elsewhere).
export const SCIFACT = join(
  process.env.FNQ_SHARED_DATA ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/data'),
  'scifact',
);
const LATENCY_TARGET_MS = 20;
const RECALL_TARGET = 0.95;
const STAGES = [1_000, 5_000, 10_000, 15_000, 20_000, 50_000, 100_000];
const INDEXED_STAGES = new Set([10_000, 100_000]);
const LATENCY_QUERIES = 200;
const INGEST_BATCH = 1_000;

export interface Doc {
  id: string;
  text: string;
}

export interface Judged {
  id: string;
  text: string;
  relevant: Set<string>;
}

export interface QualityFigure {
  variant: string;
  /** nDCG@10 on the tune half (where the variants are compared). */
  tuneNdcgAt10: number;
  /** nDCG@10 and recall@100 on the report half (held out). */
  reportNdcgAt10: number;
  reportRecallAt100: number;
}

export interface ExactFigure {
  rows: number;
  p50: number;
  p99: number;
}

export interface IndexFigure {
  rows: number;
  index: string;
  buildMs: number;
  p50: number;
  p99: number;
  /** Indexed p50 over exact p50 at the same size, same run. */
  vsExact: number;
  recallAt10: number;
}

interface AnswerCounts {
  /** Queries whose top hit is relevant. */
  relevantTop: number;
  /** Of those, answers that said nothing relevant was found. */
  nothingRelevant: number;
  /** Of those, answers that quoted only the closest passage (below the coverage bar), saying so. */
  closestOnly: number;
  /** Queries answered from their hits minus every relevant one: answers that still quoted something. */
  quotedWithoutRelevant: number;
  queries: number;
}

export interface RouteFigure {
  route: string;
  ndcgAt10: Record<'tune' | 'report', number>;
  halves: Record<'tune' | 'report', AnswerCounts>;
}

export interface RetrievalFigures {
  corpus: number;
  queries: number;
  routes: RouteFigure[];
  quality: QualityFigure[];
  /** The fusion weight this run picks on the tune half, and its held-out figure. */
  fusionPick?: { textWeight: number; tuneNdcgAt10: number; reportNdcgAt10: number };
  exact: ExactFigure[];
  indexed: IndexFigure[];
  hybridAt100k?: { p50: number; p99: number };
  notes: string[];
}

export const quiet = createLogger({ level: 'warn' });

export type Section = 'routes' | 'quality' | 'latency';

/**
 * Runs the asked sections in order and hands each one's figures to `report` as soon as it is done,
 * so a long run shows its first figures within minutes (the latency stages take the longest).
 */
export async function run(
  sections: ReadonlySet<Section> = new Set(['routes', 'quality', 'latency']),
  report: (f: RetrievalFigures) => void = () => {},
): Promise<RetrievalFigures | undefined> {
  if (!existsSync(join(SCIFACT, 'corpus.jsonl'))) return undefined;
  const docs = readJsonl<{ _id: string; title: string; text: string }>('corpus.jsonl').map((d) => ({
    id: d._id,
    text: `${d.title}\n${d.text}`,
  }));
  const judged = judgedQueries();
  const figures: RetrievalFigures = {
    corpus: docs.length,
    queries: judged.size,
    routes: [],
    quality: [],
    exact: [],
    indexed: [],
    notes: [],
  };
  const dir = await mkdtemp(join(tmpdir(), 'fnq-retrieval-'));
  try {
    if (sections.has('routes')) {
      const store = new LanceVectorStore({ uri: dir, log: quiet });
      const ref = { account: 'bench', collection: 'scifact' };
      await ingest(store, ref, docs.map(chunkOf));
      figures.routes = await routeFigures(store, ref, judged);
      report({ ...figures });
    }
    if (sections.has('quality')) {
      const { quality, fusionPick } = await qualityFigures(dir, docs, judged);
      Object.assign(figures, { routes: [], quality, fusionPick });
      report({ ...figures, routes: [] });
    }
    if (sections.has('latency')) {
      const latency = await latencyFigures(
        dir,
        docs,
        [...judged.values()].map((q) => q.text),
      );
      Object.assign(figures, latency);
      report({ ...figures, routes: [], quality: [], fusionPick: undefined });
    }
    return figures;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---- SciFact quality ----------------------------------------------------------------------

export function readJsonl<T>(file: string): T[] {
  return readFileSync(join(SCIFACT, file), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as T);
}

/** The train qrels' queries with their relevant abstracts. */
export function judgedQueries(): Map<string, Judged> {
  const texts = new Map(readJsonl<{ _id: string; text: string }>('queries.jsonl').map((q) => [q._id, q.text]));
  const judged = new Map<string, Judged>();
  for (const line of readFileSync(join(SCIFACT, 'qrels/train.tsv'), 'utf8').trim().split('\n').slice(1)) {
    const [queryId, docId, score] = line.split('\t');
    const text = texts.get(queryId!);
    if (!text || Number(score) <= 0) continue;
    const entry = judged.get(queryId!) ?? { id: queryId!, text, relevant: new Set<string>() };
    entry.relevant.add(docId!);
    judged.set(queryId!, entry);
  }
  return judged;
}

const chunkOf = (doc: Doc, position: number): ChunkRecord => ({
  id: doc.id,
  uploadId: 'scifact',
  position,
  text: doc.text,
  source: `scifact/${doc.id}`,
  vector: embedText(doc.text).vector,
});

export async function ingest(store: LanceVectorStore, ref: CollectionRef, chunks: ChunkRecord[]): Promise<void> {
  for (let start = 0; start < chunks.length; start += INGEST_BATCH)
    await store.upsert(ref, chunks.slice(start, start + INGEST_BATCH));
}

function ndcgAt10(ranked: string[], relevant: Set<string>): number {
  let dcg = 0;
  ranked.slice(0, 10).forEach((id, i) => {
    if (relevant.has(id)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(10, relevant.size); i++) ideal += 1 / Math.log2(i + 2);
  return dcg / ideal;
}

const recallAt = (k: number, ranked: string[], relevant: Set<string>) =>
  ranked.slice(0, k).filter((id) => relevant.has(id)).length / relevant.size;

export async function evaluate(
  variant: string,
  store: LanceVectorStore,
  ref: CollectionRef,
  judged: Map<string, Judged>,
  mode: SearchQuery['mode'],
  queryText: (text: string) => string = (text) => text,
  queryVector: (text: string) => Float32Array = (text) => embedText(text).vector,
): Promise<QualityFigure> {
  const ndcg = { tune: 0, report: 0 };
  const recall = { tune: 0, report: 0 };
  const count = { tune: 0, report: 0 };
  for (const { id, text, relevant } of judged.values()) {
    const query = { vector: queryVector(text), text: queryText(text), mode };
    const top100 = (await store.search(ref, { ...query, limit: 100 })).map((h) => h.id);
    // Fused lists depend on how deep each side is read, so the top 10 is asked for as served.
    const top10 = mode === 'hybrid' ? (await store.search(ref, { ...query, limit: 10 })).map((h) => h.id) : top100;
    const half = halfOf(id);
    count[half]++;
    ndcg[half] += ndcgAt10(top10, relevant);
    recall[half] += recallAt(100, top100, relevant);
  }
  return {
    variant,
    tuneNdcgAt10: round3(ndcg.tune / count.tune),
    reportNdcgAt10: round3(ndcg.report / count.report),
    reportRecallAt100: round3(recall.report / count.report),
  };
}

const ROUTES: NonNullable<SearchQuery['mode']>[] = ['vector', 'text', 'hybrid'];

async function routeFigures(
  store: LanceVectorStore,
  ref: CollectionRef,
  judged: Map<string, Judged>,
): Promise<RouteFigure[]> {
  const figures: RouteFigure[] = [];
  const answerOf = (text: string, hits: SearchHit[]) =>
    answerFromPassages({
      question: text,
      passages: hits.slice(0, 8).map((h) => ({ text: h.text, source: h.source, score: h.score })),
    }).value;
  const answered = (text: string, hits: SearchHit[]) => answerOf(text, hits) !== NOTHING_RELEVANT;
  for (const route of ROUTES) {
    const ndcg = { tune: 0, report: 0 };
    const counts = (): AnswerCounts => ({
      relevantTop: 0,
      nothingRelevant: 0,
      closestOnly: 0,
      quotedWithoutRelevant: 0,
      queries: 0,
    });
    const halves = { tune: counts(), report: counts() };
    for (const { id, text, relevant } of judged.values()) {
      const hits = await store.search(ref, { vector: embedText(text).vector, text, limit: 20, mode: route });
      ndcg[halfOf(id)] += ndcgAt10(
        hits.slice(0, 10).map((h) => h.id),
        relevant,
      );
      const half = halves[halfOf(id)];
      half.queries++;
      if (
        answered(
          text,
          hits.filter((h) => !relevant.has(h.id)),
        )
      )
        half.quotedWithoutRelevant++;
      if (!hits[0] || !relevant.has(hits[0].id)) continue;
      half.relevantTop++;
      const answer = answerOf(text, hits);
      if (answer === NOTHING_RELEVANT) half.nothingRelevant++;
      else if (answer.startsWith(CLOSEST_ONLY)) half.closestOnly++;
    }
    figures.push({
      route,
      ndcgAt10: { tune: round3(ndcg.tune / halves.tune.queries), report: round3(ndcg.report / halves.report.queries) },
      halves,
    });
  }
  return figures;
}

async function qualityFigures(
  dir: string,
  docs: Doc[],
  judged: Map<string, Judged>,
): Promise<{ quality: QualityFigure[]; fusionPick: NonNullable<RetrievalFigures['fusionPick']> }> {
  const chunks = docs.map(chunkOf);
  const storeWith = (fusion: Partial<HybridFusion> = {}, textIndex?: Partial<FtsOptions>) =>
    new LanceVectorStore({ uri: dir, fusion, textIndex, log: quiet });
  const ref = { account: 'bench', collection: 'scifact-quality' };
  const store = storeWith();
  await ingest(store, ref, chunks);

  const figures = [
    await evaluate('vector (local-lexical-v1, exact cosine)', store, ref, judged, 'vector'),
    await evaluate('full text (BM25, English stemming + stop words)', store, ref, judged, 'text'),
    await evaluate('fused RRF k=60, vector:text 1:5, depth 50 (default)', store, ref, judged, 'hybrid'),
  ];
  // The fusion weight picked on the tune half only; its report-half figure is the held-out one.
  const weights: [number, QualityFigure][] = [[5, figures[2]!]];
  for (const textWeight of [1, 2, 4, 8]) {
    const figure = await evaluate(
      `fused RRF, vector:text 1:${textWeight}`,
      storeWith({ textWeight }),
      ref,
      judged,
      'hybrid',
    );
    figures.push(figure);
    weights.push([textWeight, figure]);
  }
  const [pickedWeight, picked] = weights.reduce((best, w) => (w[1].tuneNdcgAt10 > best[1].tuneNdcgAt10 ? w : best));
  const fusionPick = {
    textWeight: pickedWeight,
    tuneNdcgAt10: picked.tuneNdcgAt10,
    reportNdcgAt10: picked.reportNdcgAt10,
  };
  figures.push(await evaluate('fused RRF 1:5, depth 100', storeWith({ candidates: 100 }), ref, judged, 'hybrid'));
  figures.push(
    await evaluate('fused RRF 1:5, query as local-engine terms', store, ref, judged, 'hybrid', (t) =>
      terms(t).join(' '),
    ),
  );
  figures.push(
    await evaluate('full text, query as local-engine terms', store, ref, judged, 'text', (t) => terms(t).join(' ')),
  );

  const tokenizers: [string, Partial<FtsOptions>][] = [
    ['no stemming', { stem: false }],
    ['stop words kept', { removeStopWords: false }],
  ];
  for (const [name, textIndex] of tokenizers) {
    const variantRef = { account: 'bench', collection: `scifact-${name.replaceAll(' ', '-')}` };
    const variantStore = storeWith({}, textIndex);
    await ingest(variantStore, variantRef, chunks);
    figures.push(await evaluate(`full text, ${name}`, variantStore, variantRef, judged, 'text'));
    figures.push(await evaluate(`fused RRF 1:5, ${name}`, variantStore, variantRef, judged, 'hybrid'));
  }
  return { quality: figures, fusionPick };
}

// ---- Latency and recall of the ANN indexes --------------------------------------------------

interface IndexVariant {
  name: string;
  policy: VectorIndexPolicy;
}

const INDEX_VARIANTS: IndexVariant[] = [
  { name: 'IVF_RQ nprobes 40, refine 10 (default)', policy: { ...DEFAULT_VECTOR_INDEX } },
  {
    name: 'IVF_RQ nprobes 20, refine 5',
    policy: { ...DEFAULT_VECTOR_INDEX, tune: (q) => q.nprobes(20).refineFactor(5) },
  },
  {
    name: 'IVF_FLAT nprobes 30',
    policy: { minRows: 0, index: () => Index.ivfFlat({ distanceType: 'cosine' }), tune: (q) => q.nprobes(30) },
  },
  {
    name: 'IVF_HNSW_SQ ef 300, refine 3',
    policy: {
      minRows: 0,
      index: () => Index.hnswSq({ distanceType: 'cosine' }),
      tune: (q) => q.ef(300).refineFactor(3),
    },
  },
];

/** Deterministic stand-in chunks: three SciFact sentences drawn by a linear congruential generator. */
export function synthesize(docs: Doc[], count: number): ChunkRecord[] {
  const sentences = docs.flatMap((d) => d.text.split(/(?<=[.!?])\s+/)).filter((s) => s.length > 30);
  let seed = 20240611;
  const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return Array.from({ length: count }, (_, i) => {
    const text = [0, 1, 2].map(() => sentences[Math.floor(next() * sentences.length)]).join(' ');
    return {
      id: `s${i}`,
      uploadId: `u${Math.floor(i / 1000)}`,
      position: i % 1000,
      text,
      source: 'synthetic',
      vector: embedText(text).vector,
    };
  });
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
}

/** p50/p99 over the queries, after a warm-up pass that loads the index and data into cache. */
async function latency(queries: Float32Array[], search: (q: Float32Array, i: number) => Promise<string[]>) {
  for (let i = 0; i < 20; i++) await search(queries[i]!, i);
  const times: number[] = [];
  const results: string[][] = [];
  for (const [i, q] of queries.entries()) {
    const { ms, result } = await timed(() => search(q, i));
    times.push(ms);
    results.push(result);
  }
  times.sort((a, b) => a - b);
  return { p50: round2(percentile(times, 50)), p99: round2(percentile(times, 99)), results };
}

const exactSearch = (table: Table) => async (q: Float32Array) =>
  (
    await table
      .vectorSearch(q)
      .distanceType('cosine')
      .bypassVectorIndex()
      .select([...HIT_COLUMNS, '_distance'])
      .limit(10)
      .toArray()
  ).map((row: { id: string }) => row.id);

async function latencyFigures(dir: string, docs: Doc[], queryTexts: string[]) {
  const notes: string[] = [];
  const chunks = synthesize(docs, STAGES.at(-1)!);
  const queries = queryTexts.slice(0, LATENCY_QUERIES).map((t) => embedText(t).vector);
  const ref = { account: 'bench', collection: 'latency' };
  // The index is built by this benchmark at each measured size, not by the store's threshold.
  const builder = new LanceVectorStore({ uri: dir, vectorIndex: { minRows: Number.POSITIVE_INFINITY }, log: quiet });

  const exact: ExactFigure[] = [];
  const indexed: IndexFigure[] = [];
  let hybridAt100k: RetrievalFigures['hybridAt100k'];
  let written = 0;
  for (const rows of STAGES) {
    await ingest(builder, ref, chunks.slice(written, rows));
    written = rows;
    const raw = await (await connect(dir)).openTable(tableNameFor(ref));
    const baseline = await latency(queries, exactSearch(raw));
    exact.push({ rows, p50: baseline.p50, p99: baseline.p99 });
    if (!INDEXED_STAGES.has(rows)) continue;

    for (const variant of INDEX_VARIANTS) {
      const build = await timed(() => raw.createIndex('vector', { config: variant.policy.index(), replace: true }));
      const store = new LanceVectorStore({ uri: dir, vectorIndex: variant.policy, log: quiet });
      const measured = await latency(queries, async (q) =>
        (await store.search(ref, { vector: q, text: '', limit: 10, mode: 'vector' })).map((h) => h.id),
      );
      const found = measured.results.reduce(
        (sum, ids, i) => sum + ids.filter((id) => baseline.results[i]!.includes(id)).length,
        0,
      );
      indexed.push({
        rows,
        index: variant.name,
        buildMs: Math.round(build.ms),
        p50: measured.p50,
        p99: measured.p99,
        vsExact: round2(measured.p50 / baseline.p50),
        recallAt10: round3(found / (queries.length * 10)),
      });
      if (rows === STAGES.at(-1) && variant === INDEX_VARIANTS[0]) {
        const fused = await latency(queries, async (q, i) =>
          (await store.search(ref, { vector: q, text: queryTexts[i]!, limit: 10, mode: 'hybrid' })).map((h) => h.id),
        );
        hybridAt100k = { p50: fused.p50, p99: fused.p99 };
      }
    }
    await raw.dropIndex('vector_idx');
  }
  const crossing = exact.find((e) => e.p50 > LATENCY_TARGET_MS);
  notes.push(
    crossing
      ? `exact search passes ${LATENCY_TARGET_MS} ms p50 at ${crossing.rows} rows; the store trains its ANN index at ${DEFAULT_VECTOR_INDEX.minRows}`
      : `exact search stays under ${LATENCY_TARGET_MS} ms p50 up to ${STAGES.at(-1)} rows`,
  );
  return { exact, indexed, hybridAt100k, notes };
}

export const round2 = (x: number) => Math.round(x * 100) / 100;
export const round3 = (x: number) => Math.round(x * 1000) / 1000;

function print(f: RetrievalFigures): void {
  if (f.routes.length) printRoutes(f);
  if (f.quality.length) printQuality(f);
  if (f.exact.length) printLatency(f);
}

function printRoutes(f: RetrievalFigures): void {
  const tuneCount = f.routes[0]!.halves.tune.queries;
  console.log(
    `SciFact: ${f.corpus} abstracts (title + text, one chunk each), ${f.queries} train-qrels queries: ${tuneCount} in the tune half, ${f.queries - tuneCount} in the report half (halfOf: SHA-256 of the query id)`,
  );
  console.log("figures are the report half's; tune-half figures, where variants were compared, are labelled");
  console.log(
    `search routes (baseline: vector, same run); default route for ${LEXICAL_EMBEDDER_ID}: ${DEFAULT_SEARCH_ROUTES[LEXICAL_EMBEDDER_ID] ?? DEFAULT_SEARCH_ROUTES['*']}`,
  );
  const baseline = f.routes.find((r) => r.route === 'vector')?.ndcgAt10.report ?? NaN;
  for (const r of f.routes) {
    console.log(
      `  ${r.route.padEnd(7)} report nDCG@10 ${r.ndcgAt10.report.toFixed(3)} (${(r.ndcgAt10.report / baseline).toFixed(3)}x vector)  tune ${r.ndcgAt10.tune.toFixed(3)}`,
    );
  }
  console.log(
    'extractive answers per route and half, where the top hit is relevant: "nothing relevant", and quotes of the closest passage only (said so); and quotes from hits with every relevant one removed',
  );
  for (const r of f.routes) {
    for (const [half, c] of Object.entries(r.halves)) {
      console.log(
        `  ${r.route.padEnd(7)} ${half.padEnd(6)} nothing relevant ${c.nothingRelevant}/${c.relevantTop}, closest passage only ${c.closestOnly}/${c.relevantTop}; quoted without a relevant hit ${c.quotedWithoutRelevant}/${c.queries}`,
      );
    }
  }
}

function printQuality(f: RetrievalFigures): void {
  console.log(
    '\nvariants (compared on the tune half; report half held out); published BM25 nDCG@10 (test split) 0.665',
  );
  console.table(f.quality);
  if (f.fusionPick) {
    const p = f.fusionPick;
    console.log(
      `fusion weight picked on the tune half: vector:text 1:${p.textWeight} (tune nDCG@10 ${p.tuneNdcgAt10}); held out, report half: ${p.reportNdcgAt10}; the default is 1:5${p.textWeight === 5 ? ' (the pick)' : ''}`,
    );
  }
}

function printLatency(f: RetrievalFigures): void {
  console.log(`\nexact search (baseline), ${LATENCY_QUERIES} SciFact claims over SciFact-sentence chunks, top 10:`);
  console.table(f.exact);
  console.log(
    `\nANN indexes (target p50 <= ${LATENCY_TARGET_MS} ms at 100k with recall@10 >= ${RECALL_TARGET}); vsExact = p50 / exact p50:`,
  );
  console.table(f.indexed);
  if (f.hybridAt100k)
    console.log(
      `\nhybrid (vector + full text + RRF) at 100k, default index: p50 ${f.hybridAt100k.p50} ms, p99 ${f.hybridAt100k.p99} ms`,
    );
  for (const note of f.notes) console.log(`note: ${note}`);
}

// Sections: --routes, --quality, --latency (any mix; none means all three).
if (isMain(import.meta.url)) {
  const asked = (['routes', 'quality', 'latency'] as const).filter((s) => process.argv.includes(`--${s}`));
  const sections = new Set<Section>(asked.length ? asked : ['routes', 'quality', 'latency']);
  const figures = await run(sections, print);
  if (!figures) console.log(`${SCIFACT} is absent: no retrieval figures (the benchmark needs SciFact)`);
}
