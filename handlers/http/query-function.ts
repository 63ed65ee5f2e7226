// POST /query-service/v1/function — an AI model answers with the help of a hosted function.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { answerQuery } from '../../lib/query/answer';
import { answerWithFunction, type FunctionQueryDeps } from '../../lib/query/function';
import type { QueryModel, SharedQueryBody } from '../../lib/query/shared';
import { config, httpDeps } from '../../lib/services/core';
import { functionInvoker, functionRegistry } from '../../lib/services/functions';
import { lazyHandler } from '../../lib/services/lazy';
import { queryModel } from '../../lib/services/query';

export function createFunctionQueryHandler(deps: {
  http: HttpDeps;
  queryModel: (body: SharedQueryBody) => QueryModel;
  functions: FunctionQueryDeps;
}) {
  return httpHandler(
    apiRoute('POST /query-service/v1/function'),
    (req) =>
      answerQuery(req, deps.queryModel(req.body), (model) =>
        answerWithFunction(req.body, model, deps.functions, req.log, req.signal),
      ),
    deps.http,
  );
}

export const handler = lazyHandler(() =>
  createFunctionQueryHandler({
    http: httpDeps(),
    queryModel,
    functions: { registry: functionRegistry(), invoker: functionInvoker(), timeoutMs: config().functions.timeoutMs },
  }),
);
