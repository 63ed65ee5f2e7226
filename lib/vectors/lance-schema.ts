// The Arrow layout of a chunk table, and the conversions between it and the port's types.
import { lanceDb } from './lancedb-module';
import { Field, FixedSizeList, Float32, Int32, Schema, Utf8, type Table as ArrowTable } from 'apache-arrow';
import { EMBEDDING_DIMENSIONS } from '../ai/ports';
import type { ChunkRecord, SearchHit } from './ports';

export const VECTOR_COLUMN = 'vector';
export const TEXT_COLUMN = 'text';

// `id` is declared the table's (unenforced) primary key when the table is created. Without it two
// workers upserting the same new ids at once both find them absent and both insert: a redelivered
// job would duplicate its chunks. With it Lance sees the overlap as a conflict, and the loser
// retries as an update (measured: 6 racing merges, duplicates in every round without, none with).
const PRIMARY_KEY = new Map([['lance-schema:unenforced-primary-key', 'true']]);

export const CHUNK_SCHEMA = new Schema([
  new Field('id', new Utf8(), false, PRIMARY_KEY),
  new Field('uploadId', new Utf8(), false),
  new Field('position', new Int32(), false),
  new Field(TEXT_COLUMN, new Utf8(), false),
  new Field('source', new Utf8(), false),
  new Field('page', new Int32(), true),
  new Field('heading', new Utf8(), true),
  new Field(VECTOR_COLUMN, new FixedSizeList(EMBEDDING_DIMENSIONS, new Field('item', new Float32(), true)), false),
]);

/** What a search reads back: everything but the vector, which nobody downstream needs. */
export const HIT_COLUMNS = ['id', 'uploadId', TEXT_COLUMN, 'source', 'page', 'heading'];

export function toArrowTable(chunks: ChunkRecord[]): ArrowTable {
  for (const chunk of chunks) {
    if (chunk.vector.length !== EMBEDDING_DIMENSIONS) {
      throw new Error(`Chunk ${chunk.id} has a ${chunk.vector.length}-dim vector; tables hold ${EMBEDDING_DIMENSIONS}`);
    }
  }
  // null, not undefined: makeArrowTable drops a column whose values are all undefined.
  const rows = chunks.map((c) => ({
    id: c.id,
    uploadId: c.uploadId,
    position: c.position,
    text: c.text,
    source: c.source,
    page: c.page ?? null,
    heading: c.heading ?? null,
    vector: c.vector,
  }));
  return lanceDb().makeArrowTable(rows, { schema: CHUNK_SCHEMA });
}

export function toSearchHit(row: Record<string, unknown>, score: number): SearchHit {
  const hit: SearchHit = {
    id: String(row.id),
    uploadId: String(row.uploadId),
    text: String(row.text),
    source: String(row.source),
    score,
  };
  if (typeof row.page === 'number') hit.page = row.page;
  if (typeof row.heading === 'string') hit.heading = row.heading;
  return hit;
}
