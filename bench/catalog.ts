// Catalog search at 10,000 functions: p50/p99 of one search page (index lookup, ranking, paging)
// against a plain scan of every function (lower-cased substring tests, sort, page) in the same run.
// The functions are real ones when ../shared/data/bfcl is present (BFCL's function names and
// descriptions, repeated under numbered shortnames up to 10,000), otherwise generated; the queries
// are words of those descriptions, whole or half-typed, and tag filters.
// Then the refresh of a warm catalog against the DynamoDB emulator holding those 10,000 functions: the
// old way (a Scan of the whole functions table, definitions included, every 10 s) against the new
// (one GetItem of the revision while nothing changed; a Query of the sparse catalog index when it did).
// Last, MCP's tools/list over the same table: a Scan per call against the registry's snapshot.
// Run: npm run bench -- catalog
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BatchWriteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, sdkDocuments } from '../lib/aws/dynamo-client';
import { DynamoCatalogSource } from '../lib/aws/dynamo-catalog-source';
import { CATALOG_REVISION_KEY, DynamoFunctionRegistry, registryItem } from '../lib/aws/dynamo-function-registry';
import { scanAll } from '../lib/aws/dynamo-pages';
import type { CatalogEntry } from '../lib/functions/catalog-entry';
import type { FunctionRecord } from '../lib/functions/ports';
import { loadConfig } from '../lib/config';
import { startEmulators } from '../local/emulators';
import { CATALOG_TTL_MS } from '../lib/catalog/catalog';
import { catalogPage } from '../lib/catalog/page';
import { CatalogIndex, byCodeUnits } from '../lib/catalog/search';
import { PROJECT_ROOT } from '../local/serverless-config';
import { ms, time } from './stats';

const SIZE = 10_000;
const QUERIES = 300;
const BFCL = join(PROJECT_ROOT, '..', 'shared', 'data', 'bfcl');
const TAGS = ['math', 'finance', 'geo', 'text', 'media', 'science', 'sports', 'travel', 'health', 'data'];

/** Deterministic, so two runs search the same catalog with the same queries. */
function rng(seed: number) {
  let s = seed;
  return () => (s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
}

function realFunctions(): { name: string; description: string }[] {
  if (!existsSync(BFCL)) return [];
  const seen = new Map<string, string>();
  for (const file of [
    'BFCL_v4_simple_python.json',
    'BFCL_v4_multiple.json',
    'BFCL_v4_parallel.json',
    'BFCL_v4_parallel_multiple.json',
  ]) {
    for (const line of readFileSync(join(BFCL, file), 'utf8').split('\n').filter(Boolean)) {
      for (const fn of (JSON.parse(line) as { function: { name: string; description: string }[] }).function)
        seen.set(fn.name, fn.description);
    }
  }
  return [...seen].map(([name, description]) => ({ name, description }));
}

function generatedFunctions(random: () => number): { name: string; description: string }[] {
  const syllables = ['ra', 'to', 'mi', 'ken', 'sol', 'ba', 'der', 'lu', 'pha', 'gri', 'no', 'vel'];
  const word = () =>
    Array.from({ length: 2 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * syllables.length)]).join(
      '',
    );
  return Array.from({ length: 1500 }, () => ({
    name: `${word()}_${word()}`,
    description: Array.from({ length: 12 }, word).join(' '),
  }));
}

const random = rng(17);
const base = realFunctions();
const source = base.length ? base : generatedFunctions(random);
const entries: CatalogEntry[] = Array.from({ length: SIZE }, (_, i) => {
  const fn = source[i % source.length]!;
  return {
    shortname: `${fn.name.replace(/[^A-Za-z0-9_-]+/g, '-')}-${i}`,
    name: fn.name,
    description: fn.description,
    tags: [TAGS[i % TAGS.length]!, ...(i % 3 === 0 ? [TAGS[(i + 3) % TAGS.length]!] : [])],
    runtime: i % 2 ? 'nodejs22' : 'python312',
    method: 'POST',
    path: `/functions/v1/${fn.name}-${i}`,
    updated: new Date(0).toISOString(),
  };
});

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 3);
const queries = Array.from({ length: QUERIES }, (_, i) => {
  const e = entries[Math.floor(random() * entries.length)]!;
  const ws = words(e.description);
  const a = ws[Math.floor(random() * ws.length)] ?? 'data';
  const b = ws[Math.floor(random() * ws.length)] ?? 'value';
  // A third each: one word, two words, two words with the second half-typed; every fifth with a tag.
  const q = i % 3 === 0 ? a : i % 3 === 1 ? `${a} ${b}` : `${a} ${b.slice(0, Math.ceil(b.length / 2))}`;
  return { q, tags: i % 5 === 0 ? [TAGS[i % TAGS.length]!] : undefined };
});

