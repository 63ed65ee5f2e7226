// What a user waits for on a cold start: from a fresh process to the first response of one API Gateway
// event, per HTTP Lambda, against a hello-world handler bundled the same way in the same run.
// Each Lambda's handler module is bundled with serverless.yml's esbuild settings, as packaging does;
// each sample is a new `node` that imports the bundle, calls its handler once and prints the status.
// Per Lambda, up to three events:
//   401       no token: the cheapest path, no I/O
//   400       a valid token and a bad request: auth, routing and validation, no I/O
//   real      a request that does its work against the in-process emulators (DynamoDB, S3, SQS) and,
//             for queryVectordb, LanceDB (its native module loaded on that first query)
// Each process reads the JWT secret from a loopback SSM Parameter Store on its first request, as a deployed
// stage's Lambdas do (FNQ_JWT_SECRET_PARAMETER), so that read is part of every figure but hello-world's.
// Figures: per round, each process against the hello-world started just before it; the median over RUNS
// rounds of that difference (+ms) and of that ratio (×hello), beside the plain medians.
//   npm run bench -- cold-start      (FNQ_BENCH_COLD_RUNS=7; FNQ_BENCH_COLD_ONLY=health,queryVectordb;
//                                     FNQ_BENCH_COLD_COMPARE=1 adds each bundle built as one file;
//                                     FNQ_BENCH_COLD_BEFORE=<checkout> adds each entry of another checkout,
//                                     bundled with that checkout's esbuild settings and plugins;
//                                     FNQ_BENCH_COLD_PROFILE=<dir> writes each process's CPU profile there)
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { issueToken } from '../lib/http/token';
import { startEmulators } from '../local/emulators';
import { loadServerless, PROJECT_ROOT } from '../local/serverless-config';
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { toSqsEvent } from '../local/queue-poller';
import { apiEvent, multipartBody, type EventInput } from '../tests/support/api-event';
import { startFakeSsm } from '../tests/support/fake-ssm';
import type { Plugin } from 'esbuild';
import { bundle, type Checkout, type EsbuildOptions } from './bundles';
import { percentile } from './stats';

