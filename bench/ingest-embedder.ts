// Ingestion figures: the local lexical embedder's throughput on one core, against plain tokenizing
// of the same chunks in the same run, and extract + chunk over the real documents in
// ../shared/data/documents. Run: node --import tsx bench/ingest-embedder.ts

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { embedText } from '@fnquery/heuristic-engine';
import { forEachWord } from '@fnquery/text-tools';
import { isServiceError } from '../lib/errors';
import { chunkSections, tokenize } from '../lib/ingest/chunk';
import { extractText } from '../lib/ingest/extract';
import { detectFileType } from '../lib/ingest/file-type';

const DATA = resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/data');
const SCIFACT = join(DATA, 'scifact/corpus.jsonl');
const DOCUMENTS = join(DATA, 'documents');
const GENERATED_CHUNKS = 10_000;

export interface EmbedderFigures {
  corpus: 'scifact' | 'generated';
  chunks: number;
  meanTokensPerChunk: number;
  chunksPerSecond: number;
  /** The baseline: the same chunks only tokenized and normalised, no features. */
  tokenizeChunksPerSecond: number;
  /** Embedding time over tokenizing time. */
  costVsTokenizing: number;
}

export interface DocumentFigures {
  file: string;
  type: string | undefined;
  /** `ok`, or the ISSUE text of the error the upload would fail with. */
  status: string;
  sections: number;
  chunks: number;
  ms: number;
}

export interface IngestFigures {
  embedder: EmbedderFigures;
  /** Undefined when ../shared/data/documents is absent. */
  documents: DocumentFigures[] | undefined;
  notes: string[];
}

export async function run(): Promise<IngestFigures> {
  const notes: string[] = [];
  const corpus = existsSync(SCIFACT) ? 'scifact' : 'generated';
  if (corpus === 'generated') notes.push(`${SCIFACT} is absent: the embedder ran on generated text`);
  const texts = corpus === 'scifact' ? scifactChunks() : generatedChunks();
  const documents = existsSync(DOCUMENTS) ? await documentFigures() : undefined;
  if (!documents) notes.push(`${DOCUMENTS} is absent: no per-document figures`);
  return { embedder: embedderFigures(corpus, texts), documents, notes };
}

/** The abstracts as one stream cut at the default 200 tokens, so chunks are full-size, as in long documents. */
function scifactChunks(): string[] {
  const abstracts = readFileSync(SCIFACT, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const doc = JSON.parse(line) as { title: string; text: string };
      return `${doc.title}\n${doc.text}`;
    });
  return chunkSections([{ text: abstracts.join('\n\n') }], 'scifact').map((c) => c.text);
}

/** Deterministic English-like text (a linear congruential generator over a small vocabulary). */
function generatedChunks(): string[] {
  const vocabulary =
    'cell protein gene expression patients study results increased reduced treatment analysis model data ' +
    'the of and in to with was were a for by significantly associated response levels mice human clinical';
  const words = vocabulary.split(' ');
  let seed = 42;
  const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0);
  return Array.from({ length: GENERATED_CHUNKS }, () =>
    Array.from({ length: 180 }, (_, i) => words[next() % words.length] + (i % 17 === 16 ? '.' : '')).join(' '),
  );
}

function embedderFigures(corpus: EmbedderFigures['corpus'], texts: string[]): EmbedderFigures {
  const embedAll = () => texts.forEach((t) => embedText(t));
  const tokenizeAll = () => texts.forEach((t) => forEachWord(t, () => {}));
  const embedMs = medianMs(embedAll);
  const tokenizeMs = medianMs(tokenizeAll);
  const tokens = texts.reduce((sum, t) => sum + tokenize(t).starts.length, 0);
  return {
    corpus,
    chunks: texts.length,
    meanTokensPerChunk: Math.round(tokens / texts.length),
    chunksPerSecond: Math.round((texts.length / embedMs) * 1000),
    tokenizeChunksPerSecond: Math.round((texts.length / tokenizeMs) * 1000),
    costVsTokenizing: round2(embedMs / tokenizeMs),
  };
}

/** One warm-up pass (JIT), then the median of five. */
function medianMs(work: () => void): number {
  work();
  const times = Array.from({ length: 5 }, () => {
    const start = performance.now();
    work();
    return performance.now() - start;
  });
  return times.sort((a, b) => a - b)[2] as number;
}

async function documentFigures(): Promise<DocumentFigures[]> {
  const figures: DocumentFigures[] = [];
  for (const file of readdirSync(DOCUMENTS).sort()) {
    const bytes = new Uint8Array(readFileSync(join(DOCUMENTS, file)));
    const start = performance.now();
    let type: string | undefined;
    try {
      const detected = detectFileType(file, bytes);
      type = detected;
      const { sections } = await extractText(detected, bytes);
      const chunks = chunkSections(sections, file);
      figures.push({ file, type, status: 'ok', sections: sections.length, chunks: chunks.length, ms: since(start) });
    } catch (e) {
      const status = isServiceError(e) ? (e.problems[0]?.issue ?? e.code) : `unexpected error: ${String(e)}`;
      figures.push({ file, type, status, sections: 0, chunks: 0, ms: since(start) });
    }
  }
  return figures;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const since = (start: number) => round2(performance.now() - start);

function print(f: IngestFigures): void {
  const e = f.embedder;
  console.log(
    `local-lexical-v1 embedder, one core, ${e.chunks} ${e.corpus} chunks of ~${e.meanTokensPerChunk} tokens:`,
  );
  console.log(`  ${e.chunksPerSecond} chunks/s (target 5000)`);
  console.log(
    `  baseline, tokenizing only: ${e.tokenizeChunksPerSecond} chunks/s; embedding costs ${e.costVsTokenizing}x that`,
  );
  if (f.documents) {
    console.log('\nextract + chunk, ../shared/data/documents:');
    console.table(f.documents);
  }
  for (const note of f.notes) console.log(`note: ${note}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  print(await run());
}
