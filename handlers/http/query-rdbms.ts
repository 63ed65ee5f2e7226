// POST /query-service/v1/rdbms — text-to-SQL over the caller's MySQL/MariaDB (TLS only). This module is the
// route's edge (auth, validation, usage); the answer, with the engine, the SQL parser and the driver, is
// imported on the first request that passes them (after-auth/), so a refused one loads none of it.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { answerOnFirstCall, lazyHandler } from '../../lib/services/lazy';

export const handler = lazyHandler(() =>
  httpHandler(
    apiRoute('POST /query-service/v1/rdbms'),
    answerOnFirstCall(() => import('./after-auth/query-rdbms')),
    httpDeps(),
  ),
);
