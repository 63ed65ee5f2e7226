// The one wrapper every HTTP handler uses: a middy onion of
//   span+log → usage metrics → error envelope → auth → body → validation → handler.
// `after`/`onError` run in reverse, so the envelope is built before metrics read the status
// and the span middleware adds its header and writes the request's single log line last.
import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomBytes } from 'node:crypto';
import { gatewayTimeout, isServiceError, ServiceError, toServiceError } from '../errors';
import { errorFields, type Logger } from '../log';
import type { JsonSchema } from '../ai/ports';
import { loadSecrets, type Level } from '../config';
import { toHttpRequest, toLambdaResult, type HttpRequest, type Reply } from './event';
import { errorReply, withSpanId, type EnvelopeKind } from './envelope';
import { parseJsonBody } from './body';
import { compileCheck } from './validate';
import { ANONYMOUS, utcDay, type UsageStore } from './metrics';
import { bearerToken, TOKEN_HEADER, type Principal, type TokenVerifier } from './auth';

export interface HttpDeps {
  usage: UsageStore;
  verify: TokenVerifier;
  log: Logger;
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

export interface ServiceRequest<B = unknown> extends HttpRequest {
  body: B;
  principal: Principal;
  spanId: string;
  signal: AbortSignal;
  log: Logger;
  /** Handlers add the AI tokens they spend; the metrics middleware stores the total. */
  usage: { aiTokens: number };
}

type Event = APIGatewayProxyEventV2;
type Result = APIGatewayProxyStructuredResultV2;

interface State {
  started: number;
  spanId: string;
  log: Logger;
  request: HttpRequest;
  principal?: Principal;
  body?: unknown;
  usage: { aiTokens: number };
}

const STATE = Symbol('fnq-state');
const stateOf = (context: Context): State => (context as unknown as Record<symbol, State>)[STATE]!;

export const newSpanId = () => randomBytes(9).toString('base64url');

const ANONYMOUS_PRINCIPAL: Principal = { account: ANONYMOUS, level: 'free' as Level };

export function httpHandler<B = unknown>(
  options: RouteOptions,
  handle: (req: ServiceRequest<B>) => Promise<Reply>,
  deps: () => HttpDeps,
) {
  // Compiled at module load: once per cold start, never per request.
  const checkBody = options.bodySchema ? compileCheck(options.bodySchema, '/body') : undefined;
  const checkQuery = options.querySchema ? compileCheck(options.querySchema, '/query') : undefined;
  const envelope = options.envelope ?? 'plain';
  const needsAuth = options.auth ?? true;

  const span: MiddlewareObj<Event, Result, Error, Context> = {
    before: (request) => {
      const d = deps();
      const spanId = newSpanId();
      const state: State = {
        started: performance.now(),
        spanId,
        log: d.log.child({ spanId, route: options.route }),
        request: toHttpRequest(request.event),
        usage: { aiTokens: 0 },
      };
      (request.context as unknown as Record<symbol, State>)[STATE] = state;
    },
    after: (request) => finish(request),
    onError: (request) => finish(request),
  };
  const finish = (request: middy.Request<Event, Result, Error, Context>) => {
    const state = stateOf(request.context);
    if (!request.response) return;
    request.response.headers = { ...request.response.headers, 'x-span-id': state.spanId };
    state.log.info('request', {
      method: state.request.method,
      status: request.response.statusCode,
      durationMs: Math.round(performance.now() - state.started),
      account: state.principal?.account,
      aiTokens: state.usage.aiTokens || undefined,
    });
  };

  const metrics: MiddlewareObj<Event, Result, Error, Context> = {
    after: (request) => record(request),
    onError: (request) => record(request),
  };
  const record = async (request: middy.Request<Event, Result, Error, Context>) => {
    const state = stateOf(request.context);
    const status = request.response?.statusCode ?? 500;
    try {
      await deps().usage.add(state.principal?.account ?? ANONYMOUS, utcDay(), options.route, {
        calls: 1,
        errors: status >= 400 ? 1 : 0,
        durationMs: performance.now() - state.started,
        aiTokens: state.usage.aiTokens,
      });
    } catch (e) {
      // Metrics must never cost the caller their answer.
      state.log.warn('usage metrics not recorded', errorFields(e));
    }
  };

  const errors: MiddlewareObj<Event, Result, Error, Context> = {
    onError: (request) => {
      const state = stateOf(request.context);
      const error = toServiceError(request.error);
      if (error.status >= 500) state.log.error('request failed', { code: error.code, ...errorFields(error.cause ?? error) });
      else state.log.info('request refused', { code: error.code, status: error.status });
      const echoed = (state.body as { query?: unknown } | undefined)?.query;
      request.response = toLambdaResult(errorReply(error, envelope, state.spanId, typeof echoed === 'string' ? echoed : ''));
    },
  };

  const authenticate: MiddlewareObj<Event, Result, Error, Context> = {
    before: async (request) => {
      const state = stateOf(request.context);
      if (!needsAuth) {
        state.principal = ANONYMOUS_PRINCIPAL;
        return;
      }
      const headers = state.request.headers;
      const token = headers[TOKEN_HEADER] ?? (options.bearer ? bearerToken(headers.authorization) : undefined);
      try {
        state.principal = await deps().verify(token);
      } catch (e) {
        if (!options.bearer || !isServiceError(e) || e.status !== 401) throw e;
        throw new ServiceError(401, e.code, e.problems, { headers: { 'www-authenticate': 'Bearer realm="fnquery"' } });
      }
    },
  };

  const parseAndValidate: MiddlewareObj<Event, Result, Error, Context> = {
    before: (request) => {
      const state = stateOf(request.context);
      checkQuery?.(state.request.query);
      if (options.body === 'json') {
        state.body = parseJsonBody(state.request);
        checkBody?.(state.body);
      }
    },
  };

  const build = () =>
    middy<Event, Result, Error, Context>({
      timeoutEarlyInMillis: deps().timeoutMarginMs,
      timeoutEarlyResponse: () => {
        throw gatewayTimeout(
          'The request did not finish within the time limit',
          'Retry; if it keeps timing out, ask a smaller question or use fewer tables or documents',
          'timeout',
        );
      },
    })
      .use([span, metrics, errors, authenticate, parseAndValidate])
      .handler(async (_event, context, { signal }) => {
        const state = stateOf(context);
        const reply = await handle({
          ...state.request,
          body: state.body as B,
          principal: state.principal!,
          spanId: state.spanId,
          signal,
          log: state.log,
          usage: state.usage,
        });
        return toLambdaResult(withSpanId(reply, state.spanId));
      });

  // Built on the first request, after the secrets are read (once per cold start): the onion needs
  // the config, which needs them. A failed read fails the invocation (API Gateway answers 500, the
  // 5xx alarm sees it, the log names the parameter) and the next request tries again.
  let onion: ReturnType<typeof build> | undefined;
  return async (event: Event, context: Context): Promise<Result> => {
    await loadSecrets();
    onion ??= build();
    return onion(event, context);
  };
}
