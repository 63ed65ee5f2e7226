// Runs one middleware (or a few) through middy core around a stub handler, with a fake event.
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type {
  HttpEvent,
  HttpInternal,
  HttpMiddleware,
  HttpMiddyRequest,
  HttpResult,
} from '../../../../lib/http/middleware/internal';
import { apiEvent, lambdaContext, type EventInput } from '../../../support/api-event';

/** The handler sees the request's internal state; what it returns (or throws) is the base result. */
export async function run(
  middlewares: HttpMiddleware[],
  input: EventInput = {},
  handler: (internal: HttpInternal) => Promise<HttpResult> | HttpResult = () => ({ statusCode: 200, body: '' }),
) {
  let seen: HttpMiddyRequest | undefined;
  const lambda = middy<HttpEvent, HttpResult, Error, Context, HttpInternal>({ timeoutEarlyInMillis: 0 })
    .use([{ before: (request) => void (seen = request) }, ...middlewares])
    .handler(async () => handler(seen!.internal));
  const result = await lambda(apiEvent(input), lambdaContext());
  return { result, internal: seen!.internal };
}
