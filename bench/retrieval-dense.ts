// Retrieval with the dense ONNX embedder (all-mpnet-base-v2, `npm run models`) against the lexical one,
// on SciFact, in one run. Sections (`--sections=throughput,cold,quality,scale`, default all):
// - throughput: chunks per second of wall time and per CPU-second, int8 (and with --fp32 the float32
//   model) against the lexical embedder (the baseline) over the same abstracts.
// - cold: a cold start's model cost: load from local disk (baseline) against fetch from an S3 prefix
//   (the local emulator) + SHA-256 check + load.
// - quality: nDCG@10 and recall@100 of the vector, full-text and fused routes with the dense vectors. The
//   fusion weights (vector:text) are picked on the tune half (halfOf, as in bench/retrieval.ts) and
//   reported on the other half, which is not looked at while picking.
// - scale: at 100k chunks (SciFact-sentence stand-ins whose vectors mix three abstracts' dense vectors,
//   since embedding 100k texts is out of reach here): query p50 end to end (embed the query + search)
//   per route, the text route being the baseline; and bytes on disk per chunk.
// Corpus vectors are cached in .tmp/bench-vectors/<model id>/<sha-256 of the text> so a rerun (or a run
// that was cut short) does not embed them again; throughput is always measured afresh.
// Run: npm run bench -- retrieval-dense [--sections=…] [--docs=N] [--fp32] [--cached-only]
// (FNQ_SHARED_DATA: the data folder when the checkout is not beside it)
import { mkdirSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
import { embedText } from '@fnquery/heuristic-engine';
import { downloadedModel } from '../lib/ai/model-download';
import { OnnxEmbedder, modelFolder } from '../lib/ai/onnx-embedder';
import { s3rverCredentials } from '../lib/aws/client-cache';
import { S3ModelObjects } from '../lib/aws/s3-model-objects';
import { LanceVectorStore, type HybridFusion } from '../lib/vectors/lancedb-store';
import { tableNameFor } from '../lib/vectors/collection-table';
import { fusionFor } from '../lib/vectors/search-route';
import { startEmulators } from '../local/emulators';
import { publishModel } from '../tools/models/publish';
import type { ChunkRecord, SearchQuery } from '../lib/vectors/ports';
import { PROJECT_ROOT } from '../local/serverless-config';
import { isMain, percentile } from './stats';
import {
  SCIFACT,
  evaluate,
  ingest,
  judgedQueries,
  quiet,
  readJsonl,
  round2,
  synthesize,
  timed,
  type Doc,
  type QualityFigure,
} from './retrieval';

const MODELS = process.env.FNQ_MODELS_DIR ?? join(PROJECT_ROOT, '.models');
const CACHE = join(PROJECT_ROOT, '.tmp/bench-vectors');
const INT8 = 'all-mpnet-base-v2-int8';
const FP32 = 'all-mpnet-base-v2';
const THROUGHPUT_CHUNKS = 32;
const CACHE_GROUP = 128;
const ROWS_AT_SCALE = 100_000;
const LATENCY_QUERIES = 200;
/** vector:text weights tried on the tune half. */
const WEIGHTS: [number, number][] = [
  [1, 1],
  [2, 1],
  [3, 1],
  [1, 2],
  [1, 3],
  [1, 5],
];

const log = (line: string) => console.log(line);

const cacheFile = (model: string, text: string) =>
  join(CACHE, model, `${createHash('sha256').update(text).digest('hex').slice(0, 32)}.f32`);

/** Vectors cached per model and text (a file each), so an interrupted run resumes where it stopped. */
async function embedAll(embedder: OnnxEmbedder, texts: string[], name: string): Promise<Float32Array[]> {
  const dir = join(CACHE, embedder.id);
  mkdirSync(dir, { recursive: true });
  const fileOf = (text: string) => cacheFile(embedder.id, text);
  const missing = texts.filter((t) => !existsSync(fileOf(t)));
  const started = performance.now();
  // Groups of CACHE_GROUP: the embedder orders each group by length, so its batches pad little, and a
  // group is written to the cache as soon as it is done.
  for (let start = 0; start < missing.length; start += CACHE_GROUP) {
    const batch = missing.slice(start, start + CACHE_GROUP);
    const { vectors } = await embedder.embed(batch);
    batch.forEach((text, i) => writeFileSync(fileOf(text), vectors[i]!));
    const seconds = Math.round((performance.now() - started) / 1000);
    log(`  ${embedder.id}: embedded ${start + batch.length}/${missing.length} ${name} not yet cached (${seconds} s)`);
  }
  return texts.map((t) => new Float32Array(new Uint8Array(readFileSync(fileOf(t))).buffer));
}

/** Wall time and this process's CPU time (every thread's: ONNX Runtime's pool runs in-process). */
async function measured(work: () => Promise<unknown>) {
  const cpu = process.cpuUsage();
  const { ms } = await timed(work);
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * Chunks per second of wall time on this machine's cores, and per CPU-second: on a machine shared with
 * other work the wall figure is this process's share, the CPU figure what a core does, so both are shown.
 */
async function throughput(docs: Doc[], embedders: OnnxEmbedder[]) {
  const texts = docs.slice(0, THROUGHPUT_CHUNKS).map((d) => d.text);
  const row = (embedder: string, { ms, cpuMs }: { ms: number; cpuMs: number }, baseline?: { perCpuSecond: number }) => {
    const perCpuSecond = texts.length / (cpuMs / 1000);
    return {
      embedder,
      chunksPerSecond: round2(texts.length / (ms / 1000)),
      chunksPerCpuSecond: round2(perCpuSecond),
      vsLexicalPerCpuSecond: baseline ? Number((perCpuSecond / baseline.perCpuSecond).toPrecision(3)) : 1,
      perCpuSecond,
    };
  };
  const lexical = row('local-lexical-v1 (baseline)', await measured(async () => texts.map((t) => embedText(t).vector)));
  const rows = [lexical];
  for (const embedder of embedders) {
    await embedder.embed(texts.slice(0, 2)); // loaded and warm
    rows.push(row(embedder.id, await measured(() => embedder.embed(texts)), lexical));
  }
  return rows.map(({ perCpuSecond: _, ...shown }) => shown);
}

/**
 * A cold start's model cost: loading the int8 folder from local disk (the baseline), against fetching it
 * from an S3 prefix into a fresh download folder and loading it (lib/ai/model-download.ts). The S3 here is
 * the local emulator on loopback, so the fetch figure is disk and hashing speed, not a region's network.
 */
async function coldStart(folder: string) {
  const emulators = await startEmulators();
  const dir = await mkdtemp(join(tmpdir(), 'fnq-cold-model-'));
  try {
    const s3 = new S3Client({
      region: 'us-east-1',
      endpoint: emulators.endpoints.s3,
      forcePathStyle: true,
      credentials: s3rverCredentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const uri = `s3://${emulators.bucket}/models/`;
    await publishModel(s3, uri, folder);
    const local = await timed(() => new OnnxEmbedder(folder).load());
    const objects = new S3ModelObjects(s3, uri);
    const fetch = await timed(() => downloadedModel(objects, INT8, dir));
    const load = await timed(() => new OnnxEmbedder(fetch.result).load());
    return [
      { step: 'load from local disk (baseline)', ms: Math.round(local.ms), vsLocal: 1 },
      {
        step: 'fetch from S3 emulator + verify SHA-256',
        ms: Math.round(fetch.ms),
        vsLocal: round2(fetch.ms / local.ms),
      },
      { step: 'then load the fetched folder', ms: Math.round(load.ms), vsLocal: round2(load.ms / local.ms) },
    ];
  } finally {
    await emulators.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function quality(dir: string, embedder: OnnxEmbedder, docs: Doc[], tag: string) {
  const judged = judgedQueries();
  const queries = [...judged.values()];
  // Queries first: they are short, and a run cut short with --cached-only still has them all.
  const queryVectors = await embedAll(
    embedder,
    queries.map((q) => q.text),
    'queries',
  );
  const docVectors = await embedAll(
    embedder,
    docs.map((d) => d.text),
    'scifact',
  );
  const byText = new Map(queries.map((q, i) => [q.text, queryVectors[i]!]));
  const chunks: ChunkRecord[] = docs.map((d, i) => ({
    id: d.id,
    uploadId: 'scifact',
    position: i,
    text: d.text,
    source: `scifact/${d.id}`,
    vector: docVectors[i]!,
  }));
  const ref = { account: 'bench', collection: `dense-${tag}` };
  const storeWith = (fusion: Partial<HybridFusion> = {}) => new LanceVectorStore({ uri: dir, fusion, log: quiet });
  await ingest(storeWith(), ref, chunks);
  const run = (variant: string, mode: SearchQuery['mode'], fusion: Partial<HybridFusion> = {}) =>
    evaluate(`${embedder.id}: ${variant}`, storeWith(fusion), ref, judged, mode, undefined, (t) => byText.get(t)!);
  const figures: QualityFigure[] = [await run('vector', 'vector'), await run('full text', 'text')];
  let pick: { weights: [number, number]; figure: QualityFigure } | undefined;
  for (const [vectorWeight, textWeight] of WEIGHTS) {
    const figure = await run(`fused ${vectorWeight}:${textWeight}`, 'hybrid', { vectorWeight, textWeight });
    figures.push(figure);
    if (!pick || figure.tuneNdcgAt10 > pick.figure.tuneNdcgAt10) pick = { weights: [vectorWeight, textWeight], figure };
  }
  return { figures, pick: pick!, docVectors };
}

/** Query p50 at 100k rows, embedding included, per route; bytes per chunk on disk. */
async function atScale(
  dir: string,
  embedder: OnnxEmbedder,
  docs: Doc[],
  docVectors: Float32Array[],
  weights: [number, number],
) {
  // Stand-in chunks: SciFact sentences for the text index, vectors mixed from three abstracts' vectors.
  const chunks = synthesize(docs, ROWS_AT_SCALE);
  let seed = 7;
  const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  for (const chunk of chunks) {
    const mix = new Float32Array(768);
    for (let k = 0; k < 3; k++) {
      const v = docVectors[Math.floor(next() * docVectors.length)]!;
      for (let d = 0; d < 768; d++) mix[d]! += v[d]!;
    }
    const norm = Math.hypot(...mix) || 1;
    chunk.vector = mix.map((x) => x / norm);
  }
  const ref = { account: 'bench', collection: 'dense-100k' };
  const store = new LanceVectorStore({
    uri: dir,
    fusion: { vectorWeight: weights[0], textWeight: weights[1] },
    log: quiet,
  });
  await ingest(store, ref, chunks);
  const bytes = Number(
    execFileSync('du', ['-sb', join(dir, `${tableNameFor(ref)}.lance`)])
      .toString()
      .split('\t')[0],
  );
  const texts = readJsonl<{ text: string }>('queries.jsonl')
    .slice(0, LATENCY_QUERIES)
    .map((q) => q.text);
  const rows = [];
  for (const mode of ['text', 'vector', 'hybrid'] as const) {
    const times: number[] = [];
    for (const [i, text] of [...texts.slice(0, 10), ...texts].entries()) {
      const { ms } = await timed(async () => {
        const [vector] = (await embedder.embed([text])).vectors;
        await store.search(ref, { vector: vector!, text, limit: 10, mode });
      });
      if (i >= 10) times.push(ms); // the first ten warm the caches
    }
    times.sort((a, b) => a - b);
    rows.push({ route: mode, p50Ms: round2(percentile(times, 50)), p99Ms: round2(percentile(times, 99)) });
  }
  const baseline = rows[0]!.p50Ms;
  return {
    latency: rows.map((r) => ({ ...r, vsText: round2(r.p50Ms / baseline) })),
    bytesPerChunk: Math.round(bytes / ROWS_AT_SCALE),
  };
}

/** `--name=value` from the command line. */
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

/**
 * The corpus: all of SciFact, or with --docs=N every abstract judged relevant to a train query plus the
 * first others in file order up to N (for machines where embedding 5,183 abstracts takes too long; the
 * figures then say so, and the lexical baseline is measured on the same abstracts).
 */
function corpus(): { docs: Doc[]; label: string } {
  const all = readJsonl<{ _id: string; title: string; text: string }>('corpus.jsonl').map((d) => ({
    id: d._id,
    text: `${d.title}\n${d.text}`,
  }));
  const limit = Number(option('docs') ?? all.length);
  if (process.argv.includes('--cached-only')) {
    // Only the abstracts an earlier, interrupted run embedded with the int8 model.
    const cached = all.filter((d) => existsSync(cacheFile(INT8, d.text)));
    return {
      docs: cached,
      label: `a SciFact sample: the ${cached.length} of ${all.length} abstracts embedded before the run was cut short (judged-relevant ones first); not comparable with full-corpus figures`,
    };
  }
  // Judged-relevant abstracts first, so a run cut short has cached them (see --cached-only).
  const relevant = new Set([...judgedQueries().values()].flatMap((q) => [...q.relevant]));
  const docs = all.filter((d) => relevant.has(d.id));
  for (const d of all) if (docs.length < limit && !relevant.has(d.id)) docs.push(d);
  if (limit >= all.length) return { docs, label: `all ${all.length} SciFact abstracts` };
  return {
    docs,
    label: `a SciFact sample: ${docs.length} of ${all.length} abstracts (the ${relevant.size} judged relevant + the first others); not comparable with full-corpus figures`,
  };
}

/** The lexical embedder on the same abstracts: its default (text) route is BM25, shared with the dense rows. */
async function lexicalBaseline(dir: string, docs: Doc[]): Promise<QualityFigure[]> {
  const ref = { account: 'bench', collection: 'lexical' };
  const store = new LanceVectorStore({ uri: dir, log: quiet });
  await ingest(
    store,
    ref,
    docs.map((d, i) => ({
      id: d.id,
      uploadId: 'scifact',
      position: i,
      text: d.text,
      source: d.id,
      vector: embedText(d.text).vector,
    })),
  );
  const judged = judgedQueries();
  return [
    await evaluate('local-lexical-v1: vector', store, ref, judged, 'vector'),
    await evaluate('local-lexical-v1: fused 1:5 (its hybrid weights)', store, ref, judged, 'hybrid'),
  ];
}

/** The sections to run: all, or those `--sections=a,b` names. */
function sections(): Set<string> {
  const named = option('sections');
  return new Set(named ? named.split(',') : ['throughput', 'cold', 'quality', 'scale']);
}

export async function main() {
  if (!existsSync(join(SCIFACT, 'corpus.jsonl'))) return log(`${SCIFACT} is absent: no figures`);
  const int8 = modelFolder(MODELS, INT8);
  const fp32 = modelFolder(MODELS, FP32);
  if (!int8 || !fp32) return log(`no ${INT8} and ${FP32} in ${MODELS}: run npm run models first`);
  const run = sections();
  const withFp32 = process.argv.includes('--fp32');
  const { docs, label } = corpus();
  const embedders = [new OnnxEmbedder(int8), ...(withFp32 ? [new OnnxEmbedder(fp32)] : [])];
  if (run.has('throughput')) {
    log(
      `\nembedding throughput, ${THROUGHPUT_CHUNKS} SciFact abstracts (title + text, up to 384 tokens), this machine's cores (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores):`,
    );
    console.table(await throughput(docs, embedders));
  }
  if (run.has('cold')) {
    log(`\ncold start, ${INT8} (InferenceSession + tokenizer):`);
    console.table(await coldStart(int8));
  }

  const dir = await mkdtemp(join(tmpdir(), 'fnq-dense-'));
  try {
    let docVectors: Float32Array[] | undefined;
    let weights: [number, number] = [fusionFor(INT8).vectorWeight, fusionFor(INT8).textWeight];
    if (run.has('quality')) {
      log(`\nSciFact nDCG@10 on ${label}; variants compared on the tune half, report half held out:`);
      for (const embedder of embedders) {
        const result = await quality(dir, embedder, docs, embedder.id);
        console.table(result.figures);
        const { weights: picked, figure } = result.pick;
        log(
          `${embedder.id}: fusion weights picked on the tune half: vector:text ${picked.join(':')} (tune ${figure.tuneNdcgAt10}); report half: ${figure.reportNdcgAt10}`,
        );
        if (embedder.id === INT8) ({ docVectors, weights } = { docVectors: result.docVectors, weights: picked });
      }
      log('baseline, the lexical embedder on the same abstracts (its default route is the full-text row above):');
      console.table(await lexicalBaseline(dir, docs));
    }
    if (!run.has('scale')) return;
    // Without the quality section: the abstracts whose vectors an earlier run cached.
    const cached = docs.filter((d) => existsSync(cacheFile(INT8, d.text)));
    docVectors ??= await embedAll(
      embedders[0]!,
      cached.map((d) => d.text),
      'scifact',
    );
    const scale = await atScale(dir, embedders[0]!, cached.length ? cached : docs, docVectors, weights);
    log(
      `\nat ${ROWS_AT_SCALE} chunks (synthetic: SciFact sentences, vectors mixed from three cached abstracts' vectors), ${LATENCY_QUERIES} SciFact claims, query embedded with ${INT8} then searched, top 10, fusion ${weights.join(':')} (baseline: text route):`,
    );
    console.table(scale.latency);
    log(`storage: ${scale.bytesPerChunk} bytes per chunk on disk (768 float32 = 3072 of them), indexes included`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await main();
