// Every HTTP route of the service, with the request schemas its handler validates with. Handlers
// take their options from here and /openapi.json is generated from here: one source, so the
// published description cannot drift from what is enforced. The table is a literal (`as const`), so a
// handler's body and query types are derived from the very schemas that validate them (lib/http/handler.ts).
import type { JsonSchema } from '../json-schema';
import { PAGE_SIZE } from '../catalog/limits';
import type { RouteOptions } from '../http/handler';
import { COLLECTION_NAME } from '../ingest/collection-name';
import { FUNCTION_QUERY_BODY, RDBMS_QUERY_BODY, VECTORDB_QUERY_BODY } from '../query/body-schema';
import { RUNTIMES } from '../spec/runtimes';
import { TAG } from '../spec/rules';
import { BASE64_FILE_SCHEMA } from '../wire/base64-file';
import {
  createdWebhookEndpointSchema,
  newWebhookEndpointSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
} from './webhook-schemas';

export interface ApiRoute extends RouteOptions {
  /** One line for the OpenAPI operation. */
  summary: string;
  /** OpenAPI tag grouping the operation. */
  group: 'service' | 'queries' | 'documents' | 'functions' | 'catalog' | 'webhooks';
  /** What a success returns: status, media type, and its schema when JSON. */
  success: {
    status: number;
    description: string;
    type?: 'application/json' | 'text/html' | 'other';
    schema?: JsonSchema;
  };
  /** A body the handler reads itself (`body: 'raw'`): its media type, a description and its schema. */
  rawBody?: {
    type: string;
    description: string;
    schema: JsonSchema;
    /** Other media types the handler also reads, with their schemas. */
    alternatives?: Record<string, JsonSchema>;
  };
  /** Other answers without a body, e.g. 202 for an MCP notification. */
  emptyAnswers?: Record<number, string>;
  /**
   * An `ANY` route's methods to document, when not all are served: the others are answered 405
   * with Allow and documented as such (`GET /mcp`).
   */
  methods?: { served: readonly string[]; refused: readonly string[] };
  /** Failure statuses this route answers besides the ones every route may (lib/api/openapi.ts). */
  errors?: Record<number, string>;
  /** `jsonrpc`: failures inside the protocol answer a JSON-RPC error object rather than the envelope (MCP). */
  errorBody?: 'jsonrpc';
}

const object = (description: string): JsonSchema => ({ type: 'object', description });

const catalogEntrySchema: JsonSchema = {
  type: 'object',
  required: ['shortname', 'name', 'description', 'tags', 'runtime', 'method', 'path', 'updated'],
  properties: {
    shortname: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    runtime: { type: 'string' },
    method: { type: 'string', description: 'The HTTP method that invokes the function.' },
    path: { type: 'string', description: 'Where to call it, e.g. /functions/v1/weather.' },
    updated: { type: 'string', format: 'date-time' },
  },
};

const deploymentSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'shortname', 'version', 'runtime', 'status', 'warnings', 'location', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string', description: 'The deployment id.' },
    shortname: { type: 'string' },
    version: { type: 'integer', description: 'The version the function gets when this deployment is ready.' },
    runtime: { type: 'string' },
    lambdaRuntime: { type: 'string', description: 'The AWS Lambda runtime it runs on.' },
    endpoint: { type: 'string', description: 'Where the function answers, e.g. POST /functions/v1/weather.' },
    status: { type: 'string', enum: ['queued', 'building', 'ready', 'failed'] },
    step: { type: 'string', description: 'What the build is doing now.' },
    warnings: { type: 'array', items: { type: 'string' } },
    messages: {
      type: 'array',
      items: { type: 'string' },
      description: 'Why a failed deployment failed, as `ISSUE: … ADVICE: …` lines.',
    },
    codeBytes: { type: 'integer' },
    location: { type: 'string', description: 'Where to read this record again.' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    startedAt: { type: 'string', format: 'date-time' },
    finishedAt: { type: 'string', format: 'date-time' },
  },
};

const tagPattern = TAG.pattern.source.replace(/^\^|\$$/g, '');

/** The `?tag=` filter of /mcp as the MCP server checks it (tools/list and tools/call). */
export const MCP_TAG_FILTER: JsonSchema = {
  type: 'object',
  properties: { tag: { type: 'string', pattern: `^${tagPattern}(,${tagPattern})*$`, maxLength: 1024 } },
  additionalProperties: false,
};

