// The retrieval endpoint's stores: our LanceDB collections, or the caller's MongoDB Atlas.
import { rootLogger } from '../log';
import { collectionEmbedder, platformEmbedder } from '../ai/platform';
import { callerDatabase, type VectordbBody, type VectordbDeps } from '../query/vectordb';
import { aiPlatformConfig, config, statuses } from './core';
import { lexicalEmbedder } from './embedding';
import { vectors } from './vectors';
import { withDefaultRoutes } from '../vectors/search-route';
import { onFirstUse } from './lazy';
import type { VectorStore } from '../vectors/ports';

function callerVectorStore(body: VectordbBody): VectorStore {
  const database = callerDatabase(body);
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
  searchRoutes: withDefaultRoutes(config().searchRoutes),
  store: vectors(),
  embedderFor: (id) => collectionEmbedder(id, aiPlatformConfig(), lexicalEmbedder),
  callerStore: (body) => ({
    // The MongoDB driver loads only for requests that name the caller's own store.
    store: callerVectorStore(body),
    embedder: platformEmbedder(
      { ai_platform: body.ai_platform, apiKey: body['api+key'] },
      aiPlatformConfig(),
      lexicalEmbedder,
    ),
    notes: [],
  }),
});
