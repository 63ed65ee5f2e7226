// POST /query-service/v1/rdbms — text-to-SQL over the caller's MySQL/MariaDB (TLS only).
import { apiRoute } from '../../lib/api/routes';
import { httpHandler } from '../../lib/http/handler';
import { answerFromDatabase, type RdbmsBody } from '../../lib/query/rdbms';
import { httpDeps } from '../../lib/services/core';
import { answerQuery, rdbmsOptions } from '../../lib/services/query';

export const handler = httpHandler<RdbmsBody>(
  apiRoute('POST /query-service/v1/rdbms'),
  (req) => answerQuery(req, (model) => answerFromDatabase(req.body, model, rdbmsOptions(), req.signal)),
  httpDeps,
);
