// GET /embedder-service/v1/collections/{name} — one collection and the status of each of its uploads.
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { describeCollection, type CollectionReadDeps } from '../../lib/ingest/collections';
import { httpDeps } from '../../lib/services/core';
import { collectionReadDeps } from '../../lib/services/ingest';

export function createCollectionGetHandler(deps: () => CollectionReadDeps, http: () => HttpDeps = httpDeps) {
  return httpHandler(
    { route: 'GET /embedder-service/v1/collections/{name}', body: 'none' },
    async (req) => ({ status: 200, body: await describeCollection(deps(), req.principal.account, req.pathParams.name ?? '') }),
    http,
  );
}

export const handler = createCollectionGetHandler(collectionReadDeps);
