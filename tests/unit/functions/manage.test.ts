import { describe, expect, it } from 'vitest';
import { writeBundle } from '../../../lib/functions/bundle';
import { deployFunction } from '../../../lib/functions/deploy';
import { deleteFunction, type HostingDeps } from '../../../lib/functions/manage';
import type { FunctionInvoker, FunctionRecord } from '../../../lib/functions/ports';
import { createLogger } from '../../../lib/log';
import { MemoryBlobStore } from '../../support/memory-ingest-stores';
import { MemoryFunctionRegistry, specFor } from './support';

class RecordingInvoker implements FunctionInvoker {
  async build() {}
  deployed: FunctionRecord[] = [];
  removed: FunctionRecord[] = [];
  failNext = false;
  async deploy(fn: FunctionRecord) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('build failed');
    }
    this.deployed.push(fn);
  }
  async logs(): Promise<undefined> {
    return undefined;
  }
  async remove(fn: FunctionRecord) {
    this.removed.push(fn);
  }
  async invoke(): Promise<never> {
    throw new Error('not used');
  }
}

function setup() {
  const deps = {
    registry: new MemoryFunctionRegistry(),
    blobs: new MemoryBlobStore(),
    invoker: new RecordingInvoker(),
    log: createLogger({ sink: () => undefined }),
    now: () => 1000,
  };
  return deps satisfies HostingDeps;
}

const bundle = (spec: unknown, code = 'export const handler = () => 1;') =>
  writeBundle(
    new Map([
      ['spec.json', new TextEncoder().encode(JSON.stringify(spec))],
      ['index.mjs', new TextEncoder().encode(code)],
    ]),
  );

const valid = specFor({ shortname: 'greet', files: {} });

describe('deploying', () => {
  it('registers version 1, stores the code and hands it to the invoker', async () => {
    const deps = setup();
    const { record, created } = await deployFunction(deps, 'alice', bundle(valid));
    expect(created).toBe(true);
    expect(record).toMatchObject({
      shortname: 'greet',
      owner: 'alice',
      version: 1,
      runtime: 'nodejs20',
      createdAt: 1000,
    });
    expect(record.codeKey).toMatch(/^functions\/greet\/v1-[0-9a-f]{8}\/code\.zip$/);
    expect(deps.blobs.objects.has(record.codeKey)).toBe(true);
    expect(deps.invoker.deployed).toEqual([record]);
  });

  it("makes a new version on the owner's redeploy and deletes the replaced code", async () => {
    const deps = setup();
    const first = (await deployFunction(deps, 'alice', bundle(valid))).record;
    const second = await deployFunction(deps, 'alice', bundle(valid, 'export const handler = () => 2;'));
    expect(second).toMatchObject({ created: false, record: { version: 2, createdAt: 1000 } });
    expect([...deps.blobs.objects.keys()]).toEqual([second.record.codeKey]);
    expect(first.codeKey).not.toBe(second.record.codeKey);
  });

  it("refuses another account's shortname with 409, storing nothing", async () => {
    const deps = setup();
    await deployFunction(deps, 'alice', bundle(valid));
    await expect(deployFunction(deps, 'bob', bundle({ ...valid, shortname: 'GREET' }))).rejects.toMatchObject({
      status: 409,
      code: 'shortname_taken',
    });
    expect(deps.blobs.objects.size).toBe(1);
  });

  it('lists every spec.json violation in one 400 (the server does not trust the client)', async () => {
    const deps = setup();
    const error = await deployFunction(
      deps,
      'alice',
      bundle({ ...valid, shortname: 'bad name', runtime: 'nodejs21' }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'spec_invalid' });
    const lines = (error as { lines(): string[] }).lines();
    expect(lines).toEqual([
      expect.stringMatching(/^ISSUE: spec\.json \/shortname: shortname "bad name" contains " "/),
      expect.stringMatching(
        /^ISSUE: spec\.json \/runtime: runtime "nodejs21" is not supported\. ADVICE: Did you mean "nodejs20"\?/,
      ),
    ]);
    expect(deps.registry.items.size).toBe(0);
  });

  it('rolls the registry back to the previous version when the invoker cannot deploy the new one', async () => {
    const deps = setup();
    const first = (await deployFunction(deps, 'alice', bundle(valid))).record;
    deps.invoker.failNext = true;
    await expect(deployFunction(deps, 'alice', bundle(valid, 'broken'))).rejects.toThrow('build failed');
    expect(await deps.registry.get('greet')).toEqual(first);
    expect([...deps.blobs.objects.keys()]).toEqual([first.codeKey]);
  });

  it('forgets a new name whose first deploy fails', async () => {
    const deps = setup();
    deps.invoker.failNext = true;
    await expect(deployFunction(deps, 'alice', bundle(valid))).rejects.toThrow();
    expect(await deps.registry.get('greet')).toBeUndefined();
    expect(deps.blobs.objects.size).toBe(0);
  });
});

describe('deleting', () => {
  it("removes the owner's function with its code; for anyone else it does not exist", async () => {
    const deps = setup();
    const { record } = await deployFunction(deps, 'alice', bundle(valid));
    await expect(deleteFunction(deps, 'bob', 'greet')).rejects.toMatchObject({
      status: 404,
      code: 'function_not_found',
    });
    await deleteFunction(deps, 'alice', 'greet');
    expect(deps.registry.items.size).toBe(0);
    expect(deps.blobs.objects.size).toBe(0);
    expect(deps.invoker.removed).toEqual([record]);
  });
});
