// POST /query-service/v1/vectordb — retrieval-augmented answer from a collection.
import { httpHandler } from '../../lib/http/handler';
import { checkCollectionName } from '../../lib/ingest/collection-name';
import { answerFromDocuments, type VectordbBody } from '../../lib/query/vectordb';
import { queryBodySchema } from '../../lib/query/shared';
import { httpDeps } from '../../lib/services/core';
import { queryModel } from '../../lib/services/query';
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
    const body = req.body;
    // Our collections follow our naming rule; a caller's MongoDB collection only its own.
    if (!body.vector_docdb_connection_string) checkCollectionName(body.vector_docdb_collection);
    const model = queryModel(body);
    try {
      const { answer, messages } = await answerFromDocuments(req.principal.account, body, model, vectordbDeps(), req.signal);
      return { status: 200, body: { answer, query: body.query, spanId: req.spanId, messages } };
    } finally {
      req.usage.aiTokens += model.meter.total.totalTokens;
    }
  },
  httpDeps,
);
