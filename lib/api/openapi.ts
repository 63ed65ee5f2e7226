// /openapi.json: the service's own API as OpenAPI 3.1, generated from lib/api/routes.ts — the same
// route options (and request schemas) the handlers validate with.
import type { JsonSchema } from '../ai/ports';
import { IDENTIFIER_MAX } from '../http/validate';
import { COLLECTION_NAME } from '../ingest/collection-name';
import { ERROR_ENVELOPE } from '../spec/openapi';
import { SHORTNAME } from '../spec/rules';
import { ROUTES, type ApiRoute } from './routes';

export type OpenApiDocument = Record<string, unknown>;

/** Statuses every route may answer besides its success (docs/decisions.md); routes add theirs (`errors`). */
const COMMON_ERRORS: Record<number, string> = {
  400: 'Bad request: every violation is listed',
  401: 'The svcwt token is missing, malformed, badly signed or expired',
  404: "Not found (or another account's)",
  429: 'Quota or rate limit; see Retry-After',
  500: 'A bug of ours',
  504: 'Did not finish in time',
};
const QUERY_ERRORS: Record<number, string> = { 502: 'The AI platform or database could not be reached' };

/** What MCP answers for a failure inside the protocol (a bad message, a failed tool call). */
const JSON_RPC_ERROR = {
  type: 'object',
  required: ['jsonrpc', 'id', 'error'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer', 'null'] },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
    },
  },
};

/** Headers some failures carry. */
const ERROR_HEADERS: Record<number, Record<string, unknown>> = {
  405: { Allow: { description: 'The methods this path takes.', schema: { type: 'string' } } },
  429: {
    'Retry-After': { description: 'Seconds to wait, when the limit frees up by itself.', schema: { type: 'string' } },
  },
};

/** Path parameters, as narrow as the handlers check them (a longer one is a 400 before any lookup). */
const PATH_PARAMETERS: Record<string, JsonSchema> = {
  name: { type: 'string', pattern: COLLECTION_NAME.source },
  shortname: { type: 'string', pattern: SHORTNAME.pattern.source, maxLength: SHORTNAME.max },
  upload_id: { type: 'string', pattern: '^[A-Za-z0-9-]+$', maxLength: IDENTIFIER_MAX },
};

const QUERY_RESPONSE = {
  type: 'object',
  required: ['answer', 'query', 'spanId', 'messages'],
  properties: {
    answer: { type: 'string' },
    query: { type: 'string' },
    spanId: { type: 'string' },
    messages: {
      type: ['array', 'null'],
      items: { type: 'string' },
      description: 'Ends with "completed", or with "failed" after ISSUE/ADVICE lines.',
    },
  },
};

/** `ANY` routes are documented once per method API Gateway forwards. */
const ANY_METHODS = ['get', 'post', 'put', 'delete'];

const pathParams = (path: string) =>
  [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: PATH_PARAMETERS[m[1]!] ?? { type: 'string', minLength: 1, maxLength: IDENTIFIER_MAX },
  }));

function queryParams(schema: JsonSchema | undefined) {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => {
    const { description, ...rest } = s;
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(typeof description === 'string' && { description }),
      schema: rest,
    };
  });
}

function requestBody(route: ApiRoute) {
  if (route.bodySchema) return { required: true, content: { 'application/json': { schema: route.bodySchema } } };
  if (route.rawBody)
    return {
      description: route.rawBody.description,
      content: {
        [route.rawBody.type]: { schema: route.rawBody.schema },
        ...Object.fromEntries(
          Object.entries(route.rawBody.alternatives ?? {}).map(([type, schema]) => [type, { schema }]),
        ),
      },
    };
  return undefined;
}

function successContent(route: ApiRoute) {
  const { type = 'application/json', schema } = route.success;
  if (type === 'application/json') return { 'application/json': { schema: schema ?? { type: 'object' } } };
  if (type === 'text/html') return { 'text/html': { schema: { type: 'string' } } };
  return { '*/*': { schema: schema ?? {} } };
}

