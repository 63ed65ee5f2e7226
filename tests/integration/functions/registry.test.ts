// The DynamoDB function registry against the emulator (dynalite), with the table from serverless.yml,
// and the catalog's reads of the same table: a revision every write bumps, and the entries from the
// sparse catalog index — no Scan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulators, type Emulators } from '../../../local/emulators';
import { signedDynamo } from '../../../lib/aws/signed-dynamo';
import type { DynamoDocuments } from '../../../lib/aws/dynamo-documents';
import { recordingDynamo, type RecordedCall } from '../../support/recording-dynamo';
import {
  CATALOG_INDEX,
  CATALOG_LISTED,
  CATALOG_REVISION_KEY,
  DynamoFunctionRegistry,
} from '../../../lib/aws/dynamo-function-registry';
import { FunctionSnapshot, SNAPSHOT_MAX_AGE_MS } from '../../../lib/aws/dynamo-function-snapshot';
import { DynamoCatalogSource } from '../../../lib/aws/dynamo-catalog-source';
import { catalogEntry } from '../../../lib/functions/catalog-entry';
import { loadConfig } from '../../../lib/config';
import type { FunctionRecord } from '../../../lib/functions/ports';
import { validateSpec } from '../../../lib/spec/index';
import { jsonObject, specFor } from '../../unit/functions/support';

let emulators: Emulators;
let client: DynamoDocuments;
let config: ReturnType<typeof loadConfig>;
let registry: DynamoFunctionRegistry;
let catalog: DynamoCatalogSource;
const calls: RecordedCall[] = [];
/** The operations sent since the test last emptied `calls`. */
const commands = () => calls.map((c) => c.operation);

beforeAll(async () => {
  emulators = await startEmulators({ stage: 'fnregistry' });
  config = loadConfig({ ...emulators.env, FNQ_JWT_SECRET: 'x'.repeat(32), FNQ_LANCE_URI: '/tmp/x' });
  // Records every call the registry sends through the signed caller, as on Lambda (no Scan on listAll).
  client = recordingDynamo(signedDynamo(config.aws), calls);
  registry = new DynamoFunctionRegistry(client, config.aws.tables.functions, catalogEntry);
  catalog = new DynamoCatalogSource(client, config.aws.tables.functions);
});
afterAll(() => emulators.stop());

// A schema nested deeper than DynamoDB's 32 levels of maps must survive the round trip.
const deep = Array.from({ length: 40 }).reduce<Record<string, unknown>>(
  (inner) => ({ type: 'object', properties: { next: inner } }),
  { type: 'string' },
);

function record(shortname: string, owner: string, version = 1, note = ''): FunctionRecord {
  const spec = validateSpec(
    specFor({
      shortname,
      files: {},
      requirements: {
        requestType: 'POST',
        inputType: 'JSON',
        inputSchema: jsonObject({ deep, note: { type: 'string', description: note || undefined } }),
      },
    }),
  ).spec!;
  return {
    shortname,
    owner,
    version,
    runtime: spec.runtime,
    spec,
    codeKey: `functions/${shortname}/v${version}/code.zip`,
    codeBytes: 10,
    codeSha256: 'ab'.repeat(32),
    createdAt: 1,
    updatedAt: version,
  };
}

