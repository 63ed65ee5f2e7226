// The retrieval endpoint's stores: our LanceDB collections, or the caller's MongoDB Atlas.
import { badRequest } from '../errors';
import { rootLogger } from '../log';
import { LOCAL_EMBEDDER_ID } from '../ai/local-embedder';
import { platformEmbedder } from '../ai/platform';
import type { Embedder } from '../ai/ports';
import type { VectordbBody, VectordbDeps } from '../query/vectordb';
import { aiPlatformConfig, config, statuses } from './core';
import { embedder, localEmbedder } from './embedding';
import { vectors } from './vectors';
import { onFirstUse } from './lazy';
import type { VectorStore } from '../vectors/ports';

/** Our collections are queried with the embedder that filled them, whatever platform answers. */
function embedderFor(id: string): Embedder | undefined {
  if (id === LOCAL_EMBEDDER_ID) return localEmbedder();
  const current = embedder();
  return current.id === id ? current : undefined;
}

function mongoDatabase(body: VectordbBody): string {
  if (body.vector_docdb_database) return body.vector_docdb_database;
  const fromUri = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?/]+)/.exec(body.vector_docdb_connection_string ?? '')?.[1];
  if (fromUri) return decodeURIComponent(fromUri);
  throw badRequest('No database was named for your document store', 'Send vector_docdb_database, or put the database in the connection string path', 'database_missing');
}

function callerVectorStore(body: VectordbBody): VectorStore {
  const database = mongoDatabase(body);
  return onFirstUse(
    async () =>
      new (await import('../vectors/mongodb-store')).MongoVectorStore({
        connectionString: body.vector_docdb_connection_string!,
        database,
        collection: body.vector_docdb_collection,
        // One address policy for every caller's server: the SQL switches apply to MongoDB too.
        addressPolicy: { allowLoopback: config().sql.allowLoopback, allowPrivate: config().sql.allowPrivate },
        log: rootLogger(),
      }),
  );
}

export const vectordbDeps = (): VectordbDeps => ({
  collections: statuses(),
  searchRoutes: config().searchRoutes,
  store: vectors(),
  embedderFor,
  callerStore: (body) => ({
    // The MongoDB driver loads only for requests that name the caller's own store.
    store: callerVectorStore(body),
    embedder: platformEmbedder({ ai_platform: body.ai_platform, apiKey: body['api+key'] }, aiPlatformConfig(), localEmbedder),
    notes: [],
  }),
});
