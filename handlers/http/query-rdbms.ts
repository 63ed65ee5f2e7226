// POST /query-service/v1/rdbms — text-to-SQL over the caller's MySQL/MariaDB (TLS only).
import { httpHandler } from '../../lib/http/handler';
import { answerFromDatabase, type RdbmsBody } from '../../lib/query/rdbms';
import { queryBodySchema } from '../../lib/query/shared';
import { httpDeps } from '../../lib/services/core';
import { answerQuery, rdbmsOptions } from '../../lib/services/query';

const bodySchema = queryBodySchema(
  {
    tables: { type: 'array', minItems: 1, maxItems: 50, uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 64 } },
    sqldb_connection_string: { type: 'string', minLength: 1, maxLength: 2048 },
  },
  ['tables', 'sqldb_connection_string'],
);

export const handler = httpHandler<RdbmsBody>(
  { route: 'POST /query-service/v1/rdbms', body: 'json', bodySchema, envelope: 'query' },
  (req) => answerQuery(req, (model) => answerFromDatabase(req.body, model, rdbmsOptions(), req.signal)),
  httpDeps,
);
