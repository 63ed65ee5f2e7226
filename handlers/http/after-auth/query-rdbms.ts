// POST /query-service/v1/rdbms's answer, imported on the first request past auth and validation.
import type { ServiceRequest } from '../../../lib/http/handler';
import type { Reply } from '../../../lib/http/event';
import { answerQuery } from '../../../lib/query/answer';
import { answerFromDatabase, type RdbmsBody, type RdbmsOptions } from '../../../lib/query/rdbms';
import type { QueryModel, SharedQueryBody } from '../../../lib/query/shared';
import { queryModel } from '../../../lib/services/query';
import { rdbmsOptions } from '../../../lib/services/rdbms';

export function createRdbmsAnswer(deps: {
  queryModel: (body: SharedQueryBody) => Promise<QueryModel>;
  rdbms: RdbmsOptions;
}): (req: ServiceRequest<RdbmsBody>) => Promise<Reply> {
  return async (req) =>
    answerQuery(req, await deps.queryModel(req.body), (model) =>
      answerFromDatabase(req.body, model, deps.rdbms, req.signal),
    );
}

export const wiredAnswer = () => createRdbmsAnswer({ queryModel, rdbms: rdbmsOptions() });
