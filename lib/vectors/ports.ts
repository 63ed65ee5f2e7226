// The vector store port: our LanceDB tables and the caller's MongoDB Atlas collection both fit it.

/** A collection belongs to one account; nothing crosses that boundary. */
export interface CollectionRef {
  account: string;
  collection: string;
}

export interface ChunkRecord {
  /** Derived from upload id and position, so a redelivered job overwrites instead of duplicating. */
  id: string;
  uploadId: string;
  position: number;
  text: string;
  source: string;
  page?: number;
  heading?: string;
  vector: Float32Array;
}

export interface SearchHit {
  id: string;
  uploadId: string;
  text: string;
  source: string;
  page?: number;
  heading?: string;
  /** Higher is better; comparable within one result list only. */
  score: number;
}

export interface SearchQuery {
  vector: Float32Array;
  /** For the full-text side of hybrid search. */
  text: string;
  limit: number;
  mode?: 'hybrid' | 'vector' | 'text';
  /** The hybrid route's list weights, per the collection's embedder (search-route.ts); the store's own when absent. */
  fusion?: { vectorWeight: number; textWeight: number };
}

/**
 * Chunks and their vectors per collection: our LanceDB tables, or the caller's MongoDB Atlas collection.
 * Every call names the collection's account, so nothing crosses from one account to another.
 *
 * @example
 * ```ts
 * const ref = { account: 'acct-1', collection: 'handbooks' };
 * const hits = await vectorStore.search(ref, { vector: queryVector, text: 'refund policy', limit: 5 });
 * for (const hit of hits) log.info('hit', { score: hit.score, source: hit.source });
 * ```
 */
export interface VectorStore {
  /** Insert or replace by chunk id. */
  upsert(ref: CollectionRef, chunks: ChunkRecord[]): Promise<void>;
  /**
   * @returns The best `query.limit` hits, best first.
   */
  search(ref: CollectionRef, query: SearchQuery): Promise<SearchHit[]>;
  /**
   * @returns The collection's chunks, or one upload's when `uploadId` is given.
   */
  count(ref: CollectionRef, uploadId?: string): Promise<number>;
  deleteUpload(ref: CollectionRef, uploadId: string): Promise<void>;
  deleteCollection(ref: CollectionRef): Promise<void>;
  /**
   * Readies the store for a first search of the collection (loads what it runs on, opens the collection)
   * while the caller waits on something else; a search needs no prepare. A missing collection is no error.
   */
  prepare(ref: CollectionRef): Promise<void>;
}
