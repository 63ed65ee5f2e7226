// The span: the request's id (spanIdFor: the caller's x-request-id, else API Gateway's request id),
// in the `x-span-id` header of every answer, and the clock the duration figures start from.
// Outermost but for the Lambda context, so its header goes on error answers too.
import { spanIdOf, startedOf, type HttpMiddleware, type HttpMiddyRequest } from './internal';

export function span(): HttpMiddleware {
  const addHeader = (request: HttpMiddyRequest) => {
    if (!request.response) return;
    request.response.headers = { ...request.response.headers, 'x-span-id': spanIdOf(request) };
  };
  return {
    name: 'span',
    before: (request) => {
      startedOf(request);
      spanIdOf(request);
    },
    after: addHeader,
    onError: addHeader,
  };
}
