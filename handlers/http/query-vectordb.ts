// POST /query-service/v1/vectordb — retrieval-augmented answer from a collection.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler } from '../../lib/http/handler';
import { checkCollectionName } from '../../lib/ingest/collection-name';
import { answerFromDocuments, type VectordbBody } from '../../lib/query/vectordb';
import { httpDeps } from '../../lib/services/core';
import { answerQuery } from '../../lib/services/query';
import { vectordbDeps } from '../../lib/services/retrieval';

export const handler = httpHandler<VectordbBody>(
  apiRoute('POST /query-service/v1/vectordb'),
  async (req) => {
    // Our collections follow our naming rule; a caller's MongoDB collection only its own.
    if (!req.body.vector_docdb_connection_string) checkCollectionName(req.body.vector_docdb_collection);
    return answerQuery(req, (model) => answerFromDocuments(req.principal.account, req.body, model, vectordbDeps(), req.signal));
  },
  httpDeps,
);