const statusRecordSchema = {
  type: 'object',
  required: [
    'upload_id',
    'collection_name',
    'status',
    'embedded_chunks',
    'total_chunks',
    'upload_started',
    'upload_completed',
  ],
  properties: {
    upload_id: { type: 'string' },
    collection_name: { type: 'string' },
    status: { enum: ['queued', 'processing', 'completed', 'failed', 'deleting'] },
    embedded_chunks: { type: 'integer', minimum: 0 },
    total_chunks: { type: 'integer', minimum: 0 },
    upload_started: { type: 'string', description: 'HTTP date (RFC 7231), UTC.' },
    upload_completed: { type: ['string', 'null'], description: 'HTTP date once completed or failed.' },
    error: { type: 'string', description: 'Why it failed, as ISSUE/ADVICE text.' },
    spanId: { type: 'string' },
  },
} as const satisfies JsonSchema;

const collectionSchema = {
  type: 'object',
  required: ['name', 'documents', 'chunks', 'embedder'],
  properties: {
    name: { type: 'string' },
    documents: { type: 'integer', minimum: 0, description: 'Uploads in the collection, failed ones included.' },
    chunks: { type: 'integer', minimum: 0, description: 'Chunks stored and searchable.' },
    embedder: { type: 'string', description: 'The embedder that filled it; queries search with the same one.' },
  },
} as const satisfies JsonSchema;

const functionSchema = {
  type: 'object',
  required: ['shortname', 'name', 'description', 'runtime', 'version', 'endpoint', 'createdAt', 'updatedAt'],
  properties: {
    shortname: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    runtime: { type: 'string' },
    lambdaRuntime: { type: 'string', description: 'The AWS Lambda runtime it runs on.' },
    version: { type: 'integer', description: 'The version that serves.' },
    endpoint: { type: 'string', description: 'Where it answers, e.g. POST /functions/v1/weather.' },
    codeBytes: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time', description: "The current version's deploy." },
  },
} as const satisfies JsonSchema;

const usageRowSchema = {
  type: 'object',
  required: ['day', 'endpoint', 'calls', 'errors', 'durationMs', 'aiTokens'],
  properties: {
    day: { type: 'string', description: 'UTC day, YYYY-MM-DD.' },
    endpoint: { type: 'string', description: 'The route, e.g. POST /query-service/v1/rdbms.' },
    calls: { type: 'integer', minimum: 0 },
    errors: { type: 'integer', minimum: 0 },
    durationMs: { type: 'number', minimum: 0, description: 'Time spent on the calls, in total.' },
    aiTokens: { type: 'integer', minimum: 0 },
  },
} as const satisfies JsonSchema;

/** Every file body: bytes, whatever they hold (the handler checks the type by name and content). */
const BINARY: JsonSchema = { type: 'string', contentMediaType: 'application/octet-stream' };

/** What the JSON-body and file routes add to the common failures (lib/wire/body.ts, lib/wire/multipart.ts). */
const BODY_ERRORS = {
  413: 'The body or file is over its size limit',
  415: 'The body is not of the media type this route takes',
};

