// POST /query-service/v1/vectordb's answer, imported on the first request past auth and validation.
import type { ServiceRequest } from '../../../lib/http/handler';
import type { Reply } from '../../../lib/http/event';
import { checkCollectionName } from '../../../lib/ingest/collection-name';
import { answerQuery } from '../../../lib/query/answer';
import type { QueryModel, SharedQueryBody } from '../../../lib/query/shared';
import { answerFromDocuments, type VectordbBody, type VectordbDeps } from '../../../lib/query/vectordb';
import { queryModel } from '../../../lib/services/query';
import { vectordbDeps } from '../../../lib/services/retrieval';

export function createVectordbAnswer(deps: {
  queryModel: (body: SharedQueryBody) => Promise<QueryModel>;
  retrieval: VectordbDeps;
}): (req: ServiceRequest<VectordbBody>) => Promise<Reply> {
  return async (req) => {
    // Our collections follow our naming rule; a caller's MongoDB collection only its own.
    if (!req.body.vector_docdb_connection_string) {
      checkCollectionName(req.body.vector_docdb_collection);
      // The store readies itself (on a cold start: LanceDB's module, then the table's manifest from S3)
      // while the collection's records are read from DynamoDB. Its failure shows on the search.
      const ref = { account: req.principal.account, collection: req.body.vector_docdb_collection };
      deps.retrieval.store.prepare(ref).catch(() => undefined);
    }
    return answerQuery(req, await deps.queryModel(req.body), (model) =>
      answerFromDocuments(req.principal.account, req.body, model, deps.retrieval, req.signal),
    );
  };
}

export const wiredAnswer = () => createVectordbAnswer({ queryModel, retrieval: vectordbDeps() });
