// DELETE /embedder-service/v1/collections/{name} — the collection with all its uploads, vectors and
// files; 200 with what was removed.
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { deleteCollection, type CollectionDeps } from '../../lib/ingest/collections';
import { httpDeps } from '../../lib/services/core';
import { collectionDeps } from '../../lib/services/embedded';

export function createCollectionDeleteHandler(deps: () => CollectionDeps, http: () => HttpDeps = httpDeps) {
  return httpHandler(
    { route: 'DELETE /embedder-service/v1/collections/{name}', body: 'none' },
    async (req) => ({ status: 200, body: await deleteCollection(deps(), req.principal.account, req.pathParams.name ?? '') }),
    http,
  );
}

export const handler = createCollectionDeleteHandler(collectionDeps);
