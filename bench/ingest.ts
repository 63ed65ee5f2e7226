// The ingestion pipeline end to end on real parts (emulated S3/SQS/DynamoDB, the real upload
// handler and embed worker, LanceDB on disk): the whole SciFact corpus, uploaded as CSV parts,
// timed from the first upload to the last `completed`, against the embedder alone on the same
// chunks in the same run; then every real document in ../shared/data/documents, with the status
// each reached and its chunk count; then the storage policy and hostile-file figures of
// bench/ingest-hardening.ts. Run: npm run bench -- ingest
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { embedText } from '@fnquery/heuristic-engine';
import { chunkSections } from '../lib/ingest/chunk';
import { extractText } from '../lib/ingest/extract';
import { startIngestStack } from '../tests/integration/ingest/stack';
import { compactionFigures, hostileFigures, printHardening } from './ingest-hardening';
import { isMain } from './stats';

const DATA = resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/data');
const SCIFACT = join(DATA, 'scifact/corpus.jsonl');
const DOCUMENTS = join(DATA, 'documents');
/** Under the direct upload limit, so every part takes the same route as a user's upload. */
const PART_BYTES = 4 * 1024 * 1024;

const csvField = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** The corpus as CSV files of at most PART_BYTES: one row per abstract (id, title, text). */
function corpusParts(): Buffer[] {
  const rows = readFileSync(SCIFACT, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { _id: string; title: string; text: string })
    .map((d) => [d._id, d.title, d.text].map(csvField).join(','));
  const parts: Buffer[] = [];
  let current: string[] = [];
  let size = 0;
  for (const row of rows) {
    if (size + row.length > PART_BYTES && current.length) {
      parts.push(Buffer.from(`id,title,text\n${current.join('\n')}\n`));
      current = [];
      size = 0;
    }
    current.push(row);
    size += row.length + 1;
  }
  if (current.length) parts.push(Buffer.from(`id,title,text\n${current.join('\n')}\n`));
  return parts;
}

/** As many chunks as the 6.1 MB text file that left 550 MB on disk: SciFact's, or generated ones. */
const STORAGE_CHUNKS = 6_429;

async function storageTexts(): Promise<string[]> {
  if (!existsSync(SCIFACT)) {
    return Array.from(
      { length: STORAGE_CHUNKS },
      (_, i) => `Paragraph ${i} of a long report: ${'measurements, methods and results follow. '.repeat(25)}`,
    );
  }
  const texts: string[] = [];
  for (const bytes of corpusParts()) {
    for (const c of chunkSections((await extractText('csv', bytes)).sections, 'scifact.csv')) texts.push(c.text);
    if (texts.length >= STORAGE_CHUNKS) break;
  }
  return texts.slice(0, STORAGE_CHUNKS);
}

export async function run() {
  const hardening = { compaction: await compactionFigures(await storageTexts()), hostile: await hostileFigures() };
  if (!existsSync(SCIFACT)) return { missing: SCIFACT, hardening };
  const stack = await startIngestStack({ env: { FNQ_QUOTA_PRO: 'unlimited' } });
  try {
    const token = await stack.token('bench-ingest', 'pro');
    const parts = corpusParts();

    // Baseline in the same run: extract, chunk and embed the same parts with no storage at all.
    let baselineChunks = 0;
    const baselineStart = performance.now();
    for (const [i, bytes] of parts.entries()) {
      const chunks = chunkSections((await extractText('csv', bytes)).sections, `scifact-${i}.csv`);
      for (const c of chunks) embedText(c.text);
      baselineChunks += chunks.length;
    }
    const baselineSeconds = (performance.now() - baselineStart) / 1000;

    const started = performance.now();
    const ids: string[] = [];
    for (const [i, bytes] of parts.entries()) {
      const res = await stack.uploadFile(token, 'scifact', `scifact-${i}.csv`, bytes);
      if (res.status !== 202)
        throw new Error(`upload of part ${i} answered ${res.status}: ${JSON.stringify(res.body)}`);
      ids.push(res.body.upload_id as string);
    }
    await stack.drain();
    const seconds = (performance.now() - started) / 1000;
    const statuses = await Promise.all(ids.map(async (id) => (await stack.status(token, id)).body));
    const chunks = statuses.reduce((n, s) => n + (s.embedded_chunks as number), 0);
    const stored = await stack.vectors.count({ account: 'bench-ingest', collection: 'scifact' });

    const documents = [];
    if (existsSync(DOCUMENTS)) {
      for (const file of readdirSync(DOCUMENTS).sort()) {
        const t = performance.now();
        const res = await stack.uploadFile(token, 'documents', file, readFileSync(join(DOCUMENTS, file)));
        if (res.status !== 202) {
          documents.push({
            file,
            status: `refused ${res.status}: ${(res.body.messages as string[])[0]}`,
            chunks: 0,
            ms: 0,
          });
          continue;
        }
        await stack.drain();
        const s = (await stack.status(token, res.body.upload_id as string)).body;
        documents.push({
          file,
          status: s.status === 'failed' ? `failed: ${s.error}` : String(s.status),
          chunks: s.total_chunks as number,
          ms: performance.now() - t,
        });
      }
    }
    return {
      parts: parts.length,
      abstracts: readFileSync(SCIFACT, 'utf8').split('\n').filter(Boolean).length,
      completed: statuses.filter((s) => s.status === 'completed').length,
      chunks,
      stored,
      seconds,
      chunksPerSecond: chunks / seconds,
      baseline: { chunks: baselineChunks, seconds: baselineSeconds, chunksPerSecond: baselineChunks / baselineSeconds },
      documents,
      hardening,
    };
  } finally {
    await stack.stop();
  }
}

export function print(f: Awaited<ReturnType<typeof run>>) {
  printHardening(f.hardening.compaction, f.hardening.hostile);
  if ('missing' in f) {
    console.log(`SciFact corpus not found at ${f.missing}; nothing to ingest.`);
    return;
  }
  console.log(`Ingestion end to end (upload handler → S3 → SQS → embed worker → LanceDB), SciFact corpus`);
  console.log(
    `  ${f.abstracts} abstracts in ${f.parts} CSV uploads: ${f.completed}/${f.parts} completed, ${f.chunks} chunks (${f.stored} stored)`,
  );
  console.log(
    `  pipeline: ${f.seconds.toFixed(1)} s, ${f.chunksPerSecond.toFixed(0)} chunks/s (target: corpus in ≤ 60 s: ${f.seconds <= 60 ? 'met' : 'MISSED'})`,
  );
  console.log(
    `  baseline (extract + chunk + embed only, same parts): ${f.baseline.seconds.toFixed(1)} s, ${f.baseline.chunksPerSecond.toFixed(0)} chunks/s`,
  );
  console.log(`  pipeline time ÷ baseline time: ×${(f.seconds / f.baseline.seconds).toFixed(1)}`);
  if (f.documents.length) {
    console.log('Real documents through the same pipeline:');
    for (const d of f.documents)
      console.log(
        `  ${d.file.padEnd(44)} ${String(d.chunks).padStart(4)} chunks  ${d.ms.toFixed(0).padStart(6)} ms  ${d.status}`,
      );
  }
}

if (isMain(import.meta.url)) print(await run());
