// POST /query-service/v1/vectordb — retrieval-augmented answer from a collection.
import { apiRoute } from '../../lib/api/routes';
import { httpHandler, type HttpDeps } from '../../lib/http/handler';
import { checkCollectionName } from '../../lib/ingest/collection-name';
import { answerQuery } from '../../lib/query/answer';
import type { QueryModel, SharedQueryBody } from '../../lib/query/shared';
import { answerFromDocuments, type VectordbDeps } from '../../lib/query/vectordb';
import { httpDeps } from '../../lib/services/core';
import { lazyHandler } from '../../lib/services/lazy';
import { queryModel } from '../../lib/services/query';
import { vectordbDeps } from '../../lib/services/retrieval';

export function createVectordbQueryHandler(deps: {
  http: HttpDeps;
  queryModel: (body: SharedQueryBody) => QueryModel;
  retrieval: VectordbDeps;
}) {
  return httpHandler(
    apiRoute('POST /query-service/v1/vectordb'),
    async (req) => {
      // Our collections follow our naming rule; a caller's MongoDB collection only its own.
      if (!req.body.vector_docdb_connection_string) checkCollectionName(req.body.vector_docdb_collection);
      return answerQuery(req, deps.queryModel(req.body), (model) =>
        answerFromDocuments(req.principal.account, req.body, model, deps.retrieval, req.signal),
      );
    },
    deps.http,
  );
}

export const handler = lazyHandler(() =>
  createVectordbQueryHandler({ http: httpDeps(), queryModel, retrieval: vectordbDeps() }),
);
