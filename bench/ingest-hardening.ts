// Figures for bench/ingest.ts on what issue 12 changed: (1) the chunk tables' compaction policy,
// before (compact after every batch, LanceDB's 7-day version retention) and after
// (lance-maintenance.ts), on the same chunks in the same run: chunks/s and bytes on disk per
// chunk; (2) the time each hostile document takes to fail, beside a normal document's extraction.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embedText } from '@fnquery/heuristic-engine';
import { isServiceError } from '../lib/errors';
import { createLogger } from '../lib/log';
import { extractText } from '../lib/ingest/extract';
import type { FileType } from '../lib/ingest/file-type';
import { tableNameFor } from '../lib/vectors/collection-table';
import { DEFAULT_MAINTENANCE, type MaintenancePolicy } from '../lib/vectors/lance-maintenance';
import { LanceVectorStore } from '../lib/vectors/lancedb-store';
import type { ChunkRecord } from '../lib/vectors/ports';
import { bytesUnder } from '../tests/support/disk-usage';
import { makeDocx } from '../tests/support/fixtures';
import {
  makeDeepHtml,
  makeDeepJson,
  makeFlateBombPdf,
  makeManyLinesJsonl,
  makeManyPagePdf,
  makeZipBombDocx,
} from '../tests/support/hostile-documents';
import { isMain } from './stats';

const BATCH = 128;
const WEEK_MS = 7 * 24 * 3600 * 1000;
/** What the store did before: optimize() after every upsert, which keeps versions for 7 days. */
const BEFORE: MaintenancePolicy = { smallFragments: 1, unindexedRows: 1, versions: 1, keepVersionsMs: WEEK_MS };
const ref = { account: 'bench', collection: 'storage' };

export interface PolicyFigures {
  label: string;
  chunks: number;
  seconds: number;
  bytes: number;
}

/** Upserts the chunks in worker-sized batches into a fresh table under `policy`. */
async function ingestWith(label: string, policy: MaintenancePolicy, chunks: ChunkRecord[]): Promise<PolicyFigures> {
  const uri = await mkdtemp(join(tmpdir(), 'fnq-bench-storage-'));
  try {
    const store = new LanceVectorStore({ uri, maintenance: policy, log: createLogger({ sink: () => undefined }) });
    const started = performance.now();
    for (let at = 0; at < chunks.length; at += BATCH) await store.upsert(ref, chunks.slice(at, at + BATCH));
    const seconds = (performance.now() - started) / 1000;
    return { label, chunks: chunks.length, seconds, bytes: await bytesUnder(join(uri, `${tableNameFor(ref)}.lance`)) };
  } finally {
    await rm(uri, { recursive: true, force: true });
  }
}

/** Chunk records for the given texts, embedded once and shared by both policies. */
export function chunkRecords(texts: string[]): ChunkRecord[] {
  return texts.map((text, position) => ({
    id: `u:${position}`,
    uploadId: 'u',
    position,
    text,
    source: 'bench.txt',
    vector: embedText(text).vector,
  }));
}

export async function compactionFigures(texts: string[]) {
  const chunks = chunkRecords(texts);
  return [
    await ingestWith('before (optimize every batch, 7-day retention)', BEFORE, chunks),
    await ingestWith('after (lance-maintenance policy)', DEFAULT_MAINTENANCE, chunks),
  ];
}

export interface HostileFigure {
  name: string;
  bytes: number;
  ms: number;
  /** Growth of the process's resident memory while it was read. */
  rssMiB: number;
  reason: string;
}

async function timeToFail(name: string, type: FileType, bytes: Uint8Array): Promise<HostileFigure> {
  const rss = process.memoryUsage().rss;
  const started = performance.now();
  const error = await extractText(type, bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  const ms = performance.now() - started;
  const rssMiB = (process.memoryUsage().rss - rss) / 2 ** 20;
  const reason = isServiceError(error) ? error.problems[0]!.issue : `not refused: ${String(error)}`;
  return { name, bytes: bytes.length, ms, rssMiB, reason };
}

export async function hostileFigures() {
  const normalStarted = performance.now();
  await extractText('docx', await makeDocx());
  const normalMs = performance.now() - normalStarted;
  const figures = [
    await timeToFail('zip-bomb DOCX (200 MB document.xml, sizes declared)', 'docx', makeZipBombDocx()),
    await timeToFail('zip-bomb DOCX (200 MB, declaring 1 KB)', 'docx', makeZipBombDocx({ lying: true })),
    await timeToFail('PDF of 40,000 pages', 'pdf', makeManyPagePdf()),
    await timeToFail('HTML nested 50,000 deep', 'html', makeDeepHtml()),
    await timeToFail('JSON nested 50,000 deep', 'json', makeDeepJson()),
    await timeToFail('PDF hiding 300 MB in one FlateDecode stream', 'pdf', makeFlateBombPdf(300)),
    await timeToFail('JSON Lines of 600,000 lines', 'jsonl', makeManyLinesJsonl()),
  ];
  return { normalMs, figures };
}

export function printHardening(compaction: PolicyFigures[], hostile: Awaited<ReturnType<typeof hostileFigures>>) {
  console.log('Chunk-table storage, the same chunks upserted in batches of 128, same run:');
  const [before] = compaction;
  for (const f of compaction) {
    console.log(
      `  ${f.label.padEnd(48)} ${(f.chunks / f.seconds).toFixed(0).padStart(6)} chunks/s  ${(f.bytes / f.chunks).toFixed(0).padStart(7)} bytes on disk per chunk` +
        `  (×${(before!.seconds / f.seconds).toFixed(2)} speed, ×${(f.bytes / before!.bytes).toFixed(3)} bytes of before)`,
    );
  }
  printHostile(hostile);
}

function printHostile(hostile: Awaited<ReturnType<typeof hostileFigures>>) {
  console.log(
    `Hostile documents, time to fail under the default budget (a normal DOCX reads in ${hostile.normalMs.toFixed(0)} ms; the worker's timeout is 900 s):`,
  );
  for (const f of hostile.figures) {
    console.log(
      `  ${f.name.padEnd(52)} ${String(f.bytes).padStart(8)} bytes  ${f.ms.toFixed(0).padStart(6)} ms  ` +
        `${f.rssMiB.toFixed(0).padStart(4)} MB RSS growth  ${f.reason}`,
    );
  }
}

// `npm run bench -- ingest-hardening`: the hostile documents alone (bench/ingest.ts prints them too).
if (isMain(import.meta.url)) {
  printHostile(await hostileFigures());
  process.exit(0);
}
