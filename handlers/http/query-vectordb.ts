// POST /query-service/v1/vectordb — retrieval-augmented answer from a collection.
import { httpHandler } from '../../lib/http/handler';
import { checkCollectionName } from '../../lib/ingest/collection-name';
import { answerFromDocuments, type VectordbBody } from '../../lib/query/vectordb';
import { queryBodySchema } from '../../lib/query/shared';
import { httpDeps } from '../../lib/services/core';
import { answerQuery } from '../../lib/services/query';
import { vectordbDeps } from '../../lib/services/retrieval';

const bodySchema = queryBodySchema(
  {
    vector_docdb_collection: { type: 'string', minLength: 1, maxLength: 255 },
    rag_query: { type: 'string', maxLength: 20_000 },
    vector_docdb_connection_string: { type: 'string', minLength: 1, maxLength: 4096 },
    vector_docdb_database: { type: 'string', minLength: 1, maxLength: 64 },
  },
  ['vector_docdb_collection'],
);

export const handler = httpHandler<VectordbBody>(
  { route: 'POST /query-service/v1/vectordb', body: 'json', bodySchema, envelope: 'query' },
  async (req) => {
    // Our collections follow our naming rule; a caller's MongoDB collection only its own.
    if (!req.body.vector_docdb_connection_string) checkCollectionName(req.body.vector_docdb_collection);
    return answerQuery(req, (model) => answerFromDocuments(req.principal.account, req.body, model, vectordbDeps(), req.signal));
  },
  httpDeps,
);
