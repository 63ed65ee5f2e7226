// The DynamoDB function registry against the emulator (dynalite), with the table from serverless.yml.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulators, type Emulators } from '../../../local/emulators';
import { dynamoClient } from '../../../lib/aws/dynamo-client';
import { DynamoFunctionRegistry } from '../../../lib/aws/dynamo-function-registry';
import { loadConfig } from '../../../lib/config';
import type { FunctionRecord } from '../../../lib/functions/ports';
import { validateSpec } from '../../../lib/spec/index';
import { jsonObject, specFor } from '../../unit/functions/support';

let emulators: Emulators;
let registry: DynamoFunctionRegistry;

beforeAll(async () => {
  emulators = await startEmulators({ stage: 'fnregistry' });
  const config = loadConfig({ ...emulators.env, FNQ_JWT_SECRET: 'x'.repeat(32), FNQ_LANCE_URI: '/tmp/x' });
  registry = new DynamoFunctionRegistry(dynamoClient(config.aws), config.aws.tables.functions);
});
afterAll(() => emulators.stop());

// A schema nested deeper than DynamoDB's 32 levels of maps must survive the round trip.
const deep = Array.from({ length: 40 }).reduce<Record<string, unknown>>((inner) => ({ type: 'object', properties: { next: inner } }), { type: 'string' });

function record(shortname: string, owner: string, version = 1): FunctionRecord {
  const spec = validateSpec(specFor({
    shortname,
    files: {},
    requirements: { requestType: 'POST', inputType: 'JSON', inputSchema: jsonObject({ deep }) },
  })).spec!;
  return { shortname, owner, version, runtime: spec.runtime, spec, codeKey: `functions/${shortname}/v${version}/code.zip`, codeBytes: 10, codeSha256: 'ab'.repeat(32), createdAt: 1, updatedAt: version };
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
    const outcomes = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((owner) => registry.register(record('race', owner), undefined)));
    expect(outcomes.filter((o) => o === 'registered')).toHaveLength(1);
  });

  it('lists an owner\'s functions through the byOwner index', async () => {
    await registry.register(record('alpha', 'carol'), undefined);
    await registry.register(record('beta', 'carol'), undefined);
    expect((await registry.listByOwner('carol')).map((r) => r.shortname)).toEqual(['alpha', 'beta']);
    expect(await registry.listByOwner('nobody')).toEqual([]);
  });

  it('lists every account\'s functions sorted by shortname, across scan pages', async () => {
    // ~60 KB each: 30 of them pass DynamoDB's 1 MB scan page, so the listing must follow LastEvaluatedKey.
    const padding = 'x'.repeat(60_000);
    const big = (shortname: string, owner: string) => {
      const r = record(shortname, owner);
      return { ...r, spec: { ...r.spec, requirements: { ...r.spec.requirements, inputSchema: { type: 'object', description: padding } } } };
    };
    const names = Array.from({ length: 30 }, (_, i) => `page-${String(29 - i).padStart(2, '0')}`);
    for (const [i, name] of names.entries()) await registry.register(big(name, i % 2 ? 'erin' : 'frank'), undefined);
    const all = (await registry.listAll()).map((r) => r.shortname);
    const pages = all.filter((n) => n.startsWith('page-'));
    expect(pages).toEqual([...names].sort());
    expect(all).toEqual(expect.arrayContaining(['weather', 'race', 'alpha', 'beta']));
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b)));
  });

  it('removes a function for its owner only', async () => {
    expect(await registry.remove('alpha', 'dave')).toBeUndefined();
    expect(await registry.get('alpha')).toBeDefined();
    expect((await registry.remove('ALPHA', 'carol'))?.shortname).toBe('alpha');
    expect(await registry.get('alpha')).toBeUndefined();
  });
});
