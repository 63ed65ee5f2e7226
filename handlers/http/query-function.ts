// POST /query-service/v1/function — an AI model answers with the help of a hosted function.
import { httpHandler } from '../../lib/http/handler';
import { answerWithFunction, type FunctionQueryBody } from '../../lib/query/function';
import { queryBodySchema } from '../../lib/query/shared';
import { config, httpDeps } from '../../lib/services/core';
import { functionInvoker, functionRegistry } from '../../lib/services/functions';
import { answerQuery } from '../../lib/services/query';

const bodySchema = queryBodySchema({ function: { type: 'string', minLength: 1, maxLength: 64 } }, ['function']);

export const handler = httpHandler<FunctionQueryBody>(
  { route: 'POST /query-service/v1/function', body: 'json', bodySchema, envelope: 'query' },
  (req) =>
    answerQuery(req, (model) => {
      const deps = { registry: functionRegistry(), invoker: functionInvoker(), timeoutMs: config().functions.timeoutMs };
      return answerWithFunction(req.body, model, deps, req.log, req.signal);
    }),
  httpDeps,
);
