// What the catalog shows of a deployed function: enough to find and call it, nothing of its owner
// or code. The same view serves the catalog API and the web pages.
import type { FunctionRecord } from '../functions/ports';
import { functionPath } from '../spec/index';

export interface CatalogEntry {
  shortname: string;
  name: string;
  description: string;
  tags: string[];
  runtime: string;
  /** The HTTP method that invokes it (spec.json requestType). */
  method: string;
  path: string;
  /** ISO time of the current version's deploy. */
  updated: string;
}

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
