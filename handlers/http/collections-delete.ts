// DELETE /embedder-service/v1/collections/{name} — the collection with all its uploads, vectors and
// files; 200 with what was removed.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { deleteCollection, type CollectionDeps } from '../../lib/ingest/collections';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { collectionDeps } from '../../lib/services/collections';

export function createCollectionDeleteHandler(deps: { http: HttpDeps; collections: CollectionDeps }) {
  return httpHandler(
    apiRoute('DELETE /embedder-service/v1/collections/{name}'),
    async (req) => ({
      status: 200,
      body: await deleteCollection(deps.collections, req.principal.account, req.pathParams.name ?? ''),
    }),
    deps.http,
  );
}

export const handler = lazyHandler(() =>
  createCollectionDeleteHandler({ http: httpDeps(), collections: collectionDeps() }),
);
