// The first request of each HTTP Lambda that reads DynamoDB, answered in a fresh process against the local
// stack's emulator, loads no AWS SDK module (nor LanceDB or MongoDB): its reads, and the usage count every accepted request writes, go
// through the signed caller (lib/aws/signed-dynamo.ts), so a cold start pays for none of the SDK's client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../../lib/http/token';
import { loadServerless } from '../../../local/serverless-config';
import { startEmulators, type Emulators } from '../../../local/emulators';
import type { EventInput } from '../../support/api-event';
import { modulesLoadedBy, modulesLoadedByAsync } from '../../support/loaded-modules';

const SECRET = 'cold-dynamo-routes-secret-0123456789abcdef';
const HEAVY = /^node_modules\/(@aws-sdk|@smithy|@lancedb|mongodb)\//;

/** Each Lambda's request that reads DynamoDB (an absent thing by name, or a list) and the status it gets. */
const ROUTES: Record<string, { status: number; token?: false; query?: Record<string, string> }> = {
  uploadStatus: { status: 404, query: { upload_id: 'missing' } },
  uploadDelete: { status: 404 },
  collectionsList: { status: 200 },
  collectionsGet: { status: 404 },
  collectionsDelete: { status: 404 },
  functionsList: { status: 200 },
  functionsDelete: { status: 404 },
  functionsLogs: { status: 404 },
  functionsExists: { status: 200 },
  invokeFunction: { status: 404 },
  invokeSpec: { status: 404 },
  functionOpenApi: { status: 404 },
  catalogSearch: { status: 200, query: { q: 'weather' } },
  catalogFunctionPage: { status: 404, token: false },
  catalogPage: { status: 200, token: false },
  usage: { status: 200 },
  webhooksList: { status: 200 },
  webhooksDelete: { status: 404 },
  webhooksDeliveries: { status: 404 },
};

type Functions = Record<string, { handler: string; events?: { httpApi?: { method: string; path: string } }[] }>;

let emulators: Emulators;
beforeAll(async () => {
  emulators = await startEmulators({ stage: 'colddynamo' });
});
afterAll(() => emulators?.stop());

describe('the first request of the Lambdas that read DynamoDB', () => {
  it('answers from the emulator and loads no AWS SDK module (nor LanceDB or MongoDB)', async () => {
    const token = await issueToken({ secret: SECRET, account: 'acct-cold', level: 'pro', ttlSeconds: 600 });
    const functions = (loadServerless() as unknown as { functions: Functions }).functions;
    const cases = Object.entries(ROUTES).map(([name, c]) => {
      const fn = functions[name]!;
      const { method, path } = fn.events!.find((e) => e.httpApi)!.httpApi!;
      const pathParams: Record<string, string> = {};
      const route = path.replace(
        /\{(\w+)\}/g,
        (_, key: string) => ((pathParams[key] = 'no-such-thing'), 'no-such-thing'),
      );
      const input: EventInput = {
        method: method === '*' ? 'GET' : method,
        path: route,
        pathParams,
        query: c.query,
        ...(c.token !== false && { token }),
      };
      return { name, module: `./${fn.handler.slice(0, fn.handler.lastIndexOf('.'))}.ts`, input };
    });
    // One process answers every route in turn, then prints each status.
    const script = `
      const { apiEvent } = await import('./tests/support/api-event.ts');
      const context = { awsRequestId: 'cold', functionName: 'cold', getRemainingTimeInMillis: () => 29000 };
      const statuses = {};
      for (const c of ${JSON.stringify(cases)}) {
        const { handler } = await import(c.module);
        statuses[c.name] = (await handler(apiEvent(c.input), context)).statusCode;
      }
      console.log(JSON.stringify(statuses));`;
    const { modules, printed } = await modulesLoadedByAsync(script, {
      PATH: process.env.PATH,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      FNQ_LOG_LEVEL: 'error',
      ...emulators.env,
      FNQ_JWT_SECRET: SECRET,
      FNQ_LANCE_URI: '/tmp/fnq-cold-dynamo-routes-unused',
    });
    expect(printed).toEqual(Object.fromEntries(Object.entries(ROUTES).map(([name, c]) => [name, c.status])));
    expect(modules.filter((path) => HEAVY.test(path))).toEqual([]);
    // The check sees the SDK when it is loaded.
    expect(modulesLoadedBy("await import('./lib/aws/dynamo-client.ts');").some((path) => HEAVY.test(path))).toBe(true);
  }, 120_000);
});
