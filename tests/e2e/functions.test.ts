// Function hosting end to end through the local stack (serverless offline + emulators): deployed
// with the fnq CLI as a user would, then called over HTTP. The runners' text is in the bundled
// handlers (.esbuild/, from the generated lib/functions/runners/generated/sources.ts), so these calls also
// prove it is found there.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { CliIO } from '../../cli/command';
import { main } from '../../cli/main';
import { issueToken } from '../../lib/http/token';
import { PROJECT_ROOT } from '../../local/serverless-config';
import { toolchainMissing } from '../integration/functions/toolchains';
import { functionDir, jsonObject, type FunctionFixture } from '../unit/functions/support';

const url = inject('stackUrl');
const secret = inject('stackSecret');
const token = (account: string) => issueToken({ secret, account, level: 'free', ttlSeconds: 600 });
const OWNER = 'fn-owner';
const OTHER = 'fn-other';

async function fnq(account: string, ...argv: string[]) {
  const io: CliIO & { stdout: string; stderr: string } = {
    stdout: '',
    stderr: '',
    out: (t) => void (io.stdout += `${t}\n`),
    err: (t) => void (io.stderr += `${t}\n`),
    env: {},
    cwd: PROJECT_ROOT,
  };
  const code = await main([...argv, '--url', url, '--token', await token(account)], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

async function deploy(f: FunctionFixture, account = OWNER) {
  const result = await fnq(account, 'deploy', await functionDir(f));
  // stderr carries the progress bar and nothing else.
  expect(result.stderr.split('\n').filter((line) => line && !/^\[[#-]{30}\] /.test(line))).toEqual([]);
  expect(result.stderr.trim().split('\n').at(-1)).toBe(`[${'#'.repeat(30)}] deployed`);
  expect(result.code).toBe(0);
  return result;
}

async function callFn(shortname: string, init: RequestInit & { query?: string; account?: string } = {}) {
  const headers = {
    svcwt: await token(init.account ?? OTHER),
    ...(init.headers as Record<string, string> | undefined),
  };
  return fetch(`${url}/functions/v1/${shortname}${init.query ? `?${init.query}` : ''}`, { ...init, headers });
}

const postJson = (shortname: string, body: unknown, query?: string) =>
  callFn(shortname, {
    method: 'POST',
    query,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

const failure = async (res: Response) => (await res.json()) as { error: string; messages: string[] };

const CONVERT: FunctionFixture = {
  shortname: 'e2e-convert',
  requirements: {
    requestType: 'POST',
    queryParams: [{ name: 'unit', required: true, exampleData: 'unit=f' }],
    inputType: 'JSON',
    inputSchema: jsonObject({ celsius: { type: 'number' } }, ['celsius']),
    outputType: 'JSON',
    outputSchema: jsonObject({ value: { type: 'number' }, unit: { type: 'string' } }, ['value', 'unit']),
  },
  files: {
    'index.mjs': `export function handler({ query, body }) {
      if (query.unit === 'bad') return { value: 'not a number' };
      return query.unit === 'k' ? { value: body.celsius + 273.15, unit: 'K' } : { value: body.celsius * 9 / 5 + 32, unit: 'F' };
    }`,
  },
};

const UPPER: FunctionFixture = {
  shortname: 'e2e-upper',
  runtime: 'python312',
  requirements: {
    requestType: 'PUT',
    inputType: 'FILE',
    inputSchema: { extensions: ['txt'], required: true },
    outputType: 'FILE',
    outputSchema: { extensions: ['txt'] },
  },
  files: {
    'main.py': `import base64
def handler(request):
    text = base64.b64decode(request['body']['data']).decode('utf-8')
    name = request['body']['filename']
    return {'filename': 'upper-' + name, 'contentType': 'text/plain; charset=utf-8', 'data': base64.b64encode(text.upper().encode()).decode()}
`,
  },
};

const PROBE: FunctionFixture = {
  shortname: 'e2e-probe',
  runtime: 'python311',
  requirements: {
    requestType: 'GET',
    queryParams: [{ name: 'fail', required: false }],
    outputType: 'JSON',
    outputSchema: jsonObject({}),
  },
  files: {
    'main.py': `import os
def handler(request):
    if request['query'].get('fail'):
        raise RuntimeError('the probe failed on purpose')
    return {'secret': os.environ.get('FNQ_JWT_SECRET'), 'keys': sorted(os.environ), 'headers': sorted(request['headers'])}
`,
  },
};

const PING: FunctionFixture = {
  shortname: 'e2e-ping',
  requirements: { requestType: 'GET', queryParams: [{ name: 'spin', required: false }] },
  files: { 'index.mjs': 'export function handler(r) { if (r.query.spin) for (;;) {} return null; }' },
};

describe('function hosting through the local stack', () => {
  it('deploys with fnq deploy, reports the shortname as taken, and lists it for its owner only', async () => {
    expect((await fnq(OWNER, 'functions', 'exists', 'e2e-convert')).code).toBe(1);
    const deployed = await deploy(CONVERT);
    expect(deployed.stdout).toMatch(/valid \(e2e-convert, nodejs20/);
    expect(deployed.stdout).toMatch(
      /deployed e2e-convert v1 \(nodejs20, AWS Lambda nodejs22.x\): POST \/functions\/v1\/e2e-convert/,
    );
    expect((await fnq(OTHER, 'functions', 'exists', 'E2E-Convert')).code).toBe(0);
    expect((await fnq(OWNER, 'functions', 'list')).stdout).toMatch(
      /^e2e-convert {2}v1 {2}nodejs20 {2}POST \/functions\/v1\/e2e-convert/m,
    );
    expect((await fnq(OTHER, 'functions', 'list')).stdout).not.toMatch(/e2e-convert/);
  });

  it('calls a Node function with JSON in and out and query parameters, for any account', async () => {
    const res = await postJson('e2e-convert', { celsius: 100 }, 'unit=f');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('x-span-id')).toBeTruthy();
    expect(await res.json()).toEqual({ value: 212, unit: 'F' });
    expect(await (await postJson('e2e-convert', { celsius: 0 }, 'unit=k')).json()).toEqual({
      value: 273.15,
      unit: 'K',
    });
  });

  it('serves the definition at …/spec.json to any account', async () => {
    const res = await callFn('e2e-convert/spec.json');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      shortname: 'e2e-convert',
      runtime: 'nodejs20',
      requirements: { requestType: 'POST', inputType: 'JSON' },
    });
  });

  it('refuses a wrong method with 405 and the Allow header', async () => {
    const res = await callFn('e2e-convert', { method: 'GET', query: 'unit=f' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect((await failure(res)).error).toBe('method_not_allowed');
  });

  it('lists every violation of a bad request in one 400, before the function runs', async () => {
    const res = await postJson('e2e-convert', { celsius: 'hot', extra: 1 }, 'colour=red');
    expect(res.status).toBe(400);
    const body = await failure(res);
    expect(body.error).toBe('request_invalid');
    expect(body.messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^ISSUE: \/query\/unit: Query parameter "unit" is required\. ADVICE: Add it, e\.g\. unit=f/,
        ),
        expect.stringMatching(/^ISSUE: \/query\/colour: Query parameter "colour" is not declared/),
        expect.stringMatching(/^ISSUE: \/body\/celsius: .*must be number/),
      ]),
    );
    expect(body.messages.at(-1)).toBe('failed');
    const empty = await callFn('e2e-convert', { method: 'POST', query: 'unit=f' });
    expect((await failure(empty)).messages[0]).toMatch(/\/body: The request has no JSON body/);
    const text = await callFn('e2e-convert', {
      method: 'POST',
      query: 'unit=f',
      body: 'celsius=3',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });

  it('flags a JSON answer that does not match outputSchema in a header', async () => {
    const res = await postJson('e2e-convert', { celsius: 1 }, 'unit=bad');
    expect(res.status).toBe(200);
    // The schema path and keyword of the first mismatch: never the function's keys or values.
    expect(res.headers.get('x-fnq-output-invalid')).toMatch(/^#(\/properties\/value\/type type|\/required required)$/);
  });

  it('calls a Python function with a file in and a file out', async () => {
    await deploy(UPPER);
    const form = new FormData();
    form.append('file', new Blob(['hello, files']), 'note.txt');
    const res = await callFn('e2e-upper', { method: 'PUT', body: form });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''upper-note.txt");
    expect(await res.text()).toBe('HELLO, FILES');
  });

  it('refuses a file with a wrong extension (400), an oversize one (413) and a missing one (400)', async () => {
    const wrong = new FormData();
    wrong.append('file', new Blob(['x']), 'note.pdf');
    const res = await callFn('e2e-upper', { method: 'PUT', body: wrong });
    expect(res.status).toBe(400);
    expect((await failure(res)).messages[0]).toMatch(
      /^ISSUE: \/file\/filename: File "note\.pdf" does not have an accepted extension\. ADVICE: Send a file ending in \.txt/,
    );
    const big = new FormData();
    big.append('file', new Blob([Buffer.alloc(5 * 1024 * 1024 + 1, 97)]), 'big.txt');
    expect((await callFn('e2e-upper', { method: 'PUT', body: big })).status).toBe(413);
    const none = await callFn('e2e-upper', { method: 'PUT' });
    expect(none.status).toBe(400);
    expect((await failure(none)).messages[0]).toMatch(/requires a file/);
  });

  it('runs a function without the service environment or the caller token', async () => {
    await deploy(PROBE);
    const res = await callFn('e2e-probe');
    expect(res.status).toBe(200);
    const seen = (await res.json()) as { secret: string | null; keys: string[]; headers: string[] };
    expect(seen.secret).toBeNull();
    expect(seen.keys.filter((k) => k.startsWith('FNQ_') || k.startsWith('AWS_'))).toEqual([]);
    expect(seen.headers).not.toContain('svcwt');
  });

  it('answers a failing function with 502, its message and no stack trace of ours', async () => {
    const res = await callFn('e2e-probe', { query: 'fail=1' });
    expect(res.status).toBe(502);
    const body = await failure(res);
    expect(body.error).toBe('function_error');
    expect(body.messages[0]).toMatch(
      /^ISSUE: Function e2e-probe raised an error: RuntimeError: the probe failed on purpose\. ADVICE:/,
    );
    expect(body.messages.join(' ')).not.toMatch(/Traceback|\.ts:|\.mjs:|fnq_runner|\/tmp\//);
  });

  it('answers a NONE output with 204, stops a function that loops forever, and serves the next call', async () => {
    await deploy(PING);
    const first = await callFn('e2e-ping');
    expect(first.status).toBe(204);
    const started = Date.now();
    const loop = await callFn('e2e-ping', { query: 'spin=1' });
    expect(loop.status).toBe(504);
    expect((await failure(loop)).error).toBe('function_timeout');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await callFn('e2e-ping')).status).toBe(204);
  }, 30_000);

  it('lets only the owner redeploy (new version) or delete; another account gets 409 and 404', async () => {
    const taken = await fnq(OTHER, 'deploy', await functionDir(CONVERT));
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/HTTP 409[\s\S]*shortname "e2e-convert" is already taken/);
    const otherDelete = await fetch(`${url}/function-service/v1/functions/e2e-convert`, {
      method: 'DELETE',
      headers: { svcwt: await token(OTHER) },
    });
    expect(otherDelete.status).toBe(404);

    const v2 = await deploy({
      ...CONVERT,
      files: { 'index.mjs': "export const handler = ({ body }) => ({ value: body.celsius, unit: 'C' });" },
    });
    expect(v2.stdout).toMatch(/deployed e2e-convert v2/);
    expect(await (await postJson('e2e-convert', { celsius: 7 }, 'unit=f')).json()).toEqual({ value: 7, unit: 'C' });

    expect((await fnq(OWNER, 'functions', 'delete', 'e2e-convert')).code).toBe(0);
    expect((await fnq(OWNER, 'functions', 'exists', 'e2e-convert')).code).toBe(1);
    expect((await postJson('e2e-convert', { celsius: 7 }, 'unit=f')).status).toBe(404);
  });

  it('refuses an invalid spec.json at fnq deploy with the validator messages, before any upload', async () => {
    const result = await fnq(OWNER, 'deploy', await functionDir({ ...PING, shortname: 'bad name' }));
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/invalid, 1 violation[\s\S]*\/shortname {2}\[shortname.charset\]/);
  });

  it("keeps a function's output for its owner (the logs route), and leaves no process it started once the call has answered", async () => {
    const marker = `${700 + Math.floor(Math.random() * 100)}.${Date.now() % 100000}`;
    await deploy({
      shortname: 'e2e-leaver',
      requirements: { requestType: 'GET' },
      files: {
        'index.mjs': `import { spawn } from 'node:child_process';
export function handler() { console.log('printed by the function'); spawn('sleep', ['${marker}'], { detached: true, stdio: 'ignore' }).unref(); return 1; }`,
      },
    });
    expect((await callFn('e2e-leaver')).status).toBe(204);
    const logs = async (account: string) =>
      fetch(`${url}/function-service/v1/functions/e2e-leaver/logs`, { headers: { svcwt: await token(account) } });
    // The invoke and logs routes are separate Lambdas: the log is shared through the function's folder.
    const own = await logs(OWNER);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { lines: { text: string }[] }).lines.map((l) => l.text)).toContain(
      'printed by the function',
    );
    expect((await logs(OTHER)).status).toBe(404);

    const running = async () => {
      let found = 0;
      for (const pid of (await readdir('/proc')).filter((p) => /^\d+$/.test(p))) {
        const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
        const state = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
        if (cmdline.split('\0').includes(marker) && !/\) Z /.test(state)) found += 1;
      }
      return found;
    };
    // Swept before the call answered; the warm worker stays (ending it on DELETE from another Lambda is
    // tested in tests/integration/functions/confinement.test.ts).
    expect(await running()).toBe(0);
    expect((await callFn('e2e-leaver')).status).toBe(204);
    expect(await running()).toBe(0);
    expect((await fnq(OWNER, 'functions', 'delete', 'e2e-leaver')).code).toBe(0);
  });

  it('runs the Java example when a JDK is present', async (ctx) => {
    const missing = await toolchainMissing('java');
    if (missing) return ctx.skip(missing);
    await fnq(OWNER, 'functions', 'delete', 'hello-java');
    const deployed = await fnq(OWNER, 'deploy', join(PROJECT_ROOT, 'examples', 'functions', 'java'));
    expect(deployed.code).toBe(0);
    const res = await postJson('hello-java', { name: 'Duke' }, 'greeting=Hi');
    expect(await res.json()).toEqual({ message: 'Hi, Duke!' });
  }, 60_000);
});

describe('hostile input through the local stack', () => {
  it("gives up an author's backtracking pattern with a 422 while /health and another account's call are answered", async () => {
    await deploy({
      shortname: 'e2e-trap',
      requirements: {
        requestType: 'POST',
        inputType: 'JSON',
        // A lookahead keeps it on the backtracking engine: without the deadline, hours on this body.
        inputSchema: jsonObject({ s: { type: 'string', pattern: '^(?=a)(a|a)+$' } }),
      },
      files: { 'index.js': 'exports.handler = async () => null;' },
    });
    // The other account's own function, warm, as a served function is: its cold start is not what this measures.
    const next = `export function handler({ body }) { return { n: body.n + 1 }; }`;
    const schema = jsonObject({ n: { type: 'integer' } }, ['n']);
    await deploy(
      {
        shortname: 'e2e-victim',
        requirements: {
          requestType: 'POST',
          inputType: 'JSON',
          inputSchema: schema,
          outputType: 'JSON',
          outputSchema: schema,
        },
        files: { 'index.mjs': next },
      },
      OTHER,
    );
    expect(await (await postJson('e2e-victim', { n: 1 })).json()).toEqual({ n: 2 });
    const order: string[] = [];
    const tag = (name: string) => (res: Response) => (order.push(name), res);
    // The attacker (its author) calls it; the victim's call comes from the other account.
    const hostile = callFn('e2e-trap', {
      method: 'POST',
      account: OWNER,
      body: JSON.stringify({ s: `${'a'.repeat(40)}!` }),
      headers: { 'content-type': 'application/json' },
    }).then(tag('hostile'));
    await new Promise((r) => setTimeout(r, 100));
    const [health, other] = await Promise.all([
      fetch(`${url}/health`).then(tag('health')),
      postJson('e2e-victim', { n: 41 }).then(tag('other')),
    ]);
    expect(health.status).toBe(200);
    expect(other.status).toBe(200);
    const refused = await hostile;
    expect(order.at(-1)).toBe('hostile');
    expect(refused.status).toBe(422);
    expect((await failure(refused)).error).toBe('request_unverifiable');
  });

  it('answers a 2 KB name on the token-less catalog page and a 100 KB token with envelopes, not bare errors', async () => {
    const page = await fetch(`${url}/catalog/${'n'.repeat(2100)}`);
    expect(page.status).toBe(400);
    expect((await failure(page)).messages[0]).toMatch(/^ISSUE: The shortname in the path is 2100 characters long/);
    const res = await fetch(`${url}/functions/v1/e2e-victim`, { headers: { svcwt: 'a'.repeat(100 * 1024) } });
    expect(res.status).toBe(401);
    expect((await failure(res)).messages[0]).toMatch(/^ISSUE: The access token is 102400 characters long/);
  });
});
