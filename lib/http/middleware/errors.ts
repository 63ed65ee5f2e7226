// Every failure leaves as an envelope (docs/decisions.md): query routes in the query response
// shape, every other route as {spanId, error, messages}. Our own bugs are logged with their cause;
// refusals (4xx) with their code only.
import { toServiceError } from '../../errors';
import { errorFields } from '../../log';
import { errorReply, type EnvelopeKind } from '../envelope';
import { toLambdaResult } from '../event';
import { spanIdOf, type HttpMiddleware } from './internal';

export function errorEnvelope(options: { envelope: EnvelopeKind }): HttpMiddleware {
  return {
    name: 'errorEnvelope',
    onError: (request) => {
      const error = toServiceError(request.error);
      const log = request.internal.log;
      if (error.status >= 500) log?.error('request failed', { code: error.code, ...errorFields(error.cause ?? error) });
      else log?.info('request refused', { code: error.code, status: error.status });
      const echoed = (request.internal.body as { query?: unknown } | undefined)?.query;
      request.response = toLambdaResult(
        errorReply(error, options.envelope, spanIdOf(request), typeof echoed === 'string' ? echoed : ''),
      );
    },
  };
}
