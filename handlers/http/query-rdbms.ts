// POST /query-service/v1/rdbms — text-to-SQL over the caller's MySQL/MariaDB (TLS only).
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { answerQuery } from '../../lib/query/answer';
import { answerFromDatabase, type RdbmsOptions } from '../../lib/query/rdbms';
import type { QueryModel, SharedQueryBody } from '../../lib/query/shared';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { queryModel } from '../../lib/services/query';
import { rdbmsOptions } from '../../lib/services/rdbms';

export function createRdbmsQueryHandler(deps: {
  http: HttpDeps;
  queryModel: (body: SharedQueryBody) => QueryModel;
  rdbms: RdbmsOptions;
}) {
  return httpHandler(
    apiRoute('POST /query-service/v1/rdbms'),
    (req) =>
      answerQuery(req, deps.queryModel(req.body), (model) =>
        answerFromDatabase(req.body, model, deps.rdbms, req.signal),
      ),
    deps.http,
  );
}

export const handler = lazyHandler(() =>
  createRdbmsQueryHandler({ http: httpDeps(), queryModel, rdbms: rdbmsOptions() }),
);
