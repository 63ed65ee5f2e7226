// GET /embedder-service/v1/collections/{name} — one collection and the status of each of its uploads.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { describeCollection, type CollectionReadDeps } from '../../lib/ingest/collections';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { collectionReadDeps } from '../../lib/services/collections';

export function createCollectionGetHandler(deps: { http: HttpDeps; collections: CollectionReadDeps }) {
  return httpHandler(
    apiRoute('GET /embedder-service/v1/collections/{name}'),
    async (req) => ({
      status: 200,
      body: await describeCollection(deps.collections, req.principal.account, req.pathParams.name ?? ''),
    }),
    deps.http,
  );
}

export const handler = lazyHandler(() =>
  createCollectionGetHandler({ http: httpDeps(), collections: collectionReadDeps() }),
);
