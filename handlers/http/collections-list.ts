// GET /embedder-service/v1/collections — the account's collections with their counts and embedder.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { listCollections, type CollectionReadDeps } from '../../lib/ingest/collections';
import { httpDeps } from '../../lib/services/core';
import { collectionReadDeps } from '../../lib/services/ingest';

export function createCollectionsListHandler(deps: () => CollectionReadDeps, http: () => HttpDeps = httpDeps) {
  return httpHandler(
    apiRoute('GET /embedder-service/v1/collections'),
    async (req) => ({ status: 200, body: { collections: await listCollections(deps(), req.principal.account) } }),
    http,
  );
}

export const handler = createCollectionsListHandler(collectionReadDeps);
