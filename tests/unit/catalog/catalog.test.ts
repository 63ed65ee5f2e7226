// The warm Lambda's catalog index: built once, shared, and after its TTL checked with one revision
// read that rebuilds only when a deploy or delete moved the revision — never making a search wait,
// and never lost to a failed read.
import { describe, expect, it } from 'vitest';
import { Catalog, type CatalogSource } from '../../../lib/catalog/catalog';
import type { FunctionRecord } from '../../../lib/functions/ports';
import { validateSpec } from '../../../lib/spec/index';
import { MemoryFunctionRegistry, recordOf, specFor } from '../functions/support';

function record(shortname: string): FunctionRecord {
  return recordOf(validateSpec(specFor({ shortname, files: {} })).spec!, 'o');
}

/** The registry's catalog source, counting its reads and failing the next one on demand. */
class CountingSource implements CatalogSource {
  revisionReads = 0;
  entryReads = 0;
  failNext = false;
  constructor(readonly registry = new MemoryFunctionRegistry()) {}
  private fail() {
    if (!this.failNext) return;
    this.failNext = false;
    throw new Error('read failed');
  }
  async revision() {
    this.revisionReads++;
    this.fail();
    return this.registry.catalogSource().revision();
  }
  async entries() {
    this.entryReads++;
    this.fail();
    return this.registry.catalogSource().entries();
  }
}

const names = async (catalog: Catalog) => (await catalog.index()).entries.map((e) => e.shortname);
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('Catalog', () => {
  it('builds once for concurrent searches and reads nothing within its TTL', async () => {
    const source = new CountingSource();
    await source.registry.register(record('alpha'), undefined);
    let now = 0;
    const catalog = new Catalog(
      () => source,
      1000,
      () => now,
    );
    await Promise.all([catalog.index(), catalog.index(), catalog.index()]);
    now = 999;
    await catalog.index();
    expect([source.revisionReads, source.entryReads]).toEqual([1, 1]);
  });

  it('past its TTL reads only the revision while nothing changed', async () => {
    const source = new CountingSource();
    await source.registry.register(record('alpha'), undefined);
    let now = 0;
    const catalog = new Catalog(
      () => source,
      1000,
      () => now,
    );
    await catalog.index();
    for (now = 1000; now <= 5000; now += 1000) {
      expect(await names(catalog)).toEqual(['alpha']);
      await settle();
    }
    expect([source.revisionReads, source.entryReads]).toEqual([6, 1]);
  });

  it('answers from the index it has while a deploy is picked up, then serves the new one, in shortname order', async () => {
    const source = new CountingSource();
    await source.registry.register(record('beta'), undefined);
    let now = 0;
    const catalog = new Catalog(
      () => source,
      1000,
      () => now,
    );
    expect(await names(catalog)).toEqual(['beta']);
    await source.registry.register(record('alpha'), undefined);
    now = 1000;
    expect(await names(catalog)).toEqual(['beta']);
    await settle();
    expect(source.entryReads).toBe(2);
    expect(await names(catalog)).toEqual(['alpha', 'beta']);
    await source.registry.remove('beta', 'o');
    now = 2000;
    await catalog.index();
    await settle();
    expect(await names(catalog)).toEqual(['alpha']);
  });

  it('keeps its index when a check fails, and checks again on a later search', async () => {
    const source = new CountingSource();
    await source.registry.register(record('alpha'), undefined);
    let now = 0;
    const catalog = new Catalog(
      () => source,
      1000,
      () => now,
    );
    await catalog.index();
    source.failNext = true;
    await source.registry.register(record('gamma'), undefined);
    now = 5000;
    expect(await names(catalog)).toEqual(['alpha']);
    await settle();
    expect(await names(catalog)).toEqual(['alpha']);
    await settle();
    expect(await names(catalog)).toEqual(['alpha', 'gamma']);
  });

  it('lets the first search fail when there is no index yet', async () => {
    const source = new CountingSource();
    source.failNext = true;
    const catalog = new Catalog(
      () => source,
      1000,
      () => 0,
    );
    await expect(catalog.index()).rejects.toThrow('read failed');
    expect(await names(catalog)).toEqual([]);
  });
});