/** The baseline: no index — every function's text tested for every query word. */
function plainScan(query: { q: string; tags?: string[] }, limit: number): CatalogEntry[] {
  const qs = query.q.toLowerCase().split(/\s+/).filter(Boolean);
  const hits = entries.filter((e) => {
    if (query.tags && !query.tags.every((t) => e.tags.includes(t))) return false;
    const text = `${e.name} ${e.shortname} ${e.description} ${e.tags.join(' ')}`.toLowerCase();
    return qs.every((w) => text.includes(w));
  });
  return hits.sort((x, y) => byCodeUnits(x.shortname, y.shortname)).slice(0, limit);
}

const buildStarted = performance.now();
const index = new CatalogIndex(entries);
const buildMs = performance.now() - buildStarted;

let q = 0;
const next = () => queries[q++ % queries.length]!;
const indexed = await time(() => catalogPage(index, { ...next(), limit: 20 }), 1500, 100);
q = 0;
const scanned = await time(() => plainScan(next(), 20), 600, 30);
const matches = queries.map((x) => index.search(x).length).sort((a, b) => a - b);

console.log(
  `catalog: ${SIZE} functions (${base.length ? `${base.length} distinct BFCL functions, repeated` : 'generated; ../shared/data/bfcl not found'}), ${QUERIES} queries, median ${matches[matches.length >> 1]} matches`,
);
console.log(`index build: ${ms(buildMs)} (once per warm Lambda and catalog change)`);
console.log(`search page (index):  p50 ${ms(indexed.p50)}  p99 ${ms(indexed.p99)}`);
console.log(`plain scan (baseline): p50 ${ms(scanned.p50)}  p99 ${ms(scanned.p99)}`);
console.log(
  `ratio p50 index/scan: ${(indexed.p50 / scanned.p50).toFixed(3)} (${(scanned.p50 / indexed.p50).toFixed(1)}× faster)`,
);

