// Retrieval with the dense ONNX embedder (all-mpnet-base-v2, `npm run models`) against the lexical one,
// on SciFact, in one run:
// 1. Embedding throughput in chunks/s on this machine's cores: int8 and float32 model against the
//    lexical embedder (the baseline) over the same abstracts; model load time (a cold start's share).
// 2. nDCG@10 and recall@100 of the vector, full-text and fused routes with the dense vectors. The fusion
//    weights (vector:text) are picked on the tune half (halfOf, as in bench/retrieval.ts) and reported on
//    the other half; the int8 and float32 models are compared the same way.
// 3. At 100k chunks (SciFact-sentence stand-ins whose vectors mix three abstracts' dense vectors, since
//    embedding 100k texts would take an hour here): query p50 end to end (embed the query + search) per
//    route, the text route being the baseline; and bytes on disk per chunk.
// Corpus vectors are cached in .tmp/bench-vectors (per model id) so a rerun does not embed SciFact again;
// throughput is always measured afresh. Run: npm run bench -- retrieval-dense [--no-fp32]
import { mkdirSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { embedText } from '../lib/ai/heuristic/embedder';
import { OnnxEmbedder, modelFolder } from '../lib/ai/onnx-embedder';
import { LanceVectorStore, type HybridFusion } from '../lib/vectors/lancedb-store';
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
  round3,
  synthesize,
  timed,
  type Doc,
  type QualityFigure,
} from './retrieval';

const MODELS = process.env.FNQ_MODELS_DIR ?? join(PROJECT_ROOT, '.models');
const CACHE = join(PROJECT_ROOT, '.tmp/bench-vectors');
const INT8 = 'all-mpnet-base-v2-int8';
const FP32 = 'all-mpnet-base-v2';
const THROUGHPUT_CHUNKS = 256;
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

async function embedAll(embedder: OnnxEmbedder, texts: string[], name: string): Promise<Float32Array[]> {
  const file = join(CACHE, `${embedder.id}-${name}-${texts.length}.f32`);
  if (existsSync(file)) {
    const flat = new Float32Array(readFileSync(file).buffer.slice(0));
    return texts.map((_, i) => flat.slice(i * 768, (i + 1) * 768));
  }
  const vectors: Float32Array[] = [];
  const started = performance.now();
  for (let start = 0; start < texts.length; start += 64) {
    vectors.push(...(await embedder.embed(texts.slice(start, start + 64))).vectors);
    if ((start / 64) % 10 === 0)
      log(
        `  ${embedder.id}: ${vectors.length}/${texts.length} ${name} (${Math.round((performance.now() - started) / 1000)} s)`,
      );
  }
  mkdirSync(CACHE, { recursive: true });
  const flat = new Float32Array(texts.length * 768);
  vectors.forEach((v, i) => flat.set(v, i * 768));
  writeFileSync(file, Buffer.from(flat.buffer));
  return vectors;
}

async function throughput(docs: Doc[], embedders: OnnxEmbedder[]) {
  const texts = docs.slice(0, THROUGHPUT_CHUNKS).map((d) => d.text);
  const lexical = await timed(async () => texts.map((t) => embedText(t).vector));
  const rows = [
    {
      embedder: 'local-lexical-v1 (baseline)',
      chunksPerSecond: round2(texts.length / (lexical.ms / 1000)),
      vsLexical: 1,
    },
  ];
  for (const embedder of embedders) {
    await embedder.embed(texts.slice(0, 2)); // loaded and warm
    const { ms } = await timed(() => embedder.embed(texts));
    const perSecond = texts.length / (ms / 1000);
    rows.push({
      embedder: embedder.id,
      chunksPerSecond: round2(perSecond),
      vsLexical: round3(perSecond / rows[0]!.chunksPerSecond),
    });
  }
  return rows;
}

async function quality(dir: string, embedder: OnnxEmbedder, docs: Doc[], tag: string) {
  const judged = judgedQueries();
  const queries = [...judged.values()];
  const docVectors = await embedAll(
    embedder,
    docs.map((d) => d.text),
    'scifact',
  );
  const queryVectors = await embedAll(
    embedder,
    queries.map((q) => q.text),
    'queries',
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
    execFileSync('du', ['-sb', join(dir, 'bench')])
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

async function loadMs(folder: string) {
  const { ms } = await timed(() => new OnnxEmbedder(folder).load());
  return Math.round(ms);
}

export async function main() {
  if (!existsSync(join(SCIFACT, 'corpus.jsonl'))) return log(`${SCIFACT} is absent: no figures`);
  const folders = [
    modelFolder(MODELS, INT8),
    process.argv.includes('--no-fp32') ? undefined : modelFolder(MODELS, FP32),
  ];
  if (!folders[0]) return log(`no ${INT8} in ${MODELS}: run npm run models first`);
  const docs = readJsonl<{ _id: string; title: string; text: string }>('corpus.jsonl').map((d) => ({
    id: d._id,
    text: `${d.title}\n${d.text}`,
  }));
  const embedders = folders.filter((f): f is string => !!f).map((f) => new OnnxEmbedder(f));
  log(
    `model load (InferenceSession + tokenizer, a cold start's share): ${await Promise.all(folders.filter(Boolean).map(async (f) => `${f!.split('/').pop()} ${await loadMs(f!)} ms`)).then((x) => x.join(', '))}`,
  );
  log(
    `\nembedding throughput, ${THROUGHPUT_CHUNKS} SciFact abstracts (title + text, up to 384 tokens), this machine's cores:`,
  );
  console.table(await throughput(docs, embedders));

  const dir = await mkdtemp(join(tmpdir(), 'fnq-dense-'));
  try {
    let best: Awaited<ReturnType<typeof quality>> | undefined;
    for (const embedder of embedders) {
      const result = await quality(dir, embedder, docs, embedder.id);
      log(`\nSciFact nDCG@10, ${embedder.id} (variants compared on the tune half; report half held out):`);
      console.table(result.figures);
      const { weights, figure } = result.pick;
      log(
        `fusion weights picked on the tune half: vector:text ${weights.join(':')} (tune ${figure.tuneNdcgAt10}); report half: ${figure.reportNdcgAt10}`,
      );
      if (embedder.id === INT8) best = result;
    }
    const scale = await atScale(dir, embedders[0]!, docs, best!.docVectors, best!.pick.weights);
    log(
      `\nat ${ROWS_AT_SCALE} chunks, ${LATENCY_QUERIES} SciFact claims, query embedded with ${INT8} then searched, top 10 (baseline: text route):`,
    );
    console.table(scale.latency);
    log(`storage: ${scale.bytesPerChunk} bytes per chunk on disk (768 float32 = 3072 of them), indexes included`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await main();
