// What the catalog shows of a deployed function: enough to find and call it, nothing of its owner
// or code. The same view serves the catalog API and the web pages.
import type { CatalogEntry, FunctionRecord } from './ports';

export type { CatalogEntry };
import { functionPath } from '../spec/rules';

export function catalogEntry(r: FunctionRecord): CatalogEntry {
  return {
    shortname: r.shortname,
    name: r.spec.name,
    description: r.spec.description,
    tags: r.spec.tags,
    runtime: r.runtime,
    method: r.spec.requirements.requestType,
    path: functionPath(r.shortname),
    updated: new Date(r.updatedAt).toISOString(),
  };
}
