// The MCP handler through the real middleware over in-memory stores, with three hosted functions
// (POST weather, GET cities, and one named like a built-in tool), for the MCP unit tests.
import { createMcpHandler } from '../../../handlers/http/mcp';
import { heuristicTasks } from '../../../lib/ai/heuristic-tasks';
import { LEXICAL_EMBEDDER_ID, LexicalEmbedder } from '@fnquery/heuristic-engine';
import { BlobDeploymentStore } from '../../../lib/functions/build/blob-deployment-store';
import type { BuildMessage } from '../../../lib/functions/build/ports';
import type { FunctionInvoker, FunctionRecord, FunctionRequest } from '../../../lib/functions/ports';
import type { McpDeps } from '../../../lib/mcp/server';
import { prepareModel } from '../../../lib/query/shared';
import { validateSpec } from '../../../lib/spec/index';
import { call as callHandler, type EventInput, type HandlerFn } from '../../support/api-event';
import { testDeps, testToken } from '../../support/http-deps';
import { MemoryBlobStore, MemoryJobQueue, MemoryStatusStore } from '../../support/memory-ingest-stores';
import { MemoryVectorStore } from '../../support/memory-vector-store';
import { jsonObject, MemoryFunctionRegistry, recordOf, specFor, type FunctionFixture } from '../functions/support';

/** JSON-RPC replies leave as bytes (base64 to API Gateway), so the helper's JSON parsing is redone here. */
export async function call(handler: HandlerFn, input: EventInput) {
  const res = await callHandler(handler, input);
  const { body, isBase64Encoded } = res.raw;
  const json =
    isBase64Encoded && body
      ? (JSON.parse(Buffer.from(body, 'base64').toString('utf8')) as Record<string, unknown>)
      : res.body;
  return { ...res, body: json };
}

export class ScriptedInvoker implements FunctionInvoker {
  async build() {}
  requests: FunctionRequest[] = [];
  constructor(private readonly answer: (fn: FunctionRecord, r: FunctionRequest) => unknown) {}
  async deploy() {}
  async remove() {}
  async logs(): Promise<undefined> {
    return undefined;
  }
  async invoke(fn: FunctionRecord, request: FunctionRequest) {
    this.requests.push(request);
    return { body: this.answer(fn, request) };
  }
}

const WEATHER: Omit<FunctionFixture, 'files'> = {
  shortname: 'weather',
  requirements: {
    requestType: 'POST',
    queryParams: [{ name: 'units', required: true, description: 'metric or imperial' }],
    inputType: 'JSON',
    inputSchema: jsonObject({ city: { type: 'string' }, days: { type: 'integer', minimum: 1 } }, ['city']),
    outputType: 'JSON',
    outputSchema: jsonObject({ city: { type: 'string' }, temperature: { type: 'number' } }, ['city', 'temperature']),
  },
};
const LIST: Omit<FunctionFixture, 'files'> = {
  shortname: 'cities',
  requirements: {
    requestType: 'GET',
    outputType: 'JSON',
    outputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'array', items: { type: 'string' } },
  },
};
const RESERVED: Omit<FunctionFixture, 'files'> = {
  shortname: 'Search_Collection',
  requirements: { requestType: 'GET' },
};

export async function setup(
  answer: (fn: FunctionRecord, r: FunctionRequest) => unknown = () => ({ city: 'Paris', temperature: 21 }),
) {
  const registry = new MemoryFunctionRegistry();
  const tagged: [Omit<FunctionFixture, 'files'>, string[]][] = [
    [WEATHER, ['weather', 'travel']],
    [LIST, ['travel']],
    [RESERVED, []],
  ];
  for (const [f, tags] of tagged) {
    const spec = validateSpec({ ...specFor({ ...f, files: {} }), tags }).spec!;
    await registry.register(recordOf(spec), undefined);
  }
  const invoker = new ScriptedInvoker(answer);
  const statuses = new MemoryStatusStore();
  // Deploys and uploads stop at their queues: tests settle the records as the workers would.
  const blobs = new MemoryBlobStore();
  const deployments = new BlobDeploymentStore(blobs);
  const builds: BuildMessage[] = [];
  const uploads = new MemoryJobQueue();
  const store = new MemoryVectorStore();
  const embedder = new LexicalEmbedder();
  const deps: McpDeps = {
    registry,
    invoker,
    timeoutMs: 1000,
    version: '9.9.9',
    retrieval: {
      collections: statuses,
      store,
      embedderFor: (id) => (id === LEXICAL_EMBEDDER_ID ? embedder : undefined),
      callerStore: () => {
        throw new Error('not used');
      },
    },
    queryModel: (body) => prepareModel(body, { openaiBaseURL: 'http://127.0.0.1:1', timeoutMs: 1000 }, heuristicTasks),
    jobs: {
      submit: { registry, blobs, deployments, queue: { send: async (m) => void builds.push(m) } },
      intake: {
        statuses,
        blobs,
        jobs: uploads,
        embedderId: LEXICAL_EMBEDDER_ID,
        quotas: { free: 20, pro: 2000, enterprise: null },
      },
    },
    taskResultWaitMs: 50,
  };
  const http = testDeps();
  const handler = createMcpHandler({ http: http.deps, mcp: deps });
  const token = await testToken('alice');
  let id = 0;
  const rpc = async (
    method: string,
    params?: unknown,
    extra: { headers?: Record<string, string>; query?: Record<string, string>; token?: string } = {},
  ) =>
    call(handler, {
      method: 'POST',
      path: '/mcp',
      token: extra.token ?? token,
      query: extra.query,
      headers: {
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        ...extra.headers,
      },
      body: { jsonrpc: '2.0', id: ++id, method, ...(params !== undefined && { params }) },
    });
  return {
    handler,
    rpc,
    invoker,
    statuses,
    store,
    embedder,
    token,
    mcpDeps: deps,
    httpDeps: http.deps,
    usage: http.usage,
    lines: http.lines,
    registry,
    blobs,
    deployments,
    builds,
    uploads,
  };
}