const routes = [
  {
    route: 'GET /health',
    auth: false,
    group: 'service',
    summary: 'Version and live adapters',
    success: {
      status: 200,
      description: 'The service is up.',
      schema: {
        type: 'object',
        required: ['status', 'version', 'stage', 'adapters'],
        properties: {
          status: { const: 'ok' },
          version: { type: 'string' },
          stage: { type: 'string' },
          adapters: {
            type: 'object',
            required: ['storage', 'vectors', 'ai'],
            properties: {
              storage: { enum: ['local-emulators', 'aws'] },
              vectors: { enum: ['lancedb-local', 'lancedb-s3'] },
              ai: { enum: ['local-engine', 'openai-compatible'] },
            },
          },
          spanId: { type: 'string' },
        },
      },
    },
  },
  {
    route: 'GET /openapi.json',
    auth: false,
    body: 'none',
    group: 'service',
    summary: 'This description of the service (OpenAPI 3.1)',
    success: { status: 200, description: 'The OpenAPI document.', schema: object('OpenAPI 3.1 document') },
  },
  {
    route: 'POST /query-service/v1/function',
    body: 'json',
    envelope: 'query',
    group: 'queries',
    errors: BODY_ERRORS,
    summary: 'An AI model answers with the help of a hosted function',
    bodySchema: FUNCTION_QUERY_BODY,
    success: { status: 200, description: 'The answer.', schema: { $ref: '#/components/schemas/QueryResponse' } },
  },
  {
    route: 'POST /query-service/v1/vectordb',
    body: 'json',
    envelope: 'query',
    group: 'queries',
    errors: BODY_ERRORS,
    summary: 'A retrieval-augmented answer from a collection',
    bodySchema: VECTORDB_QUERY_BODY,
    success: { status: 200, description: 'The answer.', schema: { $ref: '#/components/schemas/QueryResponse' } },
  },
  {
    route: 'POST /query-service/v1/rdbms',
    body: 'json',
    envelope: 'query',
    group: 'queries',
    errors: BODY_ERRORS,
    summary: "Text-to-SQL over the caller's MySQL/MariaDB (TLS only)",
    bodySchema: RDBMS_QUERY_BODY,
    success: { status: 200, description: 'The answer.', schema: { $ref: '#/components/schemas/QueryResponse' } },
  },
  {
    route: 'POST /embedder-service/v1/upload',
    body: 'raw',
    group: 'documents',
    summary: 'Upload a document into a collection (≤ 4 MiB)',
    querySchema: {
      type: 'object',
      required: ['collection_name'],
      properties: { collection_name: { type: 'string', pattern: COLLECTION_NAME.source } },
    },
    rawBody: {
      type: 'multipart/form-data',
      description:
        'The document in the part "file" (with its file name): pdf, docx, txt, md, html, csv, json or jsonl; ' +
        'or, as JSON, its name and its bytes in base64.',
      schema: { type: 'object', required: ['file'], properties: { file: BINARY } },
      alternatives: { 'application/json': BASE64_FILE_SCHEMA },
    },
    errors: {
      ...BODY_ERRORS,
      409: 'The collection is filled by another embedder',
      429: 'The document or chunk quota of the account is reached',
    },
    success: { status: 202, description: 'The queued status record.', schema: statusRecordSchema },
  },
  {
    route: 'POST /embedder-service/v1/upload-url',
    body: 'none',
    group: 'documents',
    summary: 'A presigned URL to PUT a large document to (≤ 100 MB)',
    querySchema: {
      type: 'object',
      required: ['collection_name', 'filename'],
      properties: {
        collection_name: { type: 'string', pattern: COLLECTION_NAME.source },
        filename: { type: 'string', minLength: 1, maxLength: 255 },
        size: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' },
      },
    },
    errors: {
      413: 'The announced size is over the upload URL limit',
      415: 'The file name has no accepted extension',
      409: 'The collection is filled by another embedder',
      429: 'The document or chunk quota of the account is reached',
    },
    success: {
      status: 201,
      description: 'The URL to PUT the file to, and the status record waiting for it.',
      schema: {
        ...statusRecordSchema,
        required: [...statusRecordSchema.required, 'upload_url', 'upload_method', 'upload_url_expires'],
        properties: {
          ...statusRecordSchema.properties,
          upload_url: { type: 'string', format: 'uri' },
          upload_method: { const: 'PUT' },
          upload_url_expires: { type: 'string', description: 'HTTP date.' },
          max_bytes: { type: 'integer' },
        },
      },
    },
  },
  {
    route: 'GET /embedder-service/v1/status',
    group: 'documents',
    summary: "An upload's status record",
    querySchema: {
      type: 'object',
      required: ['upload_id'],
      properties: { upload_id: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' } },
    },
    success: { status: 200, description: 'The status record.', schema: statusRecordSchema },
  },
  {
    route: 'GET /embedder-service/v1/collections',
    body: 'none',
    group: 'documents',
    summary: "The caller's collections",
    success: {
      status: 200,
      description: 'Collections, by name.',
      schema: {
        type: 'object',
        required: ['collections'],
        properties: { collections: { type: 'array', items: collectionSchema }, spanId: { type: 'string' } },
      },
    },
  },
  {
    route: 'GET /embedder-service/v1/collections/{name}',
    body: 'none',
    group: 'documents',
    summary: 'One collection and its uploads',
    success: {
      status: 200,
      description: 'The collection, and its uploads oldest first.',
      schema: {
        ...collectionSchema,
        required: [...collectionSchema.required, 'uploads'],
        properties: {
          ...collectionSchema.properties,
          uploads: {
            type: 'array',
            items: {
              ...statusRecordSchema,
              required: [...statusRecordSchema.required, 'filename'],
              properties: {
                ...statusRecordSchema.properties,
                filename: { type: 'string' },
              },
            },
          },
          spanId: { type: 'string' },
        },
      },
    },
  },
  {
    route: 'DELETE /embedder-service/v1/collections/{name}',
    body: 'none',
    group: 'documents',
    summary: 'Delete a collection',
    success: { status: 200, description: 'What was deleted.', schema: object('deletion') },
  },
  {
    route: 'DELETE /embedder-service/v1/uploads/{upload_id}',
    body: 'none',
    group: 'documents',
    summary: 'Delete an upload and its chunks',
    success: { status: 200, description: 'What was deleted.', schema: object('deletion') },
  },
  {
    route: 'POST /function-service/v1/functions',
    body: 'raw',
    group: 'functions',
    summary: 'Deploy a function (zip with spec.json at its top); the build runs after the answer',
    rawBody: {
      type: 'application/zip',
      description: 'The code bundle; `fnq deploy <dir>` builds it.',
      schema: BINARY,
    },
    errors: {
      ...BODY_ERRORS,
      403: 'The shortname belongs to another account',
      409: 'A deployment of this shortname is already under way',
    },
    success: {
      status: 202,
      description: 'Checked and queued: the deployment record (its `location` follows the build).',
      schema: deploymentSchema,
    },
  },
  {
    route: 'GET /function-service/v1/deployments/{id}',
    group: 'functions',
    summary: "One of the caller's deployments: queued, building, ready or failed",
    success: { status: 200, description: 'The deployment record.', schema: deploymentSchema },
  },
  {
    route: 'GET /function-service/v1/functions',
    group: 'functions',
    summary: "The caller's own functions",
    success: {
      status: 200,
      description: 'Functions.',
      schema: {
        type: 'object',
        required: ['functions'],
        properties: { functions: { type: 'array', items: functionSchema }, spanId: { type: 'string' } },
      },
    },
  },
  {
    route: 'DELETE /function-service/v1/functions/{shortname}',
    group: 'functions',
    summary: "Delete one of the caller's functions",
    success: { status: 200, description: 'Deleted.', schema: object('deletion') },
  },
  {
    route: 'GET /function-service/v1/functions/{shortname}/logs',
    group: 'functions',
    summary: "What one of the caller's functions printed (local runtime)",
    querySchema: {
      type: 'object',
      properties: {
        limit: {
          type: 'string',
          pattern: '^[1-9][0-9]{0,3}$',
          description: 'Newest lines to return (default 100, at most 1000).',
        },
      },
    },
    success: {
      status: 200,
      description: 'The newest lines, oldest first.',
      schema: object('{shortname, version, lines}'),
    },
  },
  {
    route: 'GET /function-service/v1/shortnames/{shortname}',
    group: 'functions',
    summary: 'Whether a shortname is taken',
    success: { status: 200, description: '{shortname, exists}.', schema: object('{shortname, exists}') },
  },
  {
    route: 'ANY /functions/v1/{shortname}',
    body: 'raw',
    group: 'functions',
    summary: 'Call a hosted function (its method, parameters and body: its spec.json)',
    rawBody: {
      type: '*/*',
      description: 'As the function\'s spec.json says: JSON, multipart "file", or none.',
      schema: {},
    },
    errors: {
      ...BODY_ERRORS,
      405: 'The function takes another method (see Allow)',
      502: 'The function failed, or its output broke its outputSchema (when configured to refuse)',
      503: 'This host cannot run functions confined',
    },
    success: {
      status: 200,
      description: "The function's result; GET /functions/v1/{shortname}/openapi.json describes it exactly.",
      type: 'other',
    },
    emptyAnswers: { 204: 'The function ran; its spec.json declares no output (output type NONE).' },
  },
  {
    route: 'GET /functions/v1/{shortname}/spec.json',
    group: 'functions',
    summary: "A function's definition",
    success: { status: 200, description: 'The normalised spec.json.', schema: object('spec.json') },
  },
  {
    route: 'GET /functions/v1/{shortname}/openapi.json',
    group: 'functions',
    summary: "A function's own OpenAPI 3.1 description",
    success: {
      status: 200,
      description: 'The OpenAPI document of the function.',
      schema: object('OpenAPI 3.1 document'),
    },
  },
  {
    route: 'GET /functions/v1',
    body: 'none',
    group: 'catalog',
    summary: 'Search every deployed function by words, tag and runtime',
    querySchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        q: {
          type: 'string',
          maxLength: 200,
          description: 'Words matched against name, shortname, description and tags; the last one also as a prefix.',
        },
        tag: {
          type: 'string',
          maxLength: TAG.maxCount * (TAG.max + 1),
          pattern: '^[a-z0-9]+(,[a-z0-9]+)*$',
          description: 'Only functions with this tag (comma-separated: all of them).',
        },
        runtime: { enum: RUNTIMES.map((r) => r.id), description: 'Only functions on this runtime.' },
        cursor: {
          type: 'string',
          maxLength: 512,
          pattern: '^[A-Za-z0-9_-]+$',
          description: 'next_cursor of the previous page.',
        },
        limit: {
          type: 'string',
          pattern: `^([1-9]|[1-9][0-9]|${PAGE_SIZE.max})$`,
          description: `Results per page, 1–${PAGE_SIZE.max} (default ${PAGE_SIZE.default}).`,
        },
      },
    },
    success: {
      status: 200,
      description: 'One page of matches, best first.',
      schema: {
        type: 'object',
        required: ['functions', 'total', 'next_cursor', 'tags'],
        properties: {
          functions: { type: 'array', items: catalogEntrySchema },
          total: { type: 'integer', description: 'All matches, not only this page.' },
          next_cursor: { type: ['string', 'null'], description: 'Pass as cursor for the next page; null on the last.' },
          tags: {
            type: 'array',
            items: { type: 'object', properties: { tag: { type: 'string' }, count: { type: 'integer' } } },
            description: 'The most frequent tags among all matches.',
          },
          spanId: { type: 'string' },
        },
      },
    },
  },
  {
    route: 'GET /catalog',
    auth: false,
    body: 'none',
    group: 'catalog',
    summary: 'The catalog web page (search)',
    querySchema: {
      type: 'object',
      properties: {
        q: { type: 'string', maxLength: 200 },
        tag: { type: 'string', maxLength: 660 },
        cursor: { type: 'string', maxLength: 512 },
      },
    },
    success: { status: 200, description: 'HTML page.', type: 'text/html' },
  },
  {
    route: 'GET /catalog/{shortname}',
    auth: false,
    body: 'none',
    group: 'catalog',
    summary: "A function's documentation page",
    success: { status: 200, description: 'HTML page.', type: 'text/html' },
  },
  {
    route: 'GET /catalog/assets/{file}',
    auth: false,
    body: 'none',
    group: 'catalog',
    summary: 'Script and style sheet of the catalog pages',
    success: { status: 200, description: 'JavaScript or CSS.', type: 'other', schema: { type: 'string' } },
  },
  {
    route: 'GET /usage-service/v1/usage',
    body: 'none',
    group: 'service',
    summary: "The caller's own usage by UTC day and endpoint",
    querySchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        from: { type: 'string', maxLength: 10, description: 'First day, YYYY-MM-DD (default 30 days ago).' },
        to: { type: 'string', maxLength: 10, description: 'Last day, YYYY-MM-DD (default today).' },
      },
    },
    success: {
      status: 200,
      description: 'Counters per day and endpoint.',
      schema: {
        type: 'object',
        required: ['account', 'from', 'to', 'usage'],
        properties: {
          account: { type: 'string' },
          from: { type: 'string', description: 'First day, YYYY-MM-DD.' },
          to: { type: 'string', description: 'Last day, YYYY-MM-DD.' },
          usage: { type: 'array', items: usageRowSchema, description: 'By day, then endpoint.' },
          spanId: { type: 'string' },
        },
      },
    },
  },
  {
    // One route for every method, so GET and DELETE get MCP's 405 rather than a gateway 404.
    route: 'ANY /mcp',
    body: 'raw',
    bearer: true,
    envelope: 'jsonrpc',
    group: 'functions',
    summary: 'MCP server (stateless Streamable HTTP): hosted functions and collections as tools',
    // What the HTTP route accepts: any `tag` text. The filter's own rules (MCP_TAG_FILTER) are the MCP
    // server's to check, at tools/list and tools/call, so the document does not promise a 400 here.
    querySchema: {
      type: 'object',
      properties: {
        tag: {
          type: 'string',
          description:
            'Comma-separated tags narrowing the function tools (collection tools stay). tools/list and tools/call answer a malformed filter with JSON-RPC error -32602; other methods ignore it.',
        },
      },
      additionalProperties: false,
    },
    rawBody: {
      type: 'application/json',
      description: 'A JSON-RPC 2.0 request or notification (docs/mcp.md).',
      schema: {
        type: 'object',
        required: ['jsonrpc', 'method'],
        properties: {
          jsonrpc: { const: '2.0' },
          id: { type: ['string', 'integer'] },
          method: { type: 'string' },
          params: { type: 'object' },
        },
      },
    },
    errorBody: 'jsonrpc',
    methods: { served: ['post'], refused: ['get'] },
    emptyAnswers: { 202: 'A notification was accepted (it has no response).' },
    errors: {
      ...BODY_ERRORS,
      405: 'Any method but POST: this stateless server has no event stream (see Allow)',
      406: 'The Accept header leaves out application/json',
    },
    success: {
      status: 200,
      description: 'The JSON-RPC response (202 for a notification).',
      schema: {
        type: 'object',
        required: ['jsonrpc'],
        properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'integer', 'null'] }, result: {}, error: {} },
      },
    },
  },
  {
    route: 'POST /webhooks-service/v1/endpoints',
    body: 'json',
    group: 'webhooks',
    summary: 'Register a webhook endpoint; its signing secret is answered this once',
    bodySchema: newWebhookEndpointSchema,
    success: {
      status: 201,
      description: 'The endpoint and its signing secret (whsec_…), which no later answer shows.',
      schema: createdWebhookEndpointSchema,
    },
  },
  {
    route: 'GET /webhooks-service/v1/endpoints',
    body: 'none',
    group: 'webhooks',
    summary: "The caller's webhook endpoints (never their secrets)",
    success: {
      status: 200,
      description: 'Endpoints, oldest first.',
      schema: {
        type: 'object',
        required: ['endpoints'],
        properties: { endpoints: { type: 'array', items: webhookEndpointSchema }, spanId: { type: 'string' } },
      },
    },
  },
  {
    route: 'DELETE /webhooks-service/v1/endpoints/{id}',
    body: 'none',
    group: 'webhooks',
    summary: 'Remove a webhook endpoint; its pending deliveries stop',
    success: {
      status: 200,
      description: 'Removed.',
      schema: {
        type: 'object',
        required: ['id', 'deleted'],
        properties: { id: { type: 'string' }, deleted: { const: true }, spanId: { type: 'string' } },
      },
    },
  },
  {
    route: 'GET /webhooks-service/v1/endpoints/{id}/deliveries',
    body: 'none',
    group: 'webhooks',
    summary: "An endpoint's newest 50 deliveries, each with its attempts",
    success: {
      status: 200,
      description: 'Deliveries, newest first.',
      schema: {
        type: 'object',
        required: ['endpoint_id', 'deliveries'],
        properties: {
          endpoint_id: { type: 'string' },
          deliveries: { type: 'array', items: webhookDeliverySchema },
          spanId: { type: 'string' },
        },
      },
    },
  },
] as const satisfies readonly ApiRoute[];

/** A route of the table, e.g. `POST /query-service/v1/rdbms`. */
export type RouteName = (typeof routes)[number]['route'];

/** Each route's entry under its name, with the literal types of its schemas. */
export type RouteTable = { readonly [R in (typeof routes)[number] as R['route']]: R };

// Object.fromEntries cannot know that the keys are the routes' own names; they are, by construction.
const table = Object.fromEntries(routes.map((r) => [r.route, r])) as RouteTable;

/** Every route under its name, as the general shape (for code that walks the whole table). */
export const ROUTES: Readonly<Record<string, ApiRoute>> = table;

/**
 * The options of one route, for its handler, typed with its literal schemas so the handler's body and
 * query types are derived from them. An unknown route does not compile (and throws at module load).
 */
export function apiRoute<N extends RouteName>(route: N): RouteTable[N] {
  const found: RouteTable[N] | undefined = table[route];
  if (!found) throw new Error(`route ${route} is not in lib/api/routes.ts`);
  return found;
}
