// What Powertools' Tracer (lib/aws/tracing.ts) costs a Lambda that does not trace: the health
// handler's bundle built with serverless.yml's esbuild options, as deployed, against the same bundle
// with the tracer package replaced by an empty class, in the same run: bytes, and the cold import in a
// fresh `node` (the tracer is imported only when tracing is on, so only its parse should show).
// Run: npm run bench -- tracer
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadServerless, PROJECT_ROOT } from '../local/serverless-config';
import { bundle, coldImportMs, type EsbuildOptions } from './bundles';

const OUT = join(PROJECT_ROOT, '.tmp', 'bench-tracer');
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const stub = join(OUT, 'no-tracer.mjs');
writeFileSync(stub, 'export class Tracer { captureAWSv3Client(client) { return client; } }\n');

const opts = (loadServerless() as unknown as { custom: { esbuild: EsbuildOptions } }).custom.esbuild;
const entry = join(PROJECT_ROOT, 'handlers', 'http', 'health.ts');
const withTracer = await bundle(opts, entry, join(OUT, 'with-tracer.mjs'));
const without = await bundle(
  { ...opts, alias: { ...opts.alias, '@aws-lambda-powertools/tracer': stub } },
  entry,
  join(OUT, 'without-tracer.mjs'),
);
// Alternating rounds, so a busy machine weighs on both alike.
const times = { with: [] as number[], without: [] as number[] };
for (let round = 0; round < 5; round++) {
  times.with.push(coldImportMs(withTracer));
  times.without.push(coldImportMs(without));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const [a, b] = [median(times.with), median(times.without)];
const [sa, sb] = [statSync(withTracer).size, statSync(without).size];
console.log(`health handler bundle, tracer off (not in a traced Lambda):`);
console.log(`  without the tracer (baseline): ${(sb / 1024).toFixed(0)} KiB, cold import p50 ${b.toFixed(1)} ms`);
console.log(
  `  with the tracer:               ${(sa / 1024).toFixed(0)} KiB (×${(sa / sb).toFixed(3)}), cold import p50 ${a.toFixed(1)} ms (×${(a / b).toFixed(3)})`,
);
