// The catalog index of a warm Lambda, built from a CatalogSource: every function's small catalog
// entry, read from an index of the functions table, and a revision number that every deploy and
// delete bumps in the same transaction. The first search waits for the build. After CATALOG_TTL_MS
// a search is still answered from the index it has while one check runs in the background: it reads
// the revision (one item) and rebuilds only when the revision moved. So a quiet catalog costs one
// small read per TTL per warm Lambda, never a Scan, and a new deploy shows up in search within about
// CATALOG_TTL_MS; its own page (/catalog/{shortname}) reads the registry directly and is current at once.
import type { CatalogSource } from '../functions/ports';
import { byCodeUnits, CatalogIndex } from './search';

export type { CatalogSource };

export const CATALOG_TTL_MS = 10_000;

export class Catalog {
  private current?: { index: CatalogIndex; revision: string; checkedAt: number };
  private refreshing?: Promise<CatalogIndex>;

  constructor(
    private readonly source: () => CatalogSource,
    private readonly ttlMs = CATALOG_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async index(): Promise<CatalogIndex> {
    if (!this.current) return this.refresh();
    if (this.now() - this.current.checkedAt >= this.ttlMs) {
      // A failed check keeps the index it had; the next search past the TTL tries again.
      this.refresh().catch(() => undefined);
    }
    return this.current.index;
  }

  /** One check (and rebuild, when the revision moved) at a time; concurrent callers share it. */
  private refresh(): Promise<CatalogIndex> {
    this.refreshing ??= (async () => {
      try {
        const checkedAt = this.now();
        // The revision is read before the entries: a deploy between the two reads leaves a newer
        // revision behind, so the next check rebuilds rather than missing it.
        const revision = await this.source().revision();
        if (this.current?.revision === revision) {
          this.current.checkedAt = checkedAt;
          return this.current.index;
        }
        const entries = await this.source().entries();
        const index = new CatalogIndex(entries.sort((a, b) => byCodeUnits(a.shortname, b.shortname)));
        this.current = { index, revision, checkedAt };
        return index;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }
}