const RUNS = Number(process.env.FNQ_BENCH_COLD_RUNS ?? 7);
const ONLY = process.env.FNQ_BENCH_COLD_ONLY?.split(',').filter(Boolean);
const COMPARE = process.env.FNQ_BENCH_COLD_COMPARE === '1';
/** A checkout of an earlier commit (e.g. a `git worktree` of main): its entries are bundled and timed beside ours. */
const BEFORE = process.env.FNQ_BENCH_COLD_BEFORE;
/** FNQ_BENCH_COLD_PROFILE=<dir>: every fresh process writes a V8 CPU profile there, for a breakdown of what it ran. */
const PROFILE_ARGS = process.env.FNQ_BENCH_COLD_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.FNQ_BENCH_COLD_PROFILE}`]
  : [];

interface Row {
  name: string;
  kind: Kind;
  expected: number;
  status: number;
  ms: number;
  /** hello-world's median in the same rounds. */
  helloMs: number;
  /** The median over rounds of (this process − the hello-world just before it), and of their ratio. */
  extraMs: number;
  ratio: number;
  oneFile?: { ms: number; extraMs: number; ratio: number };
}
const OUT = join(PROJECT_ROOT, '.tmp', 'bench-cold-start');
const SECRET = 'cold-start-bench-secret-0123456789abcdef';
const TARGET_MS = 60;
const LANCEDB_TARGET_MS = 400;
/** The collection queryVectordb's real query reads; seeded once through the upload and embed Lambdas. */
const COLLECTION = 'cold-start-notes';

type Kind = '401' | '400' | 'real';
interface Case {
  kind: Kind;
  input: EventInput;
  /** The status the event must be answered with, so each figure times the path it names. */
  status: number;
}

interface HttpEvent {
  /** A route, or '*': the catch-all route (notFound). */
  httpApi: { method: string; path: string } | '*';
}

/**
 * The events each Lambda is started with. Token-less routes have no 401 or 400 path; their real request is
 * the representative one. Lambdas with no 400 short of I/O are timed on the 401 and a real request only.
 */
function casesFor(name: string, method: string, path: string, token: string): Case[] {
  // Path parameters as API Gateway passes them: in the path and in pathParameters.
  const withParams = (value: string): EventInput => {
    const pathParams: Record<string, string> = {};
    const route = path.replace(/\{(\w+)\}/g, (_, key: string) => ((pathParams[key] = value), value));
    return { path: route, pathParams };
  };
  const m = method === '*' ? 'GET' : method;
  const base = { method: m, ...withParams('no-such-thing') };
  const unauth: Case = { kind: '401', input: base, status: 401 };
  const bad = (input: EventInput): Case => ({ kind: '400', input: { ...base, token, ...input }, status: 400 });
  const real = (status: number, input: EventInput = {}): Case => ({
    kind: 'real',
    input: { ...base, token, ...input },
    status,
  });
  switch (name) {
    case 'health':
    case 'serviceOpenApi':
    case 'catalogPage':
      return [{ kind: 'real', input: base, status: 200 }];
    case 'catalogSearch':
      return [{ kind: 'real', input: { ...base, token, query: { q: 'weather' } }, status: 200 }];
    case 'catalogFunctionPage':
    case 'catalogAssets':
    case 'notFound':
      return [{ kind: 'real', input: base, status: 404 }];
    case 'queryVectordb':
      return [
        unauth,
        bad({ body: { query: 42 } }),
        real(200, { body: { query: 'Which animals sleep in the barn?', vector_docdb_collection: COLLECTION } }),
      ];
    case 'mcp':
      return [
        { ...unauth, input: { ...unauth.input, method: 'POST' } },
        bad({ method: 'POST', body: { not: 'json-rpc' } }),
      ];
    case 'functionsDeploy':
      // The code bundle must come as a zip: a JSON body is refused (415) after auth, before any I/O.
      return [unauth, { ...bad({ body: { not: 'a zip' } }), status: 415 }];
    case 'queryRdbms':
    case 'queryFunction':
    case 'uploadUrl':
    case 'webhooksCreate':
      return [unauth, bad({ body: { not: 'this' } })];
    case 'upload':
      return [unauth, bad({ body: 'not multipart', headers: { 'content-type': 'text/plain' } })];
    case 'uploadStatus':
      return [unauth, bad({ query: {} }), real(404, { query: { upload_id: 'missing' } })];
    case 'functionsExists':
      // Any name gets an answer (a malformed one is simply not available).
      return [unauth, real(200)];
    case 'functionsList':
    case 'collectionsList':
    case 'webhooksList':
    case 'usage':
      return [unauth, real(200)];
    case 'deploymentsGet':
      return [unauth, real(404)];
    default:
      // Routes of one thing by name or id: no refusal short of reading it; the real request finds none.
      return [unauth, real(404)];
  }
}

/** The runner each fresh process executes: import the bundle, answer one event, print the status. */
const RUNNER = `
const [bundle, eventJson] = process.argv.slice(1);
const { handler } = await import(bundle);
const context = {
  callbackWaitsForEmptyEventLoop: false, functionName: 'bench', functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:bench', memoryLimitInMB: '1024',
  awsRequestId: 'bench', logGroupName: 'bench', logStreamName: 'bench',
  getRemainingTimeInMillis: () => 29000,
};
const result = await handler(JSON.parse(eventJson), context);
process.stdout.write('STATUS ' + (result?.statusCode ?? 0) + '\\n');
process.exit(0);
`;

/** Wall time from spawning a fresh node to the runner's line with the handler's status. */
function firstResponse(file: string, event: unknown, env: NodeJS.ProcessEnv): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [...PROFILE_ARGS, '--input-type=module', '-e', RUNNER, file, JSON.stringify(event)],
      {
        env,
        cwd: PROJECT_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    let done = false;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /STATUS (\d+)/.exec(out);
      if (m && !done) {
        done = true;
        resolve({ ms: performance.now() - started, status: Number(m[1]) });
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => {
      if (!done) reject(new Error(`${file} exited ${code} without an answer:\n${err.slice(-2000)}`));
    });
  });
}

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

/**
 * RUNS rounds of fresh processes, each round hello-world first and then every bundle in `files` on the same
 * event, so the baseline is measured beside each figure: on a shared machine the load drifts within a run.
 */
async function interleaved(hello: string, files: string[], event: unknown, env: NodeJS.ProcessEnv) {
  const helloEvent = apiEvent({ path: '/' });
  const base: number[] = [];
  const samples = files.map(() => [] as number[]);
  const statuses = files.map(() => 0);
  for (let i = 0; i < RUNS; i++) {
    base.push((await firstResponse(hello, helloEvent, env)).ms);
    for (const [k, file] of files.entries()) {
      const r = await firstResponse(file, event, env);
      samples[k]!.push(r.ms);
      statuses[k] = r.status;
    }
  }
  // Paired per round: the load drifts between rounds more than between two processes of one round.
  return {
    helloMs: median(base),
    results: samples.map((xs, k) => ({
      ms: median(xs),
      extraMs: median(xs.map((x, i) => x - base[i]!)),
      ratio: median(xs.map((x, i) => x / base[i]!)),
      status: statuses[k]!,
    })),
  };
}

type Functions = Record<string, { handler: string; events?: Partial<HttpEvent>[] }>;

const entryOf = (fn: { handler: string }) =>
  join(PROJECT_ROOT, `${fn.handler.slice(0, fn.handler.lastIndexOf('.'))}.ts`);

/** One small document in COLLECTION, uploaded and embedded by the bundled Lambdas themselves. */
async function seedCollection(
  doc: { functions: Functions; custom: { esbuild: EsbuildOptions } },
  env: NodeJS.ProcessEnv,
  token: string,
  queueUrl: string,
) {
  const text = 'The goats and the two donkeys sleep in the barn; the hens have a coop by the orchard.';
  const { body, contentType } = await multipartBody([
    { field: 'file', filename: 'animals.txt', bytes: Buffer.from(text) },
  ]);
  const upload = await bundle(doc.custom.esbuild, entryOf(doc.functions.upload!), join(OUT, 'seed-upload.mjs'));
  const event = apiEvent({
    method: 'POST',
    path: '/embedder-service/v1/upload',
    query: { collection_name: COLLECTION },
    headers: { 'content-type': contentType },
    body,
    token,
  });
  const accepted = await firstResponse(upload, event, env);
  if (accepted.status !== 202) throw new Error(`seeding: the upload was answered ${accepted.status}`);
  const sqs = new SQSClient({
    region: 'us-east-1',
    endpoint: env.FNQ_SQS_ENDPOINT,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const { Messages = [] } = await sqs.send(
    new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 5 }),
  );
  if (!Messages.length) throw new Error('seeding: the upload queued no job');
  const worker = await bundle(doc.custom.esbuild, entryOf(doc.functions.embedWorker!), join(OUT, 'seed-embed.mjs'));
  await firstResponse(
    worker,
    toSqsEvent(Messages, 'arn:aws:sqs:us-east-1:123456789012:fnquery-ci-jobs', 'us-east-1'),
    env,
  );
  sqs.destroy();
}

/**
 * How another checkout bundles: its serverless.yml's esbuild settings and its plugins, its aliases resolved in
 * its folder, so a "before" figure carries that commit's build settings as well as its sources.
 */
async function bundlingOf(root: string): Promise<{ esbuild: EsbuildOptions; checkout: Checkout }> {
  const theirs = loadServerless(root) as unknown as { custom: { esbuild: EsbuildOptions } };
  const plugins = ((await import(join(root, 'esbuild-plugins.mjs'))) as { default: Plugin[] }).default;
  return { esbuild: theirs.custom.esbuild, checkout: { root, plugins } };
}

export async function run() {
  const doc = loadServerless() as unknown as {
    functions: Functions;
    custom: { esbuild: EsbuildOptions };
  };
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });

  const emulators = await startEmulators({ stage: 'ci' });
  const SECRET_PARAMETER = '/fnquery/ci/jwt-secret';
  const ssm = await startFakeSsm({ [SECRET_PARAMETER]: SECRET });
  try {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_LAMBDA_FUNCTION_NAME: 'bench',
      FNQ_STAGE: 'ci',
      FNQ_LOG_LEVEL: 'error',
      ...emulators.env,
      FNQ_JWT_SECRET_PARAMETER: SECRET_PARAMETER,
      FNQ_SSM_ENDPOINT: ssm.url,
      FNQ_LANCE_URI: join(OUT, 'lance'),
    };
    const token = await issueToken({ secret: SECRET, account: 'acct-cold', level: 'pro', ttlSeconds: 3600 });

    const helloSource = join(OUT, 'hello.ts');
    writeFileSync(helloSource, "export const handler = async () => ({ statusCode: 200, body: 'hello' });\n");
    const hello = await bundle(doc.custom.esbuild, helloSource, join(OUT, 'hello.mjs'));

    await seedCollection(doc, env, token, emulators.queueUrl);
    const before = BEFORE ? await bundlingOf(BEFORE) : undefined;
    const rows: Row[] = [];
    for (const [name, fn] of Object.entries(doc.functions)) {
      const http = fn.events?.find((e): e is HttpEvent => Boolean(e.httpApi));
      if (!http || (ONLY && !ONLY.includes(name))) continue;
      const file = await bundle(doc.custom.esbuild, entryOf(fn), join(OUT, `${name}.mjs`));
      // The same entry from another checkout (FNQ_BENCH_COLD_BEFORE), or as one file (FNQ_BENCH_COLD_COMPARE=1).
      const files = before
        ? [
            file,
            await bundle(
              before.esbuild,
              join(BEFORE!, relative(PROJECT_ROOT, entryOf(fn))),
              join(OUT, 'before', `${name}.mjs`),
              before.checkout,
            ),
          ]
        : COMPARE
          ? [
              file,
              await bundle(
                { ...doc.custom.esbuild, splitting: false },
                entryOf(fn),
                join(OUT, 'one-file', `${name}.mjs`),
              ),
            ]
          : [file];
      const route = http.httpApi === '*' ? { method: 'GET', path: '/no-such-route' } : http.httpApi;
      for (const c of casesFor(name, route.method, route.path, token)) {
        const { helloMs, results } = await interleaved(hello, files, apiEvent(c.input), env);
        const [split, oneFile] = results;
        rows.push({ name, kind: c.kind, expected: c.status, helloMs, ...split!, oneFile });
      }
    }
    return { rows };
  } finally {
    await ssm.stop();
    await emulators.stop();
    rmSync(OUT, { recursive: true, force: true });
  }
}

export function print(f: Awaited<ReturnType<typeof run>>) {
  console.log(
    `First response of a fresh process, per HTTP Lambda (median of ${RUNS}, each round hello-world first; Node ${process.version})`,
  );
  console.log(
    `  targets: +${TARGET_MS} ms over hello-world; queryVectordb's real query (LanceDB) +${LANCEDB_TARGET_MS} ms${BEFORE ? `; "before": the same entry from ${BEFORE}` : COMPARE ? '; "one file": the same entry bundled without splitting' : ''}`,
  );
  let over = 0;
  let mismatched = 0;
  for (const r of f.rows) {
    const extra = r.extraMs;
    const target = r.name === 'queryVectordb' && r.kind === 'real' ? LANCEDB_TARGET_MS : TARGET_MS;
    // A status other than the case's means the figure timed another path than the one it names.
    const wrong = r.status !== r.expected ? `  (answered ${r.status}, expected ${r.expected})` : '';
    if (wrong) mismatched++;
    if (extra > target) over++;
    const oneFile =
      r.oneFile === undefined
        ? ''
        : `  | ${BEFORE ? 'before' : 'one file'} ${r.oneFile.ms.toFixed(0).padStart(5)} ms +${r.oneFile.extraMs.toFixed(0).padStart(4)} ms ×${r.oneFile.ratio.toFixed(2)}`;
    console.log(
      `  ${r.name.padEnd(20)} ${r.kind.padEnd(4)} ${String(r.status).padStart(3)}  hello ${r.helloMs.toFixed(0).padStart(4)} ms  ${r.ms.toFixed(0).padStart(5)} ms +${extra.toFixed(0).padStart(4)} ms ×${r.ratio.toFixed(2)}${extra > target ? ` (over +${target})` : ''}${oneFile}${wrong}`,
    );
  }
  console.log(`  ${over} of ${f.rows.length} over target`);
  if (mismatched) {
    console.error(`${mismatched} case(s) answered another status than expected`);
    process.exitCode = 1;
  }
}

print(await run());
