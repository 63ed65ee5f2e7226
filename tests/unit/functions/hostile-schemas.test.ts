// An author's schema cannot stall the service: checks run in worker threads under a deadline, so
// while a hostile check runs, /health and another account's call are answered. Real middleware,
// real worker threads; the function itself is scripted (the runtimes are tested elsewhere).
import { describe, expect, it } from 'vitest';

import { createHealthHandler } from '../../../handlers/http/health';
import { createInvokeHandler } from '../../../handlers/http/invoke';
import { createDeployHandler } from '../../../handlers/http/functions-deploy';
import { writeBundle } from '../../../lib/functions/bundle';
import { BlobDeploymentStore } from '../../../lib/functions/build/blob-deployment-store';
import { MemoryBlobStore } from '../../support/memory-ingest-stores';
import { loadConfig } from '../../../lib/config';
import type { FunctionInvoker, FunctionRecord, FunctionRequest } from '../../../lib/functions/ports';
import { validateSpec } from '../../../lib/spec/index';
import { createSpecAjv } from '../../../lib/spec/schema-compiler';
import { call } from '../../support/api-event';
import { testDeps, testToken } from '../../support/http-deps';
import { MemoryFunctionRegistry, specFor } from './support';

const SCHEMA = 'https://json-schema.org/draft/2020-12/schema';

// A lookahead keeps this pattern on the backtracking engine (RE2 cannot read it): 2^n steps on "aaa…!".
const BACKTRACKING = {
  $schema: SCHEMA,
  type: 'object',
  properties: { s: { type: 'string', pattern: '^(?=a)(a|a)+$' } },
};
// Each level tries both branches of the same recursive schema: 2^depth steps on a short nested array.
const EXPONENTIAL = {
  $schema: SCHEMA,
  $defs: {
    n: {
      anyOf: [
        { type: 'array', items: { $ref: '#/$defs/n' } },
        { type: 'array', items: { $ref: '#/$defs/n' } },
        { type: 'integer' },
      ],
    },
  },
  $ref: '#/$defs/n',
};
const UNIQUE = { $schema: SCHEMA, type: 'array', uniqueItems: true, items: { type: 'object' } };
const PLAIN = { $schema: SCHEMA, type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };

// A string at the bottom fails every branch at every level, so nothing cuts the search short.
const nested = (depth: number): unknown => (depth === 0 ? 'x' : [nested(depth - 1)]);

class EchoInvoker implements FunctionInvoker {
  calls = 0;
  async build() {}
  async deploy() {}
  async remove() {}
  async logs(): Promise<undefined> {
    return undefined;
  }
  async invoke(_fn: FunctionRecord, request: FunctionRequest) {
    this.calls++;
    return { body: request.body };
  }
}

async function stack() {
  const registry = new MemoryFunctionRegistry();
  const add = async (shortname: string, owner: string, inputSchema: object) => {
    const spec = validateSpec(
      specFor({ shortname, requirements: { requestType: 'POST', inputType: 'JSON', inputSchema }, files: {} }),
    ).spec!;
    const record = { shortname, owner, version: 1, runtime: spec.runtime, spec, codeKey: 'k', codeBytes: 1 };
    await registry.register({ ...record, codeSha256: shortname, createdAt: 1, updatedAt: 1 }, undefined);
  };
  await add('trap', 'attacker', BACKTRACKING);
  await add('maze', 'attacker', EXPONENTIAL);
  await add('distinct', 'attacker', UNIQUE);
  await add('plain', 'victim', PLAIN);
  const http = testDeps();
  const invoker = new EchoInvoker();
  const invoke = createInvokeHandler({
    http: http.deps,
    invoke: { registry, invoker, settings: { timeoutMs: 5000, outputCheck: 'header' } },
  });
  const health = createHealthHandler({
    http: http.deps,
    config: loadConfig({
      FNQ_JWT_SECRET: 'x'.repeat(32),
      FNQ_BUCKET: 'b',
      FNQ_QUEUE_URL: 'http://localhost/q',
      FNQ_UPLOADS_TABLE: 'u',
      FNQ_USAGE_TABLE: 'm',
      FNQ_FUNCTIONS_TABLE: 'f',
      FNQ_LANCE_COMMITS_TABLE: 'l',
      FNQ_LANCE_URI: '/tmp/lance',
    }),
  });
  const send = async (shortname: string, account: string, body: unknown) =>
    call(invoke, {
      method: 'POST',
      path: `/functions/v1/${shortname}`,
      pathParams: { shortname },
      token: await testToken(account),
      body,
    });
  return { send, health: () => call(health, { path: '/health' }), invoker, lines: http.lines };
}

/** Starts the hostile call, then records in which order it and the others were answered. */
type Answer = Awaited<ReturnType<typeof call>>;

