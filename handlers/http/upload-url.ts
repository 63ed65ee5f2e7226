// POST /embedder-service/v1/upload-url?collection_name=C&filename=F[&size=N] — a presigned S3 PUT for
// files too large to send through the API, and the upload's status record, queued until the file is
// in. S3's object-created notification then puts the job on the queue. This module is the route's edge
// (auth, validation, usage); the answer, with the intake's stores and the embedder's name, is imported on
// the first request that passes them (after-auth/), so a refused one loads none of it.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler } from '../../lib/http/handler';
import { httpDeps } from '../../lib/services/core';
import { answerOnFirstCall, lazyHandler } from '../../lib/services/lazy';

export const handler = lazyHandler(() =>
  httpHandler(
    apiRoute('POST /embedder-service/v1/upload-url'),
    answerOnFirstCall(() => import('./after-auth/upload-url')),
    httpDeps(),
  ),
);
