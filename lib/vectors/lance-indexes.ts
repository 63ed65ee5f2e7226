// When a chunk table gets which index, and how searches use them.
//
// Full text: LanceDB refuses full-text search on a table without an inverted index. Rows written
// after the index was built are still searched (flat), but slowly: ~0.08 ms per unindexed row per
// query here, so 5k fresh rows cost ~400 ms. optimize() folds new rows into every index
// incrementally (~0.2 s at 100k rows); lance-maintenance.ts decides when it runs.
//
// Vectors: below `minRows` exact (flat) search is exact and fast enough; at that size the ANN
// index is trained once, and later rows join it through optimize(). Rows not yet in the
// index are flat-searched (we never set fastSearch), so fresh chunks are always found.
// bench/retrieval.ts measured the threshold and the parameters; docs/vectors.md has the figures.
import type { FtsOptions, Index, Table, VectorQuery } from '@lancedb/lancedb';
import { lanceDb } from './lancedb-module';
import { errorFields, type Logger } from '../log';
import { retryTransient } from './lance-retry';
import { TEXT_COLUMN, VECTOR_COLUMN } from './lance-schema';

export interface VectorIndexPolicy {
  /** Train the ANN index once a table holds this many rows. */
  minRows: number;
  index: () => Index;
  /** Search-time knobs of that index (probes, refine). */
  tune: (query: VectorQuery) => VectorQuery;
}

// IVF_RQ (RaBitQ-quantised IVF) trained in ~1 s at 100k rows and answered in ~6 ms with recall@10
// ~0.97 after refining; IVF_HNSW_SQ took ~75 s to build for similar figures, IVF_FLAT was slower
// to search, IVF_PQ's default quantisation lost too much recall (0.77) on these hashed vectors.
// Exact search passed 20 ms p50 between 10k (12 ms) and 20k rows (27 ms).
export const DEFAULT_VECTOR_INDEX: VectorIndexPolicy = {
  minRows: 15_000,
  index: () => lanceDb().Index.ivfRq({ distanceType: 'cosine' }),
  tune: (query) => query.nprobes(40).refineFactor(10),
};

/** LanceDB's English defaults (stemming, stop words, ASCII folding) scored best on SciFact. */
export const DEFAULT_TEXT_INDEX: Partial<FtsOptions> = {};

export interface IndexPolicy {
  text: Partial<FtsOptions>;
  vector: VectorIndexPolicy;
}

const hasIndexOn = async (table: Table, column: string) =>
  (await table.listIndices()).some((index) => index.columns.includes(column));

/**
 * A racing creation can leave a full-text index built over no rows (the table was empty at its read
 * version). With LanceDB 0.37.1, BM25 over only unindexed rows then ranked by a query's common words and
 * ignored its rare one, so such an index is built again over the rows that are there.
 */
async function isEmptyOverRows(table: Table, indexName: string): Promise<boolean> {
  const stats = await table.indexStats(indexName);
  return stats !== undefined && stats.numIndexedRows === 0 && stats.numUnindexedRows > 0;
}

/**
 * Creates the indexes a table has reached the size for. Each step looks again before acting, so workers
 * racing on one table build each index once. Failures are logged, not thrown: the write itself is
 * committed, unindexed rows stay searchable, and the next write tries again.
 */
export async function refreshIndexes(table: Table, policy: IndexPolicy, log: Logger): Promise<void> {
  try {
    await retryTransient(async () => {
      const text = (await table.listIndices()).find((index) => index.columns.includes(TEXT_COLUMN));
      if (!text || (await isEmptyOverRows(table, text.name))) {
        await table.createIndex(TEXT_COLUMN, { config: lanceDb().Index.fts(policy.text), replace: true });
      }
    });
    await retryTransient(async () => {
      if ((await hasIndexOn(table, VECTOR_COLUMN)) || (await table.countRows()) < policy.vector.minRows) return;
      await table.createIndex(VECTOR_COLUMN, { config: policy.vector.index() });
      log.info('Vector index built', { table: table.name });
    });
  } catch (e) {
    log.warn('Index refresh failed; rows stay searchable unindexed', { table: table.name, ...errorFields(e) });
  }
}

/** LanceDB's answer to a full-text search on a table whose first refresh has not run yet. */
export const isMissingTextIndex = (e: unknown) => e instanceof Error && /INVERTED index/.test(e.message);
