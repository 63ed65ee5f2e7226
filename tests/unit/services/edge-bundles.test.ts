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

interface Fn {
  handler: string;
  events?: { httpApi?: unknown }[];
}

async function edges(): Promise<Map<string, Set<string>>> {
  const doc = loadServerless() as unknown as {
    functions: Record<string, Fn>;
    custom: { esbuild: { target: string; exclude: string[]; alias: Record<string, string> } };
  };
  const http = Object.entries(doc.functions).filter(([, fn]) => fn.events?.some((e) => e.httpApi));
  const opts = doc.custom.esbuild;
  const { metafile } = await build({
    entryPoints: Object.fromEntries(
      http.map(([name, fn]) => [name, join(PROJECT_ROOT, `${fn.handler.slice(0, fn.handler.lastIndexOf('.'))}.ts`)]),
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
  const result = new Map<string, Set<string>>();
  for (const [name] of http) {
    const entry = Object.keys(outputs).find((o) => relative(join('.tmp', 'edge-bundles'), o) === `${name}.js`)!;
    const files = new Set<string>();
    const visit = (o: string) => {
      if (files.has(o)) return;
      files.add(o);
      for (const i of outputs[o]!.imports) if (i.kind === 'import-statement' && outputs[i.path]) visit(i.path);
    };
    visit(entry);
    result.set(name, new Set([...files].flatMap((o) => Object.keys(outputs[o]!.inputs))));
  }
  return result;
}

describe('the edge of every HTTP Lambda', () => {
  it('carries none of the heavy parts: each loads on the first request that uses it', async () => {
    const found = await edges();
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
});
