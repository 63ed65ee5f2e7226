// DELETE /embedder-service/v1/uploads/{upload_id} — removes the upload's vectors, file and record;
// 200 with what was removed.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { deleteUpload, type CollectionDeps } from '../../lib/ingest/collections';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { collectionDeps } from '../../lib/services/collections';

export function createUploadDeleteHandler(deps: { http: HttpDeps; collections: CollectionDeps }) {
  return httpHandler(
    apiRoute('DELETE /embedder-service/v1/uploads/{upload_id}'),
    async (req) => ({
      status: 200,
      body: await deleteUpload(deps.collections, req.principal.account, req.pathParams.upload_id ?? ''),
    }),
    deps.http,
  );
}

export const handler = lazyHandler(() =>
  createUploadDeleteHandler({ http: httpDeps(), collections: collectionDeps() }),
);