/** One failure status: the envelope (or, for MCP, a JSON-RPC error), and an HTML page where the route serves pages. */
function errorResponse(route: ApiRoute, status: number, description: string) {
  const envelope = { $ref: `#/components/schemas/${route.envelope === 'query' ? 'QueryResponse' : 'ErrorEnvelope'}` };
  const schema =
    route.errorBody === 'jsonrpc' ? { anyOf: [envelope, { $ref: '#/components/schemas/JsonRpcError' }] } : envelope;
  return {
    description,
    headers: { 'x-span-id': { $ref: '#/components/headers/SpanId' }, ...ERROR_HEADERS[status] },
    content: {
      'application/json': { schema },
      ...(route.success.type === 'text/html' && { 'text/html': { schema: { type: 'string' } } }),
    },
  };
}

function operation(route: ApiRoute, method: string, path: string) {
  const errors = { ...COMMON_ERRORS, ...(route.envelope === 'query' && QUERY_ERRORS), ...route.errors };
  if (route.auth === false) delete errors[401];
  const params = [...pathParams(path), ...queryParams(route.querySchema)];
  const body = requestBody(route);
  return {
    operationId: `${method}${operationName(path)}`,
    summary: route.summary,
    tags: [route.group],
    ...(route.auth === false && { security: [] }),
    ...(params.length > 0 && { parameters: params }),
    ...(body && { requestBody: body }),
    responses: {
      [route.success.status]: {
        description: route.success.description,
        headers: { 'x-span-id': { $ref: '#/components/headers/SpanId' } },
        content: successContent(route),
      },
      ...Object.fromEntries(
        Object.entries(route.emptyAnswers ?? {}).map(([status, description]) => [
          status,
          { description, headers: { 'x-span-id': { $ref: '#/components/headers/SpanId' } } },
        ]),
      ),
      ...Object.fromEntries(
        Object.entries(errors).map(([status, description]) => [
          status,
          errorResponse(route, Number(status), description),
        ]),
      ),
    },
  };
}

/** A method an `ANY` route answers only with 405: documented as exactly that, so nobody expects more. */
function refusedOperation(route: ApiRoute, method: string, path: string) {
  const served = route.methods!.served.map((m) => m.toUpperCase()).join(', ');
  const errors: Record<number, string> = {
    401: COMMON_ERRORS[401]!,
    405: `Not served: ${path} takes ${served} only (see Allow)`,
    429: COMMON_ERRORS[429]!,
  };
  if (route.auth === false) delete errors[401];
  return {
    operationId: `${method}${operationName(path)}`,
    summary: `Not served (405): ${path} takes ${served}`,
    tags: [route.group],
    ...(route.auth === false && { security: [] }),
    responses: Object.fromEntries(
      Object.entries(errors).map(([status, description]) => [
        status,
        errorResponse(route, Number(status), description),
      ]),
    ),
  };
}

/** `/functions/v1/{shortname}` → `FunctionsV1ByShortname`, for operation ids. */
const operationName = (path: string) =>
  path
    .replace(/\{([^}]+)\}/g, 'By_$1')
    .replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase());

/**
 * `baseUrl`: the address the document was asked for at (lib/http/event.ts), so clients generated
 * from it call that address; a relative `/` when it is not known.
 */
export function serviceOpenApi(version: string, baseUrl?: string): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of Object.values(ROUTES)) {
    const [method, path] = route.route.split(' ') as [string, string];
    const methods = method !== 'ANY' ? [method.toLowerCase()] : (route.methods?.served ?? ANY_METHODS);
    for (const m of methods) (paths[path] ??= {})[m] = operation(route, m, path);
    for (const m of route.methods?.refused ?? []) (paths[path] ??= {})[m] = refusedOperation(route, m, path);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'fnquery',
      version,
      description:
        'Hosted functions, natural-language queries (function calling, retrieval, text-to-SQL) and document ingestion. ' +
        'Every failure answers with "ISSUE: … ADVICE: …" lines.',
    },
    servers: [{ url: baseUrl ?? '/' }],
    security: [{ svcwt: [] }],
    tags: [...new Set(Object.values(ROUTES).map((r) => r.group))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ErrorEnvelope: ERROR_ENVELOPE, QueryResponse: QUERY_RESPONSE, JsonRpcError: JSON_RPC_ERROR },
      headers: {
        SpanId: { description: 'Short id of the request, for support and logs.', schema: { type: 'string' } },
      },
      securitySchemes: {
        svcwt: { type: 'apiKey', in: 'header', name: 'svcwt', description: 'Service-issued access token (a JWT).' },
      },
    },
  };
}