// The refresh, against the emulator. Each function's stored definition is a modest spec: its
// description and a small input and output schema (real ones are often larger, which favours the index more).
const emulators = await startEmulators({ stage: 'bench-catalog' });
try {
  const config = loadConfig({ ...emulators.env, FNQ_JWT_SECRET: 'x'.repeat(32), FNQ_LANCE_URI: '/tmp/x' });
  const db = dynamoClient(config.aws);
  const docs = sdkDocuments(db);
  const table = config.aws.tables.functions;
  const schema = (words: string) => ({
    type: 'object',
    properties: Object.fromEntries(
      words
        .split(' ')
        .slice(0, 6)
        .map((w, i) => [`field_${i}`, { type: 'string', description: `The ${w} to use` }]),
    ),
  });
  for (let i = 0; i < entries.length; i += 25) {
    const items = entries.slice(i, i + 25).map((e, j) => {
      const spec = {
        name: e.name,
        description: e.description,
        tags: e.tags,
        input: schema(e.description),
        output: schema(e.name),
      };
      const record = {
        shortname: e.shortname,
        owner: `owner-${(i + j) % 50}`,
        version: 1,
        runtime: e.runtime,
        spec,
        codeKey: 'k',
        codeBytes: 1,
        codeSha256: '0'.repeat(64),
        createdAt: 0,
        updatedAt: 0,
      };
      return { PutRequest: { Item: registryItem(record as unknown as FunctionRecord, e) } };
    });
    await db.send(new BatchWriteCommand({ RequestItems: { [table]: items } }));
  }
  const bump = () =>
    db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table,
              Key: CATALOG_REVISION_KEY,
              UpdateExpression: 'ADD revision :one',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      }),
    );
  await bump();
  const source = new DynamoCatalogSource(docs, table);
  let scannedBytes = 0;
  let indexBytes = 0;
  const scanRefresh = await time(
    async () => {
      const items = await scanAll(docs, { TableName: table });
      scannedBytes = Buffer.byteLength(JSON.stringify(items));
      return new CatalogIndex(
        items
          .filter((it) => String(it.pk).startsWith('fn#'))
          .map((it) => JSON.parse(String(it.catalogEntry)) as CatalogEntry),
      );
    },
    5,
    1,
  );
  const revisionCheck = await time(() => source.revision(), 200, 20);
  const indexRebuild = await time(
    async () => {
      const got = await source.entries();
      indexBytes = Buffer.byteLength(JSON.stringify(got));
      return new CatalogIndex(got);
    },
    5,
    1,
  );
  const revisionBytes = Buffer.byteLength(JSON.stringify({ revision: await source.revision() }));
  console.log(`refresh at ${SIZE} functions on the DynamoDB emulator (dynalite), per warm Lambda:`);
  console.log(
    `  before, Scan every ${CATALOG_TTL_MS / 1000} s: p50 ${ms(scanRefresh.p50)}, ${(scannedBytes / 2 ** 20).toFixed(1)} MiB read`,
  );
  console.log(
    `  after, nothing changed (GetItem of the revision): p50 ${ms(revisionCheck.p50)}, ${revisionBytes} bytes read (ratio ${(revisionCheck.p50 / scanRefresh.p50).toFixed(4)})`,
  );
  console.log(
    `  after, something changed (Query of the catalog index): p50 ${ms(indexRebuild.p50)}, ${(indexBytes / 2 ** 20).toFixed(1)} MiB read (ratio ${(indexRebuild.p50 / scanRefresh.p50).toFixed(3)})`,
  );

  // MCP's tools/list reads every function with its definition. Before: a Scan of the table on
  // every call. After: the registry's snapshot (dynamo-function-snapshot.ts).
  const oldListAll = async () =>
    (
      await scanAll(docs, {
        TableName: table,
        FilterExpression: 'begins_with(pk, :fn)',
        ExpressionAttributeValues: { ':fn': 'fn#' },
      })
    ).map((it) => JSON.parse(String(it.specJson)) as unknown).length;
  const entryOf = new Map(entries.map((e) => [e.shortname, e]));
  const toEntry = (r: FunctionRecord) => ({
    ...entryOf.get(r.shortname)!,
    updated: new Date(r.updatedAt).toISOString(),
  });
  const scanList = await time(oldListAll, 5, 1);
  const coldList = await time(() => new DynamoFunctionRegistry(docs, table, toEntry).listAll(), 5, 1);
  const warm = new DynamoFunctionRegistry(docs, table, toEntry);
  await warm.listAll();
  const unchangedList = await time(() => warm.listAll(), 200, 20);
  let redeploys = 0;
  const changedList = await time(
    async () => {
      const current = (await warm.get(entries[redeploys % 100]!.shortname))!;
      redeploys++;
      await warm.register(
        { ...current, version: current.version + 1, updatedAt: current.updatedAt + 1 },
        current.version,
      );
      return warm.listAll();
    },
    10,
    1,
  );
  console.log(`tools/list at ${SIZE} functions (every definition), per warm Lambda:`);
  console.log(`  before, a Scan per call: p50 ${ms(scanList.p50)}`);
  console.log(
    `  after, first call of a container (Query of the index, BatchGetItem of every definition): p50 ${ms(coldList.p50)} (ratio ${(coldList.p50 / scanList.p50).toFixed(3)})`,
  );
  console.log(
    `  after, nothing changed (GetItem of the revision): p50 ${ms(unchangedList.p50)} (ratio ${(unchangedList.p50 / scanList.p50).toFixed(4)})`,
  );
  console.log(
    `  after, one function redeployed (GetItem, Query of the index, one BatchGetItem; the redeploy included): p50 ${ms(changedList.p50)} (ratio ${(changedList.p50 / scanList.p50).toFixed(3)})`,
  );
} finally {
  await emulators.stop();
}
