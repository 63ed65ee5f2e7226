// The one wrapper every HTTP handler uses: a middy onion, one middleware per concern (middleware/):
//   Lambda context → span → logger → metrics → usage → errors → auth → body → handOver → handler.
// `after`/`onError` run in reverse, so the error envelope is built before usage, metrics and the
// log line read the status, and the span header goes on last. The early timeout is middy core's.
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { lambdaContext, type Logger } from '../log';
import type { JsonSchema, SchemaValue } from '../json-schema';
import type { HttpRequest, Reply } from './event';
import { toLambdaResult } from './event';
import { withSpanId, type EnvelopeKind } from './envelope';
import type { UsageStore } from '../usage/ports';
import type { Principal, TokenVerifier } from './auth';
import type { HttpEvent, HttpInternal, HttpResult } from './middleware/internal';
import { handOver, type HandedOverEvent } from './middleware/handover';
import { span } from './middleware/span';
import { requestLogger } from './middleware/logger';
import { operationalMetrics, type EmfMetrics } from './middleware/metrics';
import { usageCounters } from './middleware/usage';
import { errorEnvelope } from './middleware/errors';
import { authenticate } from './middleware/auth';
import { requestBody } from './middleware/body';
import { earlyTimeout } from './middleware/timeout';

export interface HttpDeps {
  usage: UsageStore;
  verify: TokenVerifier;
  log: Logger;
  metrics: EmfMetrics;
  timeoutMarginMs: number;
}

export interface RouteOptions {
  /** Metric and log name, e.g. `GET /embedder-service/v1/status`. */
  route: string;
  auth?: boolean;
  envelope?: EnvelopeKind;
  /** `json`: parsed and validated; `raw`: left to the handler (multipart); `none`: ignored. */
  body?: 'json' | 'raw' | 'none';
  bodySchema?: JsonSchema;
  querySchema?: JsonSchema;
  /**
   * Also take the token from `Authorization: Bearer` (svcwt wins when both are sent), and answer a
   * 401 with `WWW-Authenticate: Bearer`, as HTTP clients of bearer-token protocols (MCP) expect.
   */
  bearer?: boolean;
}

/**
 * The body a route's handler reads: the type of its `bodySchema` when that is a literal (the schema
 * the body middleware validated it with), any JSON without one, nothing for routes that do not parse JSON.
 */
export type RouteBody<O extends RouteOptions> = O extends { bodySchema: infer S }
  ? SchemaValue<S>
  : O extends { body: 'json' }
    ? unknown
    : undefined;

/**
 * The query parameters a route's handler reads: typed from its literal `querySchema` (every value
 * arrives as a string, so the parameters are strings as well), else plain strings.
 */
export type RouteQuery<O extends RouteOptions> = O extends { querySchema: infer S }
  ? unknown extends SchemaValue<S>
    ? HttpRequest['query']
    : SchemaValue<S> & HttpRequest['query']
  : HttpRequest['query'];

export interface ServiceRequest<B = unknown, Q = HttpRequest['query']> extends Omit<HttpRequest, 'query'> {
  query: Q;
  body: B;
  principal: Principal;
  spanId: string;
  signal: AbortSignal;
  log: Logger;
  /** Handlers add the AI tokens they spend; the usage middleware stores the total. */
  usage: { aiTokens: number };
}

export type HttpLambda = (event: HttpEvent, context: Context) => Promise<HttpResult>;

/**
 * The route's Lambda handler; each schema compiles once, on its first check, never per request. The
 * handler's body and query types come from the route's own schemas (RouteBody, RouteQuery).
 */
export function httpHandler<O extends RouteOptions>(
  options: O,
  handle: (req: ServiceRequest<RouteBody<O>, RouteQuery<O>>) => Promise<Reply>,
  deps: HttpDeps,
): HttpLambda {
  // The chain is declared with the event `handOver` (last before the handler) produces; `.handler<HttpEvent>`
  // keeps the outer Lambda's signature the plain API Gateway event.
  return middy<HandedOverEvent, HttpResult, Error, Context, HttpInternal>(earlyTimeout(deps.timeoutMarginMs))
    .use([
      lambdaContext<HttpEvent, HttpResult>(deps.log),
      span(),
      requestLogger({ log: deps.log, route: options.route }),
      operationalMetrics({ metrics: deps.metrics, route: options.route }),
      usageCounters({ usage: deps.usage, route: options.route }),
      errorEnvelope({ envelope: options.envelope ?? 'plain' }),
      authenticate({ verify: deps.verify, required: options.auth ?? true, bearer: options.bearer }),
      requestBody(options),
      handOver(),
    ])
    .handler<HttpEvent>(async (event, _context, { signal }) => {
      const { http, spanId, principal, log, body, usage } = event.handedOver;
      // The one place the checked values meet their types: requestBody validated both against the very
      // schemas RouteBody and RouteQuery are derived from, before this step runs.
      const reply = await handle({
        ...http,
        query: http.query as RouteQuery<O>,
        body: body as RouteBody<O>,
        principal,
        spanId,
        signal,
        log,
        usage,
      });
      return toLambdaResult(withSpanId(reply, spanId));
    });
}
