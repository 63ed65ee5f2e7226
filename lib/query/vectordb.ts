// POST /query-service/v1/vectordb: embed the (rag_)query with the collection's embedder, search,
// give the hits with their sources to the RAG answerer, answer. Plain orchestration over ports.
import type { Embedder } from '../ai/ports';
import { badRequest, conflict, notFound } from '../errors';
import type { StatusStore } from '../ingest/status';
import type { SearchHit, VectorStore } from '../vectors/ports';
import { fusionFor, searchRouteFor, type SearchRoute } from '../vectors/search-route';
import type { UsageMeter } from '../ai/usage';
import type { VectordbBody } from './body-schema';
import { finalAnswer, type QueryModel } from './shared';

export type { VectordbBody };

/** Hits given to the model: enough context to answer, small enough for any context window. */
export const CONTEXT_HITS = 8;

export interface RetrievalSource {
  store: VectorStore;
  embedder: Embedder;
  /** Lines for `messages` before `completed`, e.g. that the collection is still ingesting. */
  notes: string[];
}

export interface VectordbDeps {
  collections: Pick<StatusStore, 'getCollection' | 'listUploads'>;
  store: VectorStore;
  /** The embedder a collection was filled with, if this deployment can run it. */
  embedderFor(id: string): Embedder | undefined;
  /** The caller's own MongoDB Atlas store, queried with the platform's embedder. */
  callerStore(body: VectordbBody, model: QueryModel): RetrievalSource;
  /** Search route per collection embedder (lib/vectors/search-route.ts); the measured defaults when absent. */
  searchRoutes?: Readonly<Record<string, SearchRoute>>;
}

/** The caller's MongoDB database: `vector_docdb_database`, else the connection string's path. */
export function callerDatabase(
  body: Pick<VectordbBody, 'vector_docdb_database' | 'vector_docdb_connection_string'>,
): string {
  if (body.vector_docdb_database) return body.vector_docdb_database;
  const fromUri = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?/]+)/.exec(body.vector_docdb_connection_string ?? '')?.[1];
  if (fromUri) return decodeURIComponent(fromUri);
  throw badRequest(
    'No database was named for your document store',
    'Send vector_docdb_database, or put the database in the connection string path',
    'database_missing',
  );
}

export const describeSource = (hit: SearchHit) =>
  [hit.source, hit.page !== undefined ? `p. ${hit.page}` : undefined, hit.heading ? `"${hit.heading}"` : undefined]
    .filter(Boolean)
    .join(', ');

/** One of the account's collections, with the embedder that filled it and notes on unfinished uploads. */
export async function collectionSource(
  account: string,
  name: string,
  deps: Omit<VectordbDeps, 'callerStore'>,
): Promise<RetrievalSource> {
  const collection = await deps.collections.getCollection(account, name);
  // Another account's collection is indistinguishable from one that does not exist.
  if (!collection)
    throw notFound(
      `No collection named ${name} was found`,
      'Upload a document into it first, or check the name (it is case-sensitive)',
      'collection_not_found',
    );
  const embedder = deps.embedderFor(collection.embedder);
  if (!embedder) {
    throw conflict(
      `The collection ${name} was embedded with ${collection.embedder}, which this deployment no longer runs`,
      'Re-upload its documents into a new collection, or restore the embedding model the operator used',
      'embedder_unavailable',
    );
  }
  const uploads = await deps.collections.listUploads(account, name);
  const pending = uploads.filter((u) => u.state === 'queued' || u.state === 'processing');
  const notes = pending.length
    ? [
        `NOTE: ${pending.length} upload(s) in ${name} are still being embedded; the answer uses the ${uploads.length - pending.length} finished ones and the chunks embedded so far.`,
      ]
    : [];
  return { store: deps.store, embedder, notes };
}

/** The best `limit` chunks for `text`, searched by the route chosen for the source's embedder; embedding usage goes to `meter`. */
export async function searchSource(
  source: RetrievalSource,
  where: { account: string; collection: string },
  text: string,
  limit: number,
  meter: UsageMeter,
  routes: VectordbDeps['searchRoutes'],
  signal?: AbortSignal,
): Promise<SearchHit[]> {
  const [vector] = (await meter.meterEmbedder(source.embedder).embed([text], { signal })).vectors;
  const id = source.embedder.id;
  return source.store.search(where, {
    vector: vector!,
    text,
    limit,
    mode: searchRouteFor(id, routes),
    fusion: fusionFor(id),
  });
}

export async function answerFromDocuments(
  account: string,
  body: VectordbBody,
  model: QueryModel,
  deps: VectordbDeps,
  signal?: AbortSignal,
): Promise<{ answer: string; messages: string[] }> {
  const source = body.vector_docdb_connection_string
    ? deps.callerStore(body, model)
    : await collectionSource(account, body.vector_docdb_collection, deps);
  const hits = await searchSource(
    source,
    { account, collection: body.vector_docdb_collection },
    body.rag_query?.trim() || body.query,
    CONTEXT_HITS,
    model.meter,
    deps.searchRoutes,
    signal,
  );
  const passages = hits.map((h) => ({ text: h.text, source: describeSource(h), score: h.score }));
  const retrievalQuery = body.rag_query?.trim() || undefined;
  const answer = await finalAnswer(model, (format) =>
    model.tasks.ragAnswerer.answer({ question: body.query, retrievalQuery, passages }, format, { signal }),
  );
  return { answer, messages: [...source.notes, 'completed'] };
}
