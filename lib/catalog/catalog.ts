// The catalog index of a warm Lambda, built from the registry's full listing. The first search
// waits for it; after CATALOG_TTL_MS, searches keep being answered from the index they have while
// one rebuild runs (at 10,000 functions a build costs a Scan and about a second), so typing never
// waits on a rebuild. A new deploy shows up in search within about CATALOG_TTL_MS; its own page
// (/catalog/{shortname}) reads the registry directly and is current at once.
import type { FunctionRegistry } from '../functions/ports';
import { catalogEntry } from './entry';
import { CatalogIndex } from './search';

export const CATALOG_TTL_MS = 10_000;

export class Catalog {
  private current?: { index: CatalogIndex; builtAt: number };
  private building?: Promise<CatalogIndex>;

  constructor(
    private readonly registry: () => FunctionRegistry,
    private readonly ttlMs = CATALOG_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async index(): Promise<CatalogIndex> {
    if (!this.current) return this.rebuild();
    if (this.now() - this.current.builtAt >= this.ttlMs) {
      // A failed refresh keeps the index it had; the next search past the TTL tries again.
      this.rebuild().catch(() => undefined);
    }
    return this.current.index;
  }

  /** One build at a time; concurrent callers share it. */
  private rebuild(): Promise<CatalogIndex> {
    this.building ??= (async () => {
      try {
        const startedAt = this.now();
        const index = new CatalogIndex((await this.registry().listAll()).map(catalogEntry));
        this.current = { index, builtAt: startedAt };
        return index;
      } finally {
        this.building = undefined;
      }
    })();
    return this.building;
  }
}
