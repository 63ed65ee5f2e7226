// GET /embedder-service/v1/collections/{name} — one collection and the status of each of its uploads.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { describeCollection, type CollectionReadDeps } from '../../lib/ingest/collections';
import { httpDeps } from '../../lib/services/core';
import { collectionReadDeps } from '../../lib/services/ingest';

export function createCollectionGetHandler(deps: () => CollectionReadDeps, http: () => HttpDeps = httpDeps) {
  return httpHandler(
    apiRoute('GET /embedder-service/v1/collections/{name}'),
    async (req) => ({ status: 200, body: await describeCollection(deps(), req.principal.account, req.pathParams.name ?? '') }),
    http,
  );
}

export const handler = createCollectionGetHandler(collectionReadDeps);
