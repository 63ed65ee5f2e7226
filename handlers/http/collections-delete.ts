// DELETE /embedder-service/v1/collections/{name} — the collection with all its uploads, vectors and
// files; 200 with what was removed.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { deleteCollection, type CollectionDeps } from '../../lib/ingest/collections';
import { httpDeps } from '../../lib/services/core';
import { collectionDeps } from '../../lib/services/embedded';

export function createCollectionDeleteHandler(deps: () => CollectionDeps, http: () => HttpDeps = httpDeps) {
  return httpHandler(
    apiRoute('DELETE /embedder-service/v1/collections/{name}'),
    async (req) => ({ status: 200, body: await deleteCollection(deps(), req.principal.account, req.pathParams.name ?? '') }),
    http,
  );
}

export const handler = createCollectionDeleteHandler(collectionDeps);
