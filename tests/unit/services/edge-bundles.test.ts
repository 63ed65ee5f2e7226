// What a cold start parses before its first answer: each HTTP Lambda's entry chunk and the chunks it
// imports statically, bundled as packaging bundles them (serverless.yml's esbuild settings, split at
// import()). A refused request (401) or a bad one (400) is answered from that edge alone, so none of the
// heavy parts may be in it: each is imported on the first request that uses it (lib/services/lazy.ts,
// handlers/http/after-auth/). A static import anywhere on the edge's path would put its cost back on every
// cold start; `npm run bench -- cold-start` measures the edge.
import { build, type Metafile } from 'esbuild';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import esbuildPlugins from '../../../esbuild-plugins.mjs';
import { loadServerless, PROJECT_ROOT } from '../../../local/serverless-config';
import { once } from '../../../lib/once';

const HEAVY: Record<string, RegExp> = {
  'the AWS SDK': /node_modules\/(@aws-sdk|@smithy)\//,
  // Bundled into the chunk of the first collection request, with the Arrow library it reads rows with.
  'LanceDB and apache-arrow': /node_modules\/(@lancedb|apache-arrow|flatbuffers)\//,
  'the MongoDB driver': /node_modules\/mongodb\//,
  'the SQL driver and parser': /node_modules\/(mysql2|node-sql-parser)\//,
  'the MCP SDK': /node_modules\/@modelcontextprotocol\//,
  'the OpenAI client': /node_modules\/openai\//,
  // Its text tools (tokenizer, words) are shared with catalog search; the engine itself must not be on an edge.
  'the heuristic engine': /^packages\/heuristic-engine\/(?!src\/(words|text)\.ts$)/,
  Ajv: /node_modules\/ajv\//,
  // Linear-time patterns: loaded with the first generated validator that has a pattern, after auth.
  'the regex engine': /node_modules\/re2js\//,
  // The spec validation worker's source (about 300 KB of text), needed by a deploy or an invocation only.
  'the spec validation worker': /^lib\/spec\/generated\/validation-worker/,
};

// The SDK's default credential chain beyond the environment (serverless.yml's alias to
// lib/aws/bundle/env-credentials.ts): on Lambda the role's credentials are in the environment, so none of it
// may load with an SDK client. (The MongoDB driver's optional AWS authentication still bundles
// @aws-sdk/credential-providers, in the driver's chunks only.) And the SDK as ES modules
// (esbuild-plugins.mjs): a CommonJS SDK package keeps every command and protocol and turns the chain's lazy
// imports into static ones.
const CREDENTIAL_CHAIN =
  /node_modules\/@aws-sdk\/(credential-provider-(?!env\/)[^/]+|nested-clients|token-providers)\//;
const SDK_AS_COMMONJS = /node_modules\/(@aws-sdk|@smithy)\/[^/]+\/dist-cjs\//;

interface Fn {
  handler: string;
  events?: { httpApi?: unknown }[];
}

interface Bundles {
  /** Per HTTP Lambda, the sources of its edge. */
  edges: Map<string, Set<string>>;
  /** The sources of what an SDK client's first request loads: every chunk with a client, and its static imports. */
  sdkClients: Set<string>;
  /** The sources of every output of every Lambda. */
  all: Set<string>;
}

async function bundles(): Promise<Bundles> {
  const doc = loadServerless() as unknown as {
    functions: Record<string, Fn>;
    custom: { esbuild: { target: string; exclude: string[]; alias: Record<string, string> } };
  };
  const all = Object.entries(doc.functions);
  const http = all.filter(([, fn]) => fn.events?.some((e) => e.httpApi));
  const opts = doc.custom.esbuild;
  const { metafile } = await build({
    entryPoints: Object.fromEntries(
      all.map(([name, fn]) => [name, join(PROJECT_ROOT, `${fn.handler.slice(0, fn.handler.lastIndexOf('.'))}.ts`)]),
    ),
    outdir: join(PROJECT_ROOT, '.tmp', 'edge-bundles'),
    write: false,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: opts.target,
    external: opts.exclude,
    alias: opts.alias,
    plugins: esbuildPlugins,
    metafile: true,
    logLevel: 'error',
  });
  const outputs: Metafile['outputs'] = metafile.outputs;
  /** The sources of `starts` and of every chunk they import statically: what loading them evaluates. */
  const loadedWith = (starts: string[]) => {
    const files = new Set<string>();
    const visit = (o: string) => {
      if (files.has(o)) return;
      files.add(o);
      for (const i of outputs[o]!.imports) if (i.kind === 'import-statement' && outputs[i.path]) visit(i.path);
    };
    starts.forEach(visit);
    return new Set([...files].flatMap((o) => Object.keys(outputs[o]!.inputs)));
  };
  const edges = new Map<string, Set<string>>();
  for (const [name] of http) {
    const entry = Object.keys(outputs).find((o) => relative(join('.tmp', 'edge-bundles'), o) === `${name}.js`)!;
    edges.set(name, loadedWith([entry]));
  }
  const withClient = Object.keys(outputs).filter((o) =>
    Object.keys(outputs[o]!.inputs).some((i) => i.startsWith('node_modules/@aws-sdk/client-')),
  );
  return {
    edges,
    sdkClients: loadedWith(withClient),
    all: new Set(Object.values(outputs).flatMap((o) => Object.keys(o.inputs))),
  };
}

// One build for both checks.
const built = once(bundles);

describe('the edge of every HTTP Lambda', () => {
  it('carries none of the heavy parts: each loads on the first request that uses it', async () => {
    const found = (await built()).edges;
    expect(found.size).toBeGreaterThan(25);
    const offences: string[] = [];
    for (const [name, inputs] of found) {
      for (const [what, pattern] of Object.entries(HEAVY)) {
        const hit = [...inputs].find((i) => pattern.test(i));
        if (hit) offences.push(`${name}: ${what} (${hit})`);
      }
    }
    expect(offences).toEqual([]);
    // The check itself: the answering code is in the bundle, only not on the edge.
    expect([...found.get('queryRdbms')!].some((i) => HEAVY['the SQL driver and parser']!.test(i))).toBe(false);
    expect([...found.get('health')!].some((i) => i.startsWith('lib/http/'))).toBe(true);
  }, 120_000);

  it('loads no credential source but the environment with an SDK client, and the SDK only as ES modules', async () => {
    const { sdkClients, all } = await built();
    const offences = [
      ...[...sdkClients].filter((i) => CREDENTIAL_CHAIN.test(i)).map((i) => `credential chain: ${i}`),
      ...[...all].filter((i) => SDK_AS_COMMONJS.test(i)).map((i) => `CommonJS: ${i}`),
    ];
    expect(offences).toEqual([]);
    // The check itself: the SDK clients are in the bundles, with the environment provider standing in.
    expect([...sdkClients].some((i) => i.startsWith('node_modules/@aws-sdk/client-dynamodb/dist-es/'))).toBe(true);
    expect(sdkClients.has('lib/aws/bundle/env-credentials.ts')).toBe(true);
  }, 120_000);
});