async function race(hostile: Promise<Answer>, others: Promise<Answer>[]) {
  const order: string[] = [];
  const tagged = [
    hostile.then((r) => (order.push('hostile'), r)),
    ...others.map((p, i) => p.then((r) => (order.push(`other${i}`), r))),
  ];
  const [hostileReply, ...replies] = await Promise.all(tagged);
  return { order, hostileReply: hostileReply!, replies };
}

describe('a hostile schema while others are served', () => {
  it('gives up a backtracking pattern after the deadline with a 422, answering /health and another account first', async () => {
    const s = await stack();
    await s.send('plain', 'victim', { n: 1 }); // a warm worker, as on a running service
    const hostile = s.send('trap', 'attacker', { s: `${'a'.repeat(40)}!` });
    await new Promise((r) => setTimeout(r, 50)); // the hostile check is running now
    const { order, hostileReply, replies } = await race(hostile, [s.health(), s.send('plain', 'victim', { n: 2 })]);
    expect(order.at(-1)).toBe('hostile');
    expect(replies.map((r) => r.status)).toEqual([200, 204]);
    expect(hostileReply.status).toBe(422);
    const body = hostileReply.body as { error: string; messages: string[] };
    expect(body.error).toBe('request_unverifiable');
    expect(body.messages[0]).toMatch(
      /^ISSUE: Checking the request against the inputSchema of trap took longer than \d+ ms.* ADVICE: /,
    );
    // The function never ran on an unchecked body.
    expect(s.invoker.calls).toBe(2);
  });

  it('gives up an exponential $ref/anyOf schema the same way', async () => {
    const s = await stack();
    const hostile = s.send('maze', 'attacker', nested(40));
    await new Promise((r) => setTimeout(r, 50));
    const { order, hostileReply } = await race(hostile, [s.health(), s.send('plain', 'victim', { n: 3 })]);
    expect(order.at(-1)).toBe('hostile');
    expect(hostileReply.status).toBe(422);
  });

  it('checks uniqueItems over a large body in linear time, the duplicate reported by index only', async () => {
    const s = await stack();
    const items = Array.from({ length: 20_000 }, (_, i) => ({ id: i, tag: `t${i % 7}` }));
    const ok = await s.send('distinct', 'attacker', items);
    expect(ok.status).toBe(204);
    const duplicate = await s.send('distinct', 'attacker', [...items, { tag: 't3', id: 3 }]);
    expect(duplicate.status).toBe(400);
    const messages = (duplicate.body as { messages: string[] }).messages;
    expect(messages[0]).toMatch(/items ## 3 and 20000 are identical/);
  });

  it('matches patterns RE2 can read in linear time, each pattern its own', () => {
    const validate = createSpecAjv().compile({
      type: 'object',
      properties: { s: { type: 'string', pattern: '^(a+)+$' }, t: { type: 'string', pattern: '^[0-9]{3}$' } },
    });
    // On a backtracking engine this check would not return for longer than the universe is old.
    expect(validate({ s: `${'a'.repeat(5000)}!` })).toBe(false);
    expect(validate({ s: 'aaaa', t: '123' })).toBe(true);
    // Ajv keys compiled patterns by their text: two patterns must never share one engine.
    expect(validate({ s: 'aaaa', t: 'aaaa' })).toBe(false);
    expect(validate({ s: '123', t: '123' })).toBe(false);
  });

  it('gives up a deploy whose example against its own schema passes the deadline, with a 422', async () => {
    const s = await stack();
    const spec = specFor({
      shortname: 'mazedeploy',
      requirements: {
        requestType: 'POST',
        inputType: 'JSON',
        inputSchema: EXPONENTIAL,
        inputJsonExample: JSON.stringify(nested(40)),
      },
      files: {},
    });
    const zip = writeBundle(
      new Map([
        ['spec.json', new TextEncoder().encode(JSON.stringify(spec))],
        ['index.js', new TextEncoder().encode('exports.handler = async () => 1;')],
      ]),
    );
    const deploy = createDeployHandler({
      http: testDeps().deps,
      submit: {
        registry: new MemoryFunctionRegistry(),
        blobs: new MemoryBlobStore(),
        deployments: new BlobDeploymentStore(new MemoryBlobStore()),
        queue: { send: async () => undefined },
      },
    });
    const hostile = call(deploy, {
      method: 'POST',
      path: '/function-service/v1/functions',
      body: Buffer.from(zip),
      headers: { 'content-type': 'application/zip' },
      token: await testToken('attacker'),
    });
    await new Promise((r) => setTimeout(r, 50));
    const { order, hostileReply } = await race(hostile, [s.health(), s.send('plain', 'victim', { n: 4 })]);
    expect(order.at(-1)).toBe('hostile');
    expect(hostileReply.status).toBe(422);
    expect(hostileReply.body).toMatchObject({ error: 'spec_unverifiable' });
  });
});
