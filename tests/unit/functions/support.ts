// Test doubles and fixtures of function hosting: an in-memory registry with the same conditional
// semantics as the DynamoDB one, and function directories written on the fly.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CatalogSource } from '../../../lib/catalog/catalog';
import { catalogEntry } from '../../../lib/functions/catalog-entry';
import { directoryFiles, writeBundle } from '../../../lib/functions/bundle';
import { registryKey, type FunctionRecord, type FunctionRegistry } from '../../../lib/functions/ports';

/** A registered first version of `spec` (code stored elsewhere), as unit tests of routes and tools need one. */
export const recordOf = (spec: FunctionRecord['spec'], owner = 'owner'): FunctionRecord => ({
  shortname: spec.shortname,
  owner,
  version: 1,
  runtime: spec.runtime,
  spec,
  codeKey: 'k',
  codeBytes: 1,
  codeSha256: 'f'.repeat(64),
  createdAt: 1,
  updatedAt: 1,
});

export class MemoryFunctionRegistry implements FunctionRegistry {
  readonly items = new Map<string, FunctionRecord>();
  /** Bumped by every register and remove, as the DynamoDB registry's catalog revision is. */
  revision = 0;

  /** The catalog's view of this registry (lib/catalog/catalog.ts). */
  catalogSource(): CatalogSource {
    return {
      revision: async () => String(this.revision),
      entries: async () => [...this.items.values()].map(catalogEntry),
    };
  }

  async get(shortname: string) {
    return this.items.get(registryKey(shortname));
  }
  async listByOwner(owner: string) {
    return [...this.items.values()].filter((r) => r.owner === owner);
  }
  async listAll() {
    return [...this.items.values()].sort((a, b) => a.shortname.localeCompare(b.shortname));
  }
  async register(record: FunctionRecord, previousVersion: number | undefined) {
    const current = this.items.get(registryKey(record.shortname));
    const free =
      previousVersion === undefined ? !current : current?.owner === record.owner && current.version === previousVersion;
    if (!free) return 'taken' as const;
    this.items.set(registryKey(record.shortname), record);
    this.revision++;
    return 'registered' as const;
  }
  async remove(shortname: string, owner: string) {
    const current = this.items.get(registryKey(shortname));
    if (current?.owner !== owner) return undefined;
    this.items.delete(registryKey(shortname));
    this.revision++;
    return current;
  }
}

const SCHEMA = 'https://json-schema.org/draft/2020-12/schema';

export interface FunctionFixture {
  shortname: string;
  runtime?: string;
  entrypoint?: string;
  description?: string;
  requirements?: Record<string, unknown>;
  /** Entry file name → source. */
  files: Record<string, string>;
  /** Further spec.json fields (name, description, tags), over the defaults. */
  spec?: Record<string, unknown>;
}

export const jsonObject = (properties: Record<string, unknown>, required: string[] = []) => ({
  $schema: SCHEMA,
  type: 'object',
  properties,
  required,
});

export function specFor(f: FunctionFixture) {
  return {
    $specversion: 'v1.0.0',
    name: `Test ${f.shortname}`,
    shortname: f.shortname,
    runtime: f.runtime ?? 'nodejs20',
    entrypoint: f.entrypoint ?? 'handler',
    description: f.description ?? 'A function written by a test.',
    requirements: f.requirements ?? { requestType: 'GET' },
    ...f.spec,
  };
}

/** A function directory on disk, as a user would have it. */
export async function functionDir(f: FunctionFixture): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `fnq-fn-${f.shortname}-`));
  await writeFile(join(dir, 'spec.json'), JSON.stringify(specFor(f), null, 2));
  for (const [name, source] of Object.entries(f.files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), source);
  }
  return dir;
}

export const bundleOf = async (dir: string) => writeBundle(await directoryFiles(dir));
