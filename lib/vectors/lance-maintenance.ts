// When a chunk table is compacted and its old versions removed. Every write (an upsert batch, a
// delete) commits a new version; compaction rewrites small fragments into larger ones and folds
// new rows into the indexes; the files of replaced versions stay on disk until a cleanup removes
// them. Compacting after every batch with LanceDB's default cleanup (versions older than 7 days)
// left 550 MB for 20 MB of vectors. So: compaction once fragments or versions have piled up, or
// right after a delete (deleted rows keep their space until compaction rewrites their fragments),
// and each compaction removes every version but the new one, so storage stays within 2× the data
// (bench/ingest.ts measures it; docs/ingest-pipeline.md "Storage").
//
// Removing the versions at once is safe for readers: each read opens the latest version first, and
// one that raced the cleanup finds a data file gone, which withTable treats like a table reopened
// under it (it opens it afresh and reruns, lancedb-store.ts). Files that no manifest names yet (a
// concurrent writer's commit in flight) are left alone: deleteUnverified stays false.
import type { Table } from '@lancedb/lancedb';
import { errorFields, type Logger } from '../log';
import { retryTransient } from './lance-retry';
import { TEXT_COLUMN } from './lance-schema';

export interface MaintenancePolicy {
  /** Compact once this many fragments below LanceDB's target size have piled up. */
  smallFragments: number;
  /** ...or once the full-text index misses this many rows (each is searched flat, ~0.08 ms per query). */
  unindexedRows: number;
  /** ...or once this many versions are kept. */
  versions: number;
  /** Versions younger than this survive a compaction; 0 keeps only the new one. */
  keepVersionsMs: number;
}

/**
 * 8 batches of the embed worker (128 chunks each), or 1,000 rows the full-text index has not seen
 * (larger batches, as bulk loads write): unindexed rows stay ≈1,000, searched flat.
 */
export const DEFAULT_MAINTENANCE: MaintenancePolicy = {
  smallFragments: 8,
  unindexedRows: 1_000,
  versions: 16,
  keepVersionsMs: 0,
};

/** Whether the table is due, by its own statistics (a manifest read, the text index's statistics, a listing). */
export async function isDue(table: Table, policy: MaintenancePolicy): Promise<boolean> {
  const { fragmentStats } = await table.stats();
  if (fragmentStats.numSmallFragments >= policy.smallFragments) return true;
  const text = (await table.listIndices()).find((index) => index.columns.includes(TEXT_COLUMN));
  if (text && ((await table.indexStats(text.name))?.numUnindexedRows ?? 0) >= policy.unindexedRows) return true;
  return (await table.listVersions()).length >= policy.versions;
}

/**
 * Compacts, brings the indexes up to date and removes every older version, when due (or `force`).
 * Never throws: the write before it is committed.
 */
export async function maintain(table: Table, policy: MaintenancePolicy, log: Logger, force = false): Promise<void> {
  try {
    await retryTransient(async () => {
      if (force || (await isDue(table, policy))) {
        await table.optimize({
          cleanupOlderThan: new Date(Date.now() - policy.keepVersionsMs),
          deleteUnverified: false,
        });
      }
    });
  } catch (e) {
    log.warn('Table maintenance failed; the next write tries again', { table: table.name, ...errorFields(e) });
  }
}
