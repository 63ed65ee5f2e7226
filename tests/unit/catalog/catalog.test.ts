// The warm Lambda's catalog index: built once, shared, refreshed after its TTL without making a
// search wait, and never lost to a failed listing.
import { describe, expect, it } from 'vitest';
import { Catalog } from '../../../lib/catalog/catalog';
import type { FunctionRecord, FunctionRegistry } from '../../../lib/functions/ports';
import { validateSpec } from '../../../lib/spec/index';
import { MemoryFunctionRegistry, specFor } from '../functions/support';

function record(shortname: string): FunctionRecord {
  const spec = validateSpec(specFor({ shortname, files: {} })).spec!;
  return {
    shortname,
    owner: 'o',
    version: 1,
    runtime: spec.runtime,
    spec,
    codeKey: 'k',
    codeBytes: 1,
    codeSha256: 'f'.repeat(64),
    createdAt: 1,
    updatedAt: 1,
  };
}

class CountingRegistry extends MemoryFunctionRegistry {
  listings = 0;
  failNext = false;
  override async listAll() {
    this.listings++;
    if (this.failNext) {
      this.failNext = false;
      throw new Error('scan failed');
    }
    return super.listAll();
  }
}

const names = async (catalog: Catalog) => (await catalog.index()).entries.map((e) => e.shortname);
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('Catalog', () => {
  it('lists once for concurrent searches and reuses the index within its TTL', async () => {
    const registry = new CountingRegistry();
    await registry.register(record('alpha'), undefined);
    let now = 0;
    const catalog = new Catalog(
      () => registry as FunctionRegistry,
      1000,
      () => now,
    );
    await Promise.all([catalog.index(), catalog.index(), catalog.index()]);
    now = 999;
    await catalog.index();
    expect(registry.listings).toBe(1);
  });

  it('answers from the index it has past the TTL while one refresh runs, then serves the new one', async () => {
    const registry = new CountingRegistry();
    await registry.register(record('alpha'), undefined);
    let now = 0;
    const catalog = new Catalog(
      () => registry as FunctionRegistry,
      1000,
      () => now,
    );
    expect(await names(catalog)).toEqual(['alpha']);
    await registry.register(record('beta'), undefined);
    now = 1000;
    expect(await names(catalog)).toEqual(['alpha']);
    expect(await names(catalog)).toEqual(['alpha']);
    await settle();
    expect(registry.listings).toBe(2);
    expect(await names(catalog)).toEqual(['alpha', 'beta']);
  });

  it('keeps its index when a refresh fails, and retries on a later search', async () => {
    const registry = new CountingRegistry();
    await registry.register(record('alpha'), undefined);
    let now = 0;
    const catalog = new Catalog(
      () => registry as FunctionRegistry,
      1000,
      () => now,
    );
    await catalog.index();
    registry.failNext = true;
    now = 5000;
    expect(await names(catalog)).toEqual(['alpha']);
    await settle();
    await registry.register(record('gamma'), undefined);
    expect(await names(catalog)).toEqual(['alpha']);
    await settle();
    expect(await names(catalog)).toEqual(['alpha', 'gamma']);
    expect(registry.listings).toBe(3);
  });

  it('lets the first search fail when there is no index yet', async () => {
    const registry = new CountingRegistry();
    registry.failNext = true;
    const catalog = new Catalog(
      () => registry as FunctionRegistry,
      1000,
      () => 0,
    );
    await expect(catalog.index()).rejects.toThrow('scan failed');
    expect(await names(catalog)).toEqual([]);
  });
});
