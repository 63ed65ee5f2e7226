// A local stand-in for the OpenAI API, close enough on the wire for the real `openai` SDK:
// chat completions (tools, tool_choice, json_schema response_format, usage), embeddings
// (`dimensions`, float or base64 encoding), and OpenAI's error bodies and headers.
// Scriptable (queued chat replies, failures, delays); every request is recorded.
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { EmbeddingCreateParams } from 'openai/resources/embeddings';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface ChatReply {
  content?: string | null;
  /** `arguments` given as an object is sent as its JSON text. */
  toolCalls?: { name: string; arguments: string | object; id?: string }[];
}

export type ChatScript = ChatReply | ((body: ChatCompletionCreateParamsNonStreaming) => ChatReply);

export interface FailureOptions {
  /** Sent as `retry-after` on 429 (default "1"). */
  retryAfter?: string;
  code?: string;
  message?: string;
}

export interface FakeOpenAIOptions {
  /** When set, any other bearer key gets OpenAI's 401 (with the key masked as OpenAI does). */
  apiKeys?: string[];
  /** Always answer embeddings with this many dimensions, as a model ignoring `dimensions` would. */
  fixedEmbeddingDimensions?: number;
}

type Json = Record<string, unknown>;

const ERROR_TYPES: Record<number, { type: string; code: string; message: string }> = {
  400: { type: 'invalid_request_error', code: 'invalid_request', message: 'Invalid request.' },
  429: { type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached for requests.' },
  500: {
    type: 'server_error',
    code: 'server_error',
    message: 'The server had an error while processing your request.',
  },
  503: {
    type: 'server_error',
    code: 'overloaded',
    message: 'The engine is currently overloaded, please try again later.',
  },
};

export class FakeOpenAI {
  readonly requests: RecordedRequest[] = [];
  private readonly chatScripts: ChatScript[] = [];
  private readonly failures: ({ status: number } & FailureOptions)[] = [];
  private readonly delays: number[] = [];
  private readonly server = createServer((req, res) => {
    // A throwing reply script must fail the request under test, not the test process.
    this.handle(req, res).catch((e: unknown) =>
      sendError(res, 500, { type: 'server_error', code: 'fake_failure', message: String(e) }),
    );
  });

  constructor(private readonly options: FakeOpenAIOptions = {}) {}

  /** The SDK's baseURL. */
  get baseURL(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  enqueueChat(...scripts: ChatScript[]): void {
    this.chatScripts.push(...scripts);
  }

  failNext(status: number, times = 1, options: FailureOptions = {}): void {
    for (let i = 0; i < times; i++) this.failures.push({ status, ...options });
  }

  delayNext(ms: number, times = 1): void {
    for (let i = 0; i < times; i++) this.delays.push(ms);
  }

  chatRequests(): ChatCompletionCreateParamsNonStreaming[] {
    return this.requestsTo('/v1/chat/completions') as ChatCompletionCreateParamsNonStreaming[];
  }

  embeddingRequests(): EmbeddingCreateParams[] {
    return this.requestsTo('/v1/embeddings') as EmbeddingCreateParams[];
  }

  private requestsTo(path: string): unknown[] {
    return this.requests.filter((r) => r.path === path).map((r) => r.body);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '').split('?')[0] ?? '';
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      body = undefined;
    }
    this.requests.push({ method: req.method ?? '', path, headers: req.headers, body });

    const delay = this.delays.shift();
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    if (res.destroyed) return; // the client gave up while we waited

    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (this.options.apiKeys && !this.options.apiKeys.includes(key)) {
      return sendError(res, 401, {
        type: 'invalid_request_error',
        code: 'invalid_api_key',
        message: `Incorrect API key provided: ${maskKey(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
      });
    }
    const failure = this.failures.shift();
    if (failure) {
      const defaults = ERROR_TYPES[failure.status] ?? ERROR_TYPES[500]!;
      const headers: Record<string, string> =
        failure.status === 429 ? { 'retry-after': failure.retryAfter ?? '1' } : {};
      const { code = defaults.code, message = defaults.message } = failure;
      return sendError(res, failure.status, { type: defaults.type, code, message }, headers);
    }
    if (req.method !== 'POST' || typeof body !== 'object' || body === null) {
      return sendError(res, 400, { ...ERROR_TYPES[400]!, message: 'Expected a POST with a JSON body.' });
    }
    if (path === '/v1/chat/completions')
      return sendJson(res, 200, this.chatCompletion(body as ChatCompletionCreateParamsNonStreaming));
    if (path === '/v1/embeddings') return sendJson(res, 200, this.embeddings(body as EmbeddingCreateParams));
    return sendError(res, 404, {
      type: 'invalid_request_error',
      code: 'unknown_url',
      message: `Unknown request URL: POST ${path}.`,
    });
  }

  private chatCompletion(body: ChatCompletionCreateParamsNonStreaming): Json {
    const script = this.chatScripts.shift();
    const reply = script === undefined ? defaultChatReply(body) : typeof script === 'function' ? script(body) : script;
    const toolCalls = (reply.toolCalls ?? []).map((c, i) => ({
      id: c.id ?? `call_${i}`,
      type: 'function',
      function: {
        name: c.name,
        arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
      },
    }));
    const content = reply.content ?? null;
    const prompt = countWords(body.messages.map((m) => JSON.stringify(m.content ?? '')).join(' '));
    const completion = countWords(`${content ?? ''} ${toolCalls.map((c) => c.function.arguments).join(' ')}`);
    return {
      id: `chatcmpl-${this.requests.length}`,
      object: 'chat.completion',
      created: 1_700_000_000,
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null, ...(toolCalls.length && { tool_calls: toolCalls }) },
          finish_reason: toolCalls.length ? 'tool_calls' : 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    };
  }

  private embeddings(body: EmbeddingCreateParams): Json {
    const inputs = (Array.isArray(body.input) ? body.input : [body.input]).map((i) =>
      typeof i === 'string' ? i : JSON.stringify(i),
    );
    const dimensions = this.options.fixedEmbeddingDimensions ?? body.dimensions ?? 1536;
    const data = inputs.map((text, index) => {
      const vector = hashEmbedding(text, dimensions);
      const embedding =
        body.encoding_format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
      return { object: 'embedding', index, embedding };
    });
    const tokens = countWords(inputs.join(' '));
    return { object: 'list', data, model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } };
  }
}

export async function startFakeOpenAI(options?: FakeOpenAIOptions): Promise<FakeOpenAI> {
  return new FakeOpenAI(options).listen();
}

/** Deterministic unit vector from the text, so equal texts embed equally. */
export function hashEmbedding(text: string, dimensions: number): number[] {
  const values: number[] = [];
  for (let block = 0; values.length < dimensions; block++) {
    const digest = createHash('sha256').update(`${block}\u0000${text}`).digest();
    for (let i = 0; i + 4 <= digest.length && values.length < dimensions; i += 4) {
      values.push(digest.readUInt32LE(i) / 0xffffffff - 0.5);
    }
  }
  const norm = Math.hypot(...values) || 1;
  return values.map((v) => v / norm);
}

/**
 * With nothing queued: a tool call when one is demanded, an answer after a tool result, a sample
 * instance of a json_schema, else an echo of the last user message.
 */
function defaultChatReply(body: ChatCompletionCreateParamsNonStreaming): ChatReply {
  const choice = body.tool_choice;
  const tools = (body.tools ?? []).flatMap((t) => (t.type === 'function' ? [t.function] : []));
  if (tools.length && (choice === 'required' || (typeof choice === 'object' && choice.type === 'function'))) {
    const tool =
      tools.find((t) => typeof choice === 'object' && choice.type === 'function' && t.name === choice.function.name) ??
      tools[0]!;
    return { toolCalls: [{ name: tool.name, arguments: sampleInstance(tool.parameters ?? {}) as object }] };
  }
  const last = body.messages.at(-1);
  if (last?.role === 'tool') return { content: `Result: ${String(last.content)}` };
  const format = body.response_format;
  if (format?.type === 'json_schema')
    return { content: JSON.stringify(sampleInstance(format.json_schema.schema ?? {})) };
  const lastUser = body.messages.findLast((m) => m.role === 'user');
  return { content: `echo: ${typeof lastUser?.content === 'string' ? lastUser.content : ''}` };
}

/** The simplest value a schema accepts, for common schemas (required properties only). */
export function sampleInstance(schema: Json): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf) && schema.anyOf.length) return sampleInstance(schema.anyOf[0] as Json);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((name) => [name, sampleInstance(properties[name] ?? {})]));
    }
    case 'array':
      return [];
    case 'string':
      return 'text';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/** OpenAI shows the first and last characters of a rejected key; so do we, to test our scrubbing. */
function maskKey(key: string): string {
  return key.length > 8 ? `${key.slice(0, 3)}${'*'.repeat(key.length - 7)}${key.slice(-4)}` : '***';
}

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req_${Date.now()}`, ...headers });
  res.end(JSON.stringify(body));
}

function sendError(
  res: ServerResponse,
  status: number,
  error: { type: string; code: string; message: string },
  headers: Record<string, string> = {},
): void {
  sendJson(
    res,
    status,
    { error: { message: error.message, type: error.type, param: null, code: error.code } },
    headers,
  );
}
