// The span: a short random id for the request, in the `x-span-id` header of every answer, and the
// clock the duration figures start from. Outermost, so its header goes on error answers too.
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
