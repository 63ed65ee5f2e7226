// POST /query-service/v1/function's answer, imported on the first request past auth and validation.
import type { ServiceRequest } from '../../../lib/http/handler';
import type { Reply } from '../../../lib/http/event';
import { answerQuery } from '../../../lib/query/answer';
import { answerWithFunction, type FunctionQueryBody, type FunctionQueryDeps } from '../../../lib/query/function';
import type { QueryModel, SharedQueryBody } from '../../../lib/query/shared';
import { config } from '../../../lib/services/core';
import { functionInvoker, functionRegistry } from '../../../lib/services/functions';
import { queryModel } from '../../../lib/services/query';

export function createFunctionAnswer(deps: {
  queryModel: (body: SharedQueryBody) => Promise<QueryModel>;
  functions: FunctionQueryDeps;
}): (req: ServiceRequest<FunctionQueryBody>) => Promise<Reply> {
  return async (req) =>
    answerQuery(req, await deps.queryModel(req.body), (model) =>
      answerWithFunction(req.body, model, deps.functions, req.log, req.signal),
    );
}

export const wiredAnswer = () =>
  createFunctionAnswer({
    queryModel,
    functions: { registry: functionRegistry(), invoker: functionInvoker(), timeoutMs: config().functions.timeoutMs },
  });
