// What the HTTP middlewares share about one request, kept in middy's `request.internal` (a fresh
// object per invocation). Each field belongs to the middleware that sets it; the accessors below
// fill the ones any middleware may need first, so every middleware also works on its own.
import type middy from '@middy/core';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomBytes } from 'node:crypto';
import type { Logger } from '../../log';
import type { Principal } from '../auth';
import { toHttpRequest, type HttpRequest } from '../event';

export interface HttpInternal extends Record<string, unknown> {
  /** The plain request (event.ts), converted once. */
  http?: HttpRequest;
  /** span.ts */
  spanId?: string;
  started?: number;
  /** logger.ts: the request's logger, spanId and route on every line. */
  log?: Logger;
  /** auth.ts: the accepted token's account, or the anonymous principal of a public route. */
  principal?: Principal;
  /** body.ts: the parsed and validated JSON body. */
  body?: unknown;
  /** AI tokens the handler spent; the usage and logger middlewares report them. */
  usage?: { aiTokens: number };
}

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;
export type HttpMiddyRequest = middy.Request<HttpEvent, HttpResult, Error, Context, HttpInternal>;
export type HttpMiddleware = MiddlewareObj<HttpEvent, HttpResult, Error, Context, HttpInternal>;

export const newSpanId = () => randomBytes(9).toString('base64url');

/** What may pass as a span id: it goes into a response header and every log line of the request. */
const SPAN_ID = /^[A-Za-z0-9_.:=+/-]{1,64}$/;

/**
 * The span id: the caller's own `x-request-id` when it is a plain token, else API Gateway's request
 * id (the `$context.requestId` of its access log, and the logs' correlation id), so one id finds a
 * request in the access log and in ours; a random one only where there is neither.
 */
export function spanIdFor(event: HttpEvent): string {
  const incoming = event.headers?.['x-request-id']?.trim();
  if (incoming && SPAN_ID.test(incoming)) return incoming;
  const requestId = event.requestContext?.requestId;
  return requestId && SPAN_ID.test(requestId) ? requestId : newSpanId();
}

export const httpRequestOf = (request: HttpMiddyRequest): HttpRequest =>
  (request.internal.http ??= toHttpRequest(request.event));

export const spanIdOf = (request: HttpMiddyRequest): string => (request.internal.spanId ??= spanIdFor(request.event));

export const startedOf = (request: HttpMiddyRequest): number => (request.internal.started ??= performance.now());

export const usageOf = (request: HttpMiddyRequest): { aiTokens: number } =>
  (request.internal.usage ??= { aiTokens: 0 });

/** The response status, 500 while none was set (an error no middleware answered). */
export const statusOf = (request: HttpMiddyRequest): number => request.response?.statusCode ?? 500;
