// POST /embedder-service/v1/upload?collection_name=C — multipart part `file`, or JSON
// `{filename, data: base64}`; 202 with the queued status record. The embed worker does the rest
// (docs/ingest-pipeline.md). This module is the route's edge (auth, validation, usage); the answer, with
// the multipart parser and the intake's stores, is imported on the first request that passes them
// (after-auth/), so a refused one loads none of it.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { answerOnFirstCall, lazyHandler } from '../../lib/services/lazy';

export const handler = lazyHandler(() =>
  httpHandler(
    apiRoute('POST /embedder-service/v1/upload'),
    answerOnFirstCall(() => import('./after-auth/upload')),
    httpDeps(),
  ),
);