describe('DynamoDB function registry', () => {
  it('stores a function with its definition intact and finds it whatever the case of the name', async () => {
    const fn = record('Weather', 'alice');
    expect(await registry.register(fn, undefined)).toBe('registered');
    expect(await registry.get('weather')).toEqual(fn);
    expect(await registry.get('WEATHER')).toEqual(fn);
    expect(await registry.get('climate')).toBeUndefined();
  });

  it('keeps a shortname unique: a second first-deploy of it, by anyone, is refused', async () => {
    expect(await registry.register(record('weather', 'bob'), undefined)).toBe('taken');
    expect(await registry.register(record('weather', 'alice'), undefined)).toBe('taken');
    expect((await registry.get('weather'))?.owner).toBe('alice');
  });

  it('lets only the owner move to the next version, and only from the version it read', async () => {
    expect(await registry.register(record('weather', 'bob', 2), 1)).toBe('taken');
    expect(await registry.register(record('weather', 'alice', 2), 1)).toBe('registered');
    // A concurrent redeploy that read version 1 too loses.
    expect(await registry.register(record('weather', 'alice', 2), 1)).toBe('taken');
    expect((await registry.get('weather'))?.version).toBe(2);
  });

  it('lets exactly one of many concurrent first deploys win', async () => {
    const outcomes = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((owner) => registry.register(record('race', owner), undefined)),
    );
    expect(outcomes.filter((o) => o === 'registered')).toHaveLength(1);
  });

  it("lists an owner's functions through the byOwner index", async () => {
    await registry.register(record('alpha', 'carol'), undefined);
    await registry.register(record('beta', 'carol'), undefined);
    expect((await registry.listByOwner('carol')).map((r) => r.shortname)).toEqual(['alpha', 'beta']);
    expect(await registry.listByOwner('nobody')).toEqual([]);
  });

  it('lists every function of every owner, sorted by shortname, without a Scan', async () => {
    // ~100 KB each: more than one 1 MB page of anything that read them all at once.
    const big = Array.from({ length: 14 }, (_, i) =>
      record(`zz-big-${String(i).padStart(2, '0')}`, `owner-${i % 3}`, 1, 'x'.repeat(100_000)),
    );
    for (const fn of [...big].reverse()) expect(await registry.register(fn, undefined)).toBe('registered');
    calls.length = 0;
    const all = await registry.listAll();
    const names = all.map((r) => r.shortname);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names.filter((n) => n.startsWith('zz-big-'))).toEqual(big.map((r) => r.shortname));
    expect(names).toEqual(expect.arrayContaining(['alpha', 'beta', 'race', 'weather']));
    expect(all.find((r) => r.shortname === 'zz-big-13')).toEqual(big[13]);
    // The revision, the catalog index, then the definitions of the functions this container has not seen.
    expect(commands()).not.toContain('scan');
    expect(commands()[0]).toBe('get');
    expect(commands()).toContain('query');
    expect(commands()).toContain('batchGet');

    // Nothing changed: one GetItem of the revision answers.
    calls.length = 0;
    expect((await registry.listAll()).map((r) => r.shortname)).toEqual(names);
    expect(commands()).toEqual(['get']);

    // A redeploy moves the revision: the index is read again, and only the redeployed definition.
    const redeployed = record('zz-big-03', 'owner-0', 2, 'redeployed');
    expect(await registry.register(redeployed, 1)).toBe('registered');
    calls.length = 0;
    const after = await registry.listAll();
    expect(after.find((r) => r.shortname === 'zz-big-03')).toEqual(redeployed);
    expect(after.map((r) => r.shortname)).toEqual(names);
    expect(commands()).toEqual(['get', 'query', 'batchGet']);
    expect(
      (calls.at(-1)!.input.RequestItems as Record<string, { Keys: unknown[] }>)[config.aws.tables.functions]!.Keys,
    ).toHaveLength(1);
  });

  it('re-reads the index once a listing is a minute old, since the index may lag a deploy', async () => {
    let now = 1_000_000;
    const snapshot = new FunctionSnapshot(
      client,
      config.aws.tables.functions,
      { index: CATALOG_INDEX, listed: CATALOG_LISTED, revisionKey: CATALOG_REVISION_KEY },
      (item) => ({ ...(item as unknown as FunctionRecord), spec: JSON.parse(String(item.specJson)) }),
      () => now,
    );
    const first = await snapshot.list();
    calls.length = 0;
    now += SNAPSHOT_MAX_AGE_MS - 1;
    expect(await snapshot.list()).toBe(first);
    expect(commands()).toEqual(['get']);
    calls.length = 0;
    now += 2;
    expect((await snapshot.list()).map((r) => r.shortname)).toEqual(first.map((r) => r.shortname));
    // The index again, but no definition: none was deployed since.
    expect(commands()).toEqual(['get', 'query']);
  });

  it('removes a function for its owner only', async () => {
    expect(await registry.remove('alpha', 'dave')).toBeUndefined();
    expect(await registry.get('alpha')).toBeDefined();
    expect((await registry.remove('ALPHA', 'carol'))?.shortname).toBe('alpha');
    expect(await registry.get('alpha')).toBeUndefined();
  });

  it('gives the catalog every function entry and a revision that moves with each change, without a Scan', async () => {
    calls.length = 0;
    const before = await catalog.revision();
    const entries = await catalog.entries();
    expect(commands()).toEqual(['get', 'query']);
    const all = await registry.listAll();
    expect(entries.sort((a, b) => a.shortname.localeCompare(b.shortname))).toEqual(all.map(catalogEntry));
    expect(entries.map((e) => e.shortname)).not.toContain('alpha');

    expect(await registry.register(record('catalogued', 'erin'), undefined)).toBe('registered');
    const afterDeploy = await catalog.revision();
    expect(afterDeploy).not.toBe(before);
    expect((await catalog.entries()).find((e) => e.shortname === 'catalogued')).toEqual(
      catalogEntry(record('catalogued', 'erin')),
    );
    // A refused write changes nothing, the revision included.
    expect(await registry.register(record('catalogued', 'frank'), undefined)).toBe('taken');
    expect(await registry.remove('catalogued', 'frank')).toBeUndefined();
    expect(await catalog.revision()).toBe(afterDeploy);

    expect((await registry.remove('catalogued', 'erin'))?.owner).toBe('erin');
    expect(await catalog.revision()).not.toBe(afterDeploy);
    expect((await catalog.entries()).map((e) => e.shortname)).not.toContain('catalogued');
    // The revision item is no function, and a removed function leaves the list.
    expect((await registry.listAll()).map((r) => r.shortname)).toEqual(all.map((r) => r.shortname));
    expect((await registry.listAll()).map((r) => r.shortname)).not.toContain('catalogued');
  });
});
