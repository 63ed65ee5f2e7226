// POST /query-service/v1/function — an AI model answers with the help of a hosted function.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler } from '../../lib/http/handler';
import { answerWithFunction, type FunctionQueryBody } from '../../lib/query/function';
import { config, httpDeps } from '../../lib/services/core';
import { functionInvoker, functionRegistry } from '../../lib/services/functions';
import { answerQuery } from '../../lib/services/query';

export const handler = httpHandler<FunctionQueryBody>(
  apiRoute('POST /query-service/v1/function'),
  (req) =>
    answerQuery(req, (model) => {
      const deps = { registry: functionRegistry(), invoker: functionInvoker(), timeoutMs: config().functions.timeoutMs };
      return answerWithFunction(req.body, model, deps, req.log, req.signal);
    }),
  httpDeps,
);
