// Importing a query handler loads no AWS SDK client, no LanceDB and no MongoDB driver: they load
// on the first request that uses them (lib/services/lazy.ts). A static import of any of them on a
// handler's path puts its cost back on every cold start (bench/bundles measures it).
// The routes that read DynamoDB answer their first request without the SDK: tests/integration/aws/cold-dynamo-routes.test.ts.
import { describe, expect, it } from 'vitest';
import { modulesLoadedBy } from '../../support/loaded-modules';

const HEAVY = /^node_modules\/(@aws-sdk|@smithy|@lancedb|mongodb)\//;

const loadedHeavyModules = (module: string) =>
  modulesLoadedBy(`await import(${JSON.stringify(`./${module}`)});`).filter((path) => HEAVY.test(path));

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
