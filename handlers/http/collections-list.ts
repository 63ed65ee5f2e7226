// GET /embedder-service/v1/collections — the account's collections with their counts and embedder.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { listCollections, type CollectionReadDeps } from '../../lib/ingest/collections';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { collectionReadDeps } from '../../lib/services/collections';

export function createCollectionsListHandler(deps: { http: HttpDeps; collections: CollectionReadDeps }) {
  return httpHandler(
    apiRoute('GET /embedder-service/v1/collections'),
    async (req) => ({
      status: 200,
      body: { collections: await listCollections(deps.collections, req.principal.account) },
    }),
    deps.http,
  );
}

export const handler = lazyHandler(() =>
  createCollectionsListHandler({ http: httpDeps(), collections: collectionReadDeps() }),
);
