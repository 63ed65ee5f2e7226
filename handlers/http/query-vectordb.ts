// POST /query-service/v1/vectordb — retrieval-augmented answer from a collection. This module is the
// route's edge (auth, validation, usage); the answer, with the engine and the stores, is imported on the
// first request that passes them (after-auth/), so a refused one loads none of it.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { answerOnFirstCall, lazyHandler } from '../../lib/services/lazy';

export const handler = lazyHandler(() =>
  httpHandler(
    apiRoute('POST /query-service/v1/vectordb'),
    answerOnFirstCall(() => import('./after-auth/query-vectordb')),
    httpDeps(),
  ),
);
