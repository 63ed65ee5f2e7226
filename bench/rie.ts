// Cold starts of the packaged Lambdas under AWS's Runtime Interface Emulator (tests/support/lambda-rie.ts),
// one per kind of Lambda, against a hello-world handler bundled the same way (esbuild with serverless.yml's
// settings, zipped) in the same run. Each start is fresh (a new sandbox and runtime); per kind the median of
// RUNS starts of:
//   init         the RIE's `Init Duration`: the runtime client loading the handler's module
//   first event  wall time of the first invocation, from the POST to the reply (init included)
// Every first event does its real work against the in-process emulators (DynamoDB, S3, SQS, SSM).
//   npm run bench -- rie      (FNQ_BENCH_RIE_RUNS=7 starts per kind; FNQ_BENCH_PACKAGE_DIR=<dir> reuses a package)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { issueToken } from '../lib/http/token';
import { startEmulators } from '../local/emulators';
import { PROJECT_ROOT } from '../local/serverless-config';
import { packageService } from '../local/serverless-package';
import { toSqsEvent } from '../local/queue-poller';
import { apiEvent } from '../tests/support/api-event';
import { startFakeSsm } from '../tests/support/fake-ssm';
import { runUnderRie, type RieLambda } from '../tests/support/lambda-rie';
import { runPackagedLambda } from '../tests/support/packaged-lambda-env';
import { SECRET_PARAMETER, type Packaged } from '../tests/support/packaged-service';
import { percentile } from './stats';

const RUNS = Number(process.env.FNQ_BENCH_RIE_RUNS ?? 7);
const SECRET = 'rie-bench-secret-0123456789-abcdefghijkl';

mkdirSync(join(PROJECT_ROOT, '.tmp'), { recursive: true });
const work = mkdtempSync(join(PROJECT_ROOT, '.tmp', 'bench-rie-'));

/** A hello-world handler through the same esbuild settings as the service's bundles, zipped. */
async function helloZip(): Promise<string> {
  const src = join(work, 'hello.ts');
  writeFileSync(src, "export const handler = async () => ({ statusCode: 200, body: 'hello' });\n");
  await build({
    entryPoints: [src],
    outfile: join(work, 'hello', 'hello.mjs'),
    bundle: true,
    minify: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  execFileSync('zip', ['-q', '-j', join(work, 'hello.zip'), join(work, 'hello', 'hello.mjs')]);
  return join(work, 'hello.zip');
}

// FNQ_BENCH_PACKAGE_DIR reuses a `serverless package` output of the same commit (packaging takes minutes).
const packageDir = process.env.FNQ_BENCH_PACKAGE_DIR ?? join(work, 'package');
if (!process.env.FNQ_BENCH_PACKAGE_DIR) {
  console.log(`packaging the service (serverless package) …`);
  packageService({ outDir: packageDir, env: { FNQ_JWT_SECRET_PARAMETER: SECRET_PARAMETER } });
}
const pkg: Packaged = {
  dir: packageDir,
  template: JSON.parse(readFileSync(join(packageDir, 'cloudformation-template-update-stack.json'), 'utf8')),
  remove: () => undefined,
};
const emulators = await startEmulators({ stage: 'ci' });
const ssm = await startFakeSsm({ [SECRET_PARAMETER]: SECRET });
const local = { emulators, ssmUrl: ssm.url, lambdaUrl: ssm.url /* no hosted function is deployed here */ };
const token = await issueToken({ secret: SECRET, account: 'acct-bench', level: 'pro', ttlSeconds: 3600 });
const hello = await helloZip();

const scheduled = { version: '0', 'detail-type': 'Scheduled Event', source: 'aws.events', detail: {} };
const badJob = [{ MessageId: 'm1', ReceiptHandle: 'r1', Body: '{"not":"a job"}', Attributes: {}, MD5OfBody: '' }];
const missingDeployment = [{ ...badJob[0]!, Body: '{"deploymentId":"no-such-deployment"}' }];
const kinds: { kind: string; start: () => Promise<RieLambda>; event: unknown }[] = [
  {
    kind: 'hello world (baseline)',
    start: () => runUnderRie({ code: hello, handler: 'hello.handler', runtime: 'nodejs' }),
    event: apiEvent({ path: '/' }),
  },
  { kind: 'HTTP: health', start: () => runPackagedLambda(pkg, 'health', local), event: apiEvent({ path: '/health' }) },
  {
    kind: 'HTTP + DynamoDB: uploadStatus',
    start: () => runPackagedLambda(pkg, 'uploadStatus', local),
    event: apiEvent({ path: '/embedder-service/v1/status', query: { upload_id: 'missing' }, token }),
  },
  {
    kind: 'HTTP + LanceDB: queryVectordb',
    start: () => runPackagedLambda(pkg, 'queryVectordb', local),
    event: apiEvent({
      method: 'POST',
      path: '/query-service/v1/vectordb',
      body: { query: 'anything there?', collection_name: 'empty' },
      token,
    }),
  },
  {
    kind: 'SQS: embedWorker',
    start: () => runPackagedLambda(pkg, 'embedWorker', local),
    event: toSqsEvent(badJob, 'arn:aws:sqs:us-east-1:123456789012:fnquery-ci-jobs', 'us-east-1'),
  },
  {
    // A deployment that is not stored: the worker reads the record (S3) and reports the message as failed.
    kind: 'SQS: buildWorker',
    start: () => runPackagedLambda(pkg, 'buildWorker', local),
    event: toSqsEvent(missingDeployment, 'arn:aws:sqs:us-east-1:123456789012:fnquery-ci-builds', 'us-east-1'),
  },
  { kind: 'schedule: ingestSweep', start: () => runPackagedLambda(pkg, 'ingestSweep', local), event: scheduled },
];

const rows: { kind: string; init: number; first: number }[] = [];
for (const { kind, start, event } of kinds) {
  const inits: number[] = [];
  const firsts: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const lambda = await start();
    try {
      const t = performance.now();
      const reply = await lambda.invoke(event);
      firsts.push(performance.now() - t);
      if (reply.functionError) throw new Error(`${kind}: ${JSON.stringify(reply.payload)}`);
      inits.push(lambda.initDurationsMs()[0] ?? NaN);
    } finally {
      await lambda.stop();
    }
  }
  const median = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  rows.push({ kind, init: median(inits), first: median(firsts) });
}

const base = rows[0]!;
console.log(
  `\nmedian of ${RUNS} fresh starts per kind under aws-lambda-rie + aws-lambda-ric (Node ${process.version})`,
);
console.log(
  'kind'.padEnd(34),
  'init ms'.padStart(9),
  '×hello'.padStart(7),
  'first event ms'.padStart(15),
  '×hello'.padStart(7),
);
for (const r of rows) {
  console.log(
    r.kind.padEnd(34),
    r.init.toFixed(1).padStart(9),
    (r.init / base.init).toFixed(2).padStart(7),
    r.first.toFixed(1).padStart(15),
    (r.first / base.first).toFixed(2).padStart(7),
  );
}
await ssm.stop();
await emulators.stop();
rmSync(work, { recursive: true, force: true });
