// POST /query-service/v1/function — an AI model answers with the help of a hosted function. This module is
// the route's edge (auth, validation, usage); the answer, with the engine and the function registry, is
// imported on the first request that passes them (after-auth/), so a refused one loads none of it.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { answerOnFirstCall, lazyHandler } from '../../lib/services/lazy';

export const handler = lazyHandler(() =>
  httpHandler(
    apiRoute('POST /query-service/v1/function'),
    answerOnFirstCall(() => import('./after-auth/query-function')),
    httpDeps(),
  ),
);
