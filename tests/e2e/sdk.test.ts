import { describe, expect, inject, it, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FnqClient, FnqRequestInvalidError, FnqServiceError } from '../../sdk/index';
import { issueToken } from '../../lib/http/token';
import { PROJECT_ROOT } from '../../local/serverless-config';
import { bundleOf, functionDir, jsonObject } from '../unit/functions/support';
import { mariaDbUnavailableReason, startMariaDb, type MariaDbServer } from '../support/mariadb';

const url = inject('stackUrl');
const secret = inject('stackSecret');

const WEATHER = {
  shortname: 'sdk-weather',
  requirements: {
    requestType: 'POST',
    inputType: 'JSON',
    inputSchema: jsonObject({ city: { type: 'string', description: 'Name of the city' } }, ['city']),
    outputType: 'JSON',
    outputSchema: jsonObject({ city: { type: 'string' }, temperature: { type: 'number' } }),
  },
  files: { 'index.js': `exports.handler = async (req) => ({ city: req.body.city, temperature: 21 });` },
};

let token: string;
let fnq: FnqClient;
const functionCalls: string[] = [];

beforeAll(async () => {
  token = await issueToken({ secret, account: 'sdk-user', level: 'pro', ttlSeconds: 3600 });
  // Every request the SDK sends passes here, so tests can tell what reached the server.
  const counting: typeof fetch = (input, init) => {
    functionCalls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    return fetch(input, init);
  };
  fnq = new FnqClient({ url, token, fetch: counting });
  const deployed = await fnq.functions.deployAndWait(await bundleOf(await functionDir(WEATHER)), { pollMs: 200 });
  expect(deployed.shortname).toBe('sdk-weather');
});

afterAll(async () => {
  await fnq.functions.delete('sdk-weather').catch(() => undefined);
});

describe('the TypeScript SDK against the local stack', () => {
  it('refuses a request that breaks the definition before sending it', async () => {
    await fnq.functions.spec('sdk-weather');
    const before = functionCalls.length;
    const error = await fnq.functions
      .invoke('sdk-weather', { method: 'GET', query: { x: '1' }, body: { town: 'Paris' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FnqRequestInvalidError);
    const paths = (error as FnqRequestInvalidError).violations.map((v) => v.path);
    expect(paths).toEqual(expect.arrayContaining(['/method', '/query/x', '/body/city']));
    expect(functionCalls.length).toBe(before);
  });

  it('round-trips every endpoint', async () => {
    expect((await fnq.health()).status).toBe('ok');

    const seen: string[] = [];
    const done = await fnq.uploads.uploadAndWait(
      'sdk-docs',
      'policy.md',
      new TextEncoder().encode('# Travel\n\nTrain tickets are reimbursed in full. Taxis need a receipt.'),
      {
        onProgress: (s) => seen.push(s.status),
        intervalMs: 200,
      },
    );
    expect(done.status).toBe('completed');
    expect(seen.at(-1)).toBe('completed');
    expect((await fnq.uploads.status(done.upload_id)).total_chunks).toBe(done.total_chunks);

    expect((await fnq.collections.list()).map((c) => c.name)).toContain('sdk-docs');
    expect((await fnq.collections.get('sdk-docs')).uploads).toHaveLength(1);

    const rag = await fnq.queries.vectordb('Are train tickets reimbursed?', 'sdk-docs');
    expect(rag.answer).toMatch(/Train tickets are reimbursed in full/);
    expect(rag.messages).toEqual(['completed']);

    const called = await fnq.queries.function('What is the weather in Paris?', 'sdk-weather');
    expect(called.messages).toBeNull();
    expect(called.answer).toMatch(/21/);
    const asked = await fnq.queries.function('What is the weather like today?', 'sdk-weather');
    expect(asked.answer).toMatch(/city/i);
    expect(asked.answer).not.toMatch(/21/);

    expect((await fnq.functions.list()).map((f) => f.shortname)).toContain('sdk-weather');
    expect(await fnq.functions.exists('sdk-weather')).toBe(true);
    expect((await fnq.functions.spec('sdk-weather')).requirements.requestType).toBe('POST');
    expect((await fnq.functions.invoke('sdk-weather', { body: { city: 'Oslo' } })).json).toEqual({
      city: 'Oslo',
      temperature: 21,
    });

    await fnq.collections.deleteUpload(done.upload_id);
    await expect(fnq.uploads.status(done.upload_id)).rejects.toMatchObject({ status: 404 });
    await fnq.collections.delete('sdk-docs');
    expect((await fnq.collections.list()).map((c) => c.name)).not.toContain('sdk-docs');
  });

  it('turns service errors into typed errors with ISSUE, ADVICE and spanId', async () => {
    const error = (await fnq.queries
      .vectordb('anything', 'no-such-collection')
      .catch((e: unknown) => e)) as FnqServiceError;
    expect(error).toBeInstanceOf(FnqServiceError);
    expect(error.status).toBe(404);
    expect(error.issue).toMatch(/No collection named no-such-collection/);
    expect(error.advice).toBeTruthy();
    expect(error.spanId).toMatch(/^[A-Za-z0-9_-]+$/);
    const bad = new FnqClient({ url, token: 'not-a-token' });
    await expect(bad.collections.list()).rejects.toMatchObject({ status: 401, code: 'token_invalid' });
  });

  it('runs the README examples as written', () => {
    const blocks = [
      ...readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8').matchAll(/```ts sdk-example\n([\s\S]*?)```/g),
    ].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    const dir = join(PROJECT_ROOT, '.tmp', 'readme-examples');
    mkdirSync(dir, { recursive: true });
    const outputs = blocks.map((code, i) => {
      const file = join(dir, `example-${i}.ts`);
      writeFileSync(file, code);
      const run = spawnSync(process.execPath, ['--import', 'tsx', file], {
        cwd: PROJECT_ROOT,
        encoding: 'utf8',
        env: { ...process.env, FNQ_URL: url, FNQ_TOKEN: token, FNQ_EXAMPLE_FUNCTION: 'sdk-weather' },
        timeout: 120_000,
      });
      expect(run.status, run.stderr).toBe(0);
      return run.stdout;
    });
    expect(outputs[0]).toMatch(/completed: \d+\/\d+ chunks/);
    expect(outputs[0]).toMatch(/25 days of paid vacation/);
    expect(outputs[1]).toMatch(/^404 No collection named no-such-collection/m);
    expect(outputs[1]).toMatch(/\/body\/city/);
    expect(outputs[1]).toMatch(/city: 'Paris'/);
  });
});

const sqlUnavailable = await mariaDbUnavailableReason();

describe.skipIf(sqlUnavailable)(
  `the SDK's text-to-SQL call${sqlUnavailable ? ` (skipped: ${sqlUnavailable})` : ''}`,
  () => {
    let db: MariaDbServer;
    beforeAll(async () => {
      db = await startMariaDb();
      const admin = await db.admin();
      await admin.query(
        `USE \`${db.database}\`; CREATE TABLE city (name VARCHAR(20), population INT); INSERT INTO city VALUES ('Oslo', 700000), ('Bergen', 290000), ('Tromso', 78000);`,
      );
      await admin.end();
    });
    afterAll(() => db?.stop());

    it('answers from the caller’s database over TLS through the local engine', async () => {
      // The test CA is not installed in the stack, so the caller opts out of certificate checks explicitly.
      const reply = await fnq.queries.rdbms(
        'How many cities are there?',
        ['city'],
        db.dsn({ params: 'tls=skip-verify' }),
      );
      expect(reply.answer).toMatch(/3/);
      expect(reply.messages?.at(-1)).toBe('completed');
    });
  },
);
