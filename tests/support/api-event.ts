// API Gateway HTTP API (v2) events and Lambda contexts for calling real handlers in tests.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomBytes } from 'node:crypto';

export interface EventInput {
  method?: string;
  path?: string;
  query?: Record<string, string>;
  pathParams?: Record<string, string>;
  headers?: Record<string, string>;
  /** Objects are sent as JSON (content-type set unless given); Buffers as base64. */
  body?: unknown;
  token?: string;
}

export function apiEvent(input: EventInput = {}): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = { ...input.headers };
  if (input.token) headers.svcwt = input.token;
  let body: string | undefined;
  let isBase64Encoded = false;
  if (Buffer.isBuffer(input.body)) {
    body = input.body.toString('base64');
    isBase64Encoded = true;
  } else if (typeof input.body === 'string') {
    body = input.body;
  } else if (input.body !== undefined) {
    body = JSON.stringify(input.body);
    headers['content-type'] ??= 'application/json';
  }
  const method = input.method ?? 'GET';
  const path = input.path ?? '/';
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(input.query ?? {}).toString(),
    headers,
    queryStringParameters: input.query,
    pathParameters: input.pathParams,
    body,
    isBase64Encoded,
    requestContext: {
      accountId: '123456789012',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      // API Gateway's form: 16 characters of base64, different for every request.
      requestId: randomBytes(11).toString('base64'),
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
  };
}

/** A Lambda context whose deadline is `remainingMs` from now. */
export function lambdaContext(remainingMs = 30_000): Context {
  const deadline = Date.now() + remainingMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:test',
    memoryLimitInMB: '1024',
    awsRequestId: 'test-request',
    logGroupName: 'test',
    logStreamName: 'test',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export type HandlerFn = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

/** Calls a handler and parses its JSON body. */
export async function call(handler: HandlerFn, input: EventInput = {}, remainingMs?: number) {
  const result = (await handler(apiEvent(input), lambdaContext(remainingMs))) as APIGatewayProxyStructuredResultV2;
  const text = result.body ?? '';
  let json: unknown;
  try {
    json = text && !result.isBase64Encoded ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return {
    status: result.statusCode!,
    headers: (result.headers ?? {}) as Record<string, string>,
    body: json as Record<string, unknown>,
    raw: result,
  };
}

/** A multipart/form-data body and its content type, encoded by the platform's own FormData as fetch sends it. */
export async function multipartBody(files: { field: string; filename: string; bytes: Uint8Array }[]) {
  const form = new FormData();
  for (const f of files) form.append(f.field, new Blob([f.bytes]), f.filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}
