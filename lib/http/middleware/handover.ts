// The last before-middleware: it assembles what the route's handler is owed (the plain request,
// the span id, the accepted principal, the request's logger, the usage tally, the parsed body)
// into one typed value on the event the handler step receives. Middy hands its base handler only
// (event, context, {signal}), so the event is the typed channel: the chain is declared with
// `HandedOverEvent`, the outer Lambda still takes a plain API Gateway event, and the early-timeout
// signal stays middy core's.
import type { Logger } from '../../log';
import type { Principal } from '../auth';
import type { HttpRequest } from '../event';
import { httpRequestOf, spanIdOf, usageOf, type HttpEvent, type HttpMiddleware } from './internal';

/** What the handler step needs beyond the HTTP request and the abort signal. */
export interface HandedOver {
  http: HttpRequest;
  spanId: string;
  principal: Principal;
  log: Logger;
  /** Parsed and validated by body.ts; `undefined` for routes whose body is not JSON. */
  body: unknown;
  /** The same object the usage and logger middlewares read when the request ends. */
  usage: { aiTokens: number };
}

/** The API Gateway event as the handler step sees it, once this middleware has run. */
export interface HandedOverEvent extends HttpEvent {
  handedOver: HandedOver;
}

export function handOver(): HttpMiddleware {
  return {
    name: 'handOver',
    before: (request) => {
      const { principal, log, body } = request.internal;
      // Only a chain assembled without authenticate or requestLogger gets here: our bug, a 500.
      if (!principal || !log) throw new Error('handOver needs authenticate and requestLogger before it');
      // A copy, so the caller's event object is left as it came.
      const event: HandedOverEvent = {
        ...request.event,
        handedOver: {
          http: httpRequestOf(request),
          spanId: spanIdOf(request),
          principal,
          log,
          body,
          usage: usageOf(request),
        },
      };
      request.event = event;
    },
  };
}
