// Every failure leaves as an envelope (docs/decisions.md): query routes in the query response
// shape, MCP's as a JSON-RPC error, every other route as {spanId, error, messages}. Our own bugs are
// logged with their cause; refusals (4xx) with their code only.
import { toServiceError } from '../../errors';
import { errorFields } from '../../log';
import { parseJsonBody } from '../../wire/body';
import { errorReply, type EnvelopeKind, type JsonRpcId } from '../envelope';
import { toLambdaResult } from '../event';
import { httpRequestOf, spanIdOf, type HttpMiddleware, type HttpMiddyRequest } from './internal';

/** The id of the JSON-RPC request a refusal answers (before the handler read it), when it has one. */
function rpcIdOf(request: HttpMiddyRequest): JsonRpcId | null {
  try {
    const id = (parseJsonBody(httpRequestOf(request)) as { id?: unknown } | null)?.id;
    return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : null;
  } catch {
    return null;
  }
}

export function errorEnvelope(options: { envelope: EnvelopeKind }): HttpMiddleware {
  return {
    name: 'errorEnvelope',
    onError: (request) => {
      const error = toServiceError(request.error);
      const log = request.internal.log;
      if (error.status >= 500) log?.error('request failed', { code: error.code, ...errorFields(error.cause ?? error) });
      else log?.info('request refused', { code: error.code, status: error.status });
      const echoed = (request.internal.body as { query?: unknown } | undefined)?.query;
      const rpcId = options.envelope === 'jsonrpc' ? rpcIdOf(request) : null;
      request.response = toLambdaResult(
        errorReply(error, options.envelope, spanIdOf(request), typeof echoed === 'string' ? echoed : '', rpcId),
      );
    },
  };
}
