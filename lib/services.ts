// Composition root: builds each adapter from the config once per cold start. Handlers ask for
// what they need here; lib/ modules below get their ports passed in and never build adapters.
import { getConfig, type Config } from './config';
import { rootLogger } from './log';
import { dynamoClient } from './aws/clients';
import { DynamoUsageStore } from './aws/dynamo-usage-store';
import { DynamoStatusStore } from './aws/dynamo-status-store';
import { createVerifier } from './http/auth';
import type { HttpDeps } from './http/handler';
import type { StatusStore } from './ingest/status';

let http: HttpDeps | undefined;
let statusStore: StatusStore | undefined;

export const config = (): Config => getConfig();

export function httpDeps(): HttpDeps {
  if (!http) {
    const c = getConfig();
    http = {
      usage: new DynamoUsageStore(dynamoClient(c.aws), c.aws.tables.usage),
      verify: createVerifier(c.auth),
      log: rootLogger(),
      timeoutMarginMs: c.timeoutMarginMs,
    };
  }
  return http;
}

export function statuses(): StatusStore {
  const c = getConfig();
  statusStore ??= new DynamoStatusStore(dynamoClient(c.aws), c.aws.tables.uploads);
  return statusStore;
}
