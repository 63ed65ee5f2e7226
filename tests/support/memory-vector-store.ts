// An in-memory VectorStore for tests: the port's semantics (upsert by id, per account and collection)
// with exact cosine search.
import type { ChunkRecord, CollectionRef, SearchHit, SearchQuery, VectorStore } from '../../lib/vectors/ports';

const tableKey = (ref: CollectionRef) => JSON.stringify([ref.account, ref.collection]);

export class MemoryVectorStore implements VectorStore {
  readonly tables = new Map<string, Map<string, ChunkRecord>>();

  private table(ref: CollectionRef): Map<string, ChunkRecord> {
    let table = this.tables.get(tableKey(ref));
    if (!table) this.tables.set(tableKey(ref), (table = new Map()));
    return table;
  }

  async upsert(ref: CollectionRef, chunks: ChunkRecord[]): Promise<void> {
    const table = this.table(ref);
    for (const chunk of chunks) table.set(chunk.id, chunk);
  }

  async search(ref: CollectionRef, query: SearchQuery): Promise<SearchHit[]> {
    const hits = [...this.table(ref).values()].map(({ vector, position: _p, ...chunk }) => ({
      ...chunk,
      score: vector.reduce((sum, v, i) => sum + v * (query.vector[i] ?? 0), 0),
    }));
    return hits.sort((a, b) => b.score - a.score).slice(0, query.limit);
  }

  async prepare(): Promise<void> {}

  async count(ref: CollectionRef, uploadId?: string): Promise<number> {
    return [...this.table(ref).values()].filter((c) => uploadId === undefined || c.uploadId === uploadId).length;
  }

  async deleteUpload(ref: CollectionRef, uploadId: string): Promise<void> {
    const table = this.table(ref);
    for (const [id, chunk] of table) if (chunk.uploadId === uploadId) table.delete(id);
  }

  async deleteCollection(ref: CollectionRef): Promise<void> {
    this.tables.delete(tableKey(ref));
  }
}
