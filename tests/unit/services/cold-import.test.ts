// Importing a query handler loads no AWS SDK client, no LanceDB and no MongoDB driver: they load
// on the first request that uses them (lib/services/lazy.ts). A static import of any of them on a
// handler's path puts its cost back on every cold start (bench/bundles measures it).
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { PROJECT_ROOT } from '../../../local/serverless-config';

const HEAVY = /node_modules\/(@aws-sdk|@smithy|@lancedb|mongodb)\//;

function loadedHeavyModules(handler: string): string[] {
  const script = `
    await import(${JSON.stringify(`./${handler}`)});
    const { createRequire } = await import('node:module');
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify(loaded.filter((p) => ${HEAVY}.test(p))));`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as string[];
}

describe('cold import of the query handlers', () => {
  it.each(['handlers/http/query-rdbms.ts', 'handlers/http/query-function.ts', 'handlers/http/query-vectordb.ts'])(
    '%s loads no AWS SDK, LanceDB or MongoDB',
    (handler) => {
      expect(loadedHeavyModules(handler)).toEqual([]);
    },
    60_000,
  );

  it('sees a client when one is imported (the check itself works)', () => {
    expect(loadedHeavyModules('lib/aws/dynamo-client.ts').length).toBeGreaterThan(0);
  }, 60_000);
});
