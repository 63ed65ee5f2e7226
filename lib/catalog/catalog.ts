// The catalog index of a warm Lambda: built from the registry's full listing and reused for a few
// seconds, so a burst of searches (results as you type) costs one Scan, not one per keystroke.
// A new deploy shows up in search within CATALOG_TTL_MS; its own page (/catalog/{shortname})
// reads the registry directly and is current at once.
import type { FunctionRegistry } from '../functions/ports';
import { catalogEntry } from './entry';
import { CatalogIndex } from './search';

export const CATALOG_TTL_MS = 10_000;

export class Catalog {
  private current?: { index: Promise<CatalogIndex>; builtAt: number };

  constructor(
    private readonly registry: () => FunctionRegistry,
    private readonly ttlMs = CATALOG_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  index(): Promise<CatalogIndex> {
    const now = this.now();
    if (this.current && now - this.current.builtAt < this.ttlMs) return this.current.index;
    const index = this.registry().listAll().then((records) => new CatalogIndex(records.map(catalogEntry)));
    const built = { index, builtAt: now };
    this.current = built;
    // A failed listing is not kept: the next search tries again.
    index.catch(() => {
      if (this.current === built) this.current = undefined;
    });
    return index;
  }
}
