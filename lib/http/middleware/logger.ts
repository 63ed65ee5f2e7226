// The request's logger (a child carrying spanId and route) for every middleware and the handler,
// and the request's one summary line when it ends: method, status, duration, account, AI tokens.
import type { Logger } from '../../log';
import { httpRequestOf, spanIdOf, startedOf, statusOf, type HttpMiddleware, type HttpMiddyRequest } from './internal';

export function requestLogger(options: { log: Logger; route: string }): HttpMiddleware {
  const summary = (request: HttpMiddyRequest) => {
    if (!request.response) return;
    const { internal } = request;
    (internal.log ?? options.log).info('request', {
      method: httpRequestOf(request).method,
      status: statusOf(request),
      durationMs: Math.round(performance.now() - startedOf(request)),
      account: internal.principal?.account,
      aiTokens: internal.usage?.aiTokens || undefined,
    });
  };
  return {
    name: 'requestLogger',
    before: (request) => {
      request.internal.log = options.log.child({ spanId: spanIdOf(request), route: options.route });
    },
    after: summary,
    onError: summary,
  };
}
