// Our own vector store: LanceDB, one table per account and collection (collection-table.ts), on
// local disk or S3. On AWS the URI is `s3+ddb://bucket/prefix?ddbTableName=T`: plain S3 has no
// atomic "create if absent", so concurrent writers would overwrite each other's commits; the
// DynamoDB table makes each commit a conditional put.
//
// The connection and every opened table are kept for the life of the container: an opened table
// holds its index caches, which is most of a warm search's speed. With the default read
// consistency of 0 s each read still checks for newer commits (one list or DynamoDB query), so a
// query Lambda sees an upload as soon as its worker has committed it.
import type { Connection, FtsOptions, Table } from '@lancedb/lancedb';
import { loadLanceDb } from './lancedb-module';
import { EMBEDDING_DIMENSIONS } from '../ai/ports';
import { conflict } from '../errors';
import { rootLogger, type Logger } from '../log';
import { tableNameFor } from './collection-table';
import { isTransient, retryTransient } from './lance-retry';
import {
  DEFAULT_TEXT_INDEX,
  DEFAULT_VECTOR_INDEX,
  isMissingTextIndex,
  refreshIndexes,
  type IndexPolicy,
  type VectorIndexPolicy,
} from './lance-indexes';
import { DEFAULT_MAINTENANCE, maintain, type MaintenancePolicy } from './lance-maintenance';
import { CHUNK_SCHEMA, HIT_COLUMNS, TEXT_COLUMN, toArrowTable, toSearchHit } from './lance-schema';
import { RRF_K, fuseByReciprocalRank } from './rank-fusion';
import type { ChunkRecord, CollectionRef, SearchHit, SearchQuery, VectorStore } from './ports';
import { sqlString } from './sql-literal';

export interface HybridFusion {
  vectorWeight: number;
  textWeight: number;
  k: number;
  /** How deep each list is read before fusing (at least the requested limit). */
  candidates: number;
}

/**
 * Tuned on SciFact with the embedded default's lexical embedder (bench/retrieval.ts): its vectors
 * carry little that BM25 lacks there, so fused 1:1 (0.623 nDCG@10) fell below full text alone
 * (0.695), while text weighted 5× keeps the words in charge and lets vectors reorder and fill in
 * (0.672). A dense semantic embedder usually wants 1:1; docs/vectors.md has the figures.
 */
const DEFAULT_FUSION: HybridFusion = { vectorWeight: 1, textWeight: 5, k: RRF_K, candidates: 50 };

export interface LanceStoreOptions {
  uri: string;
  /** Object-store settings, e.g. awsEndpoint, awsRegion, allowHttp, dynamodbEndpoint. */
  storageOptions?: Record<string, string>;
  /** How old a read may be against other processes' commits, in seconds; default 0. */
  readConsistencySeconds?: number;
  fusion?: Partial<HybridFusion>;
  /** Tokenizer of the full-text index, fixed when a table is created. */
  textIndex?: Partial<FtsOptions>;
  vectorIndex?: Partial<VectorIndexPolicy>;
  /** When tables are compacted and old versions removed (lance-maintenance.ts). */
  maintenance?: Partial<MaintenancePolicy>;
  log?: Logger;
}

/** Read-backs of a new table's first write before giving up (checkSurvived). */
const RECHECKS = 3;

/**
 * LanceDB's error for a table that does not exist, or that was dropped under an open handle; not
 * one naming a single manifest, which is a commit still being published (lance-retry.ts).
 */
const isMissingTable = (e: unknown) =>
  e instanceof Error && /was not found|not found: \S*\.lance/i.test(e.message) && !isTransient(e);

export class LanceVectorStore implements VectorStore {
  private connection: Promise<Connection> | undefined;
  private readonly tables = new Map<string, Promise<Table>>();
  /** Tables that were empty when this store opened them: see checkSurvived. */
  private readonly newborn = new WeakSet<Table>();
  private readonly fusion: HybridFusion;
  private readonly indexes: IndexPolicy;
  private readonly maintenance: MaintenancePolicy;
  private readonly log: Logger;

  constructor(private readonly options: LanceStoreOptions) {
    this.fusion = { ...DEFAULT_FUSION, ...options.fusion };
    this.indexes = {
      text: options.textIndex ?? DEFAULT_TEXT_INDEX,
      vector: { ...DEFAULT_VECTOR_INDEX, ...options.vectorIndex },
    };
    this.maintenance = { ...DEFAULT_MAINTENANCE, ...options.maintenance };
    this.log = options.log ?? rootLogger();
  }

  /** Inserts new ids and replaces existing ones in one commit, so a redelivered job adds nothing. */
  async upsert(ref: CollectionRef, chunks: ChunkRecord[]): Promise<void> {
    if (chunks.length === 0) return;
    await loadLanceDb();
    const rows = toArrowTable(chunks);
    await this.withTable(ref, 'create', undefined, async (table) => {
      const merge = () => table.mergeInsert('id').whenMatchedUpdateAll().whenNotMatchedInsertAll().execute(rows);
      await merge();
      await refreshIndexes(table, this.indexes, this.log);
      if (this.newborn.has(table)) await this.checkSurvived(table, chunks, merge);
      await maintain(table, this.maintenance, this.log);
    });
  }

  /** LanceDB's module loaded (its `dlopen` and the Arrow code) and the table opened, kept for the search. */
  async prepare(ref: CollectionRef): Promise<void> {
    await this.withTable(ref, 'open', undefined, async () => undefined);
  }

  async search(ref: CollectionRef, query: SearchQuery): Promise<SearchHit[]> {
    if (query.limit <= 0) return [];
    const mode = query.mode ?? 'hybrid';
    return this.withTable(ref, 'open', [], async (table) => {
      if (mode === 'vector') return this.byVector(table, query.vector, query.limit);
      if (mode === 'text') return this.byText(table, query.text, query.limit);
      const depth = Math.max(query.limit, this.fusion.candidates);
      const [vectorHits, textHits] = await Promise.all([
        this.byVector(table, query.vector, depth),
        this.byText(table, query.text, depth),
      ]);
      const fused = fuseByReciprocalRank(
        [
          { hits: vectorHits, weight: (query.fusion ?? this.fusion).vectorWeight },
          { hits: textHits, weight: (query.fusion ?? this.fusion).textWeight },
        ],
        this.fusion.k,
      );
      return fused.slice(0, query.limit);
    });
  }

  /** 0 for a collection that has no table (never written, or deleted). */
  async count(ref: CollectionRef, uploadId?: string): Promise<number> {
    return this.withTable(ref, 'open', 0, (table) =>
      table.countRows(uploadId === undefined ? undefined : `uploadId = ${sqlString(uploadId)}`),
    );
  }

  async deleteUpload(ref: CollectionRef, uploadId: string): Promise<void> {
    await this.withTable(ref, 'open', undefined, async (table) => {
      const filter = `uploadId = ${sqlString(uploadId)}`;
      // Retries clear an upload that usually has no rows yet: no version, no compaction for those.
      if ((await table.countRows(filter)) === 0) return;
      await table.delete(filter);
      await maintain(table, this.maintenance, this.log, true);
    });
  }

  /** Drops the table; a collection that has none is already deleted. */
  async deleteCollection(ref: CollectionRef): Promise<void> {
    const name = tableNameFor(ref);
    this.tables.delete(name);
    try {
      await (await this.connect()).dropTable(name);
    } catch (e) {
      if (!isMissingTable(e)) throw e;
    }
  }

  /** Cosine similarity, best first. A zero vector (empty query) points nowhere: no hits. */
  private async byVector(table: Table, vector: Float32Array, limit: number): Promise<SearchHit[]> {
    if (vector.length !== EMBEDDING_DIMENSIONS) {
      throw conflict(
        `The query was embedded with ${vector.length} dimensions but the collection holds ${EMBEDDING_DIMENSIONS}`,
        'Query the collection with the embedder that filled it',
        'embedder_mismatch',
      );
    }
    if (vector.every((x) => x === 0)) return [];
    const query = this.indexes.vector.tune(table.vectorSearch(vector).distanceType('cosine'));
    const rows = await query
      .select([...HIT_COLUMNS, '_distance'])
      .limit(limit)
      .toArray();
    return rows.map((row: Record<string, unknown>) => toSearchHit(row, 1 - Number(row._distance)));
  }

  /** BM25 over the full-text index; the text is matched as words, never parsed as a query language. */
  private async byText(table: Table, text: string, limit: number): Promise<SearchHit[]> {
    if (!text.trim()) return [];
    try {
      const rows = await table
        .query()
        .fullTextSearch(text, { columns: [TEXT_COLUMN] })
        .select([...HIT_COLUMNS, '_score'])
        .limit(limit)
        .toArray();
      return rows.map((row: Record<string, unknown>) => toSearchHit(row, Number(row._score)));
    } catch (e) {
      if (!isMissingTextIndex(e)) throw e;
      this.log.warn('Full-text index missing; the next write builds it', { table: table.name });
      return [];
    }
  }

  private connect(): Promise<Connection> {
    this.connection ??= loadLanceDb()
      .then((lancedb) =>
        lancedb.connect(this.options.uri, {
          storageOptions: this.options.storageOptions,
          readConsistencyInterval: this.options.readConsistencySeconds ?? 0,
        }),
      )
      .catch((e: unknown) => {
        this.connection = undefined;
        throw e;
      });
    return this.connection;
  }

  /** The open table, or undefined when it does not exist (and `how` is 'open'). */
  private async table(name: string, how: 'open' | 'create'): Promise<Table | undefined> {
    for (let attempt = 1; ; attempt++) {
      let pending = this.tables.get(name);
      if (!pending) {
        pending = this.connect().then((db) =>
          retryTransient(() => (how === 'open' ? db.openTable(name) : this.openOrCreate(db, name))),
        );
        this.tables.set(name, pending);
      }
      try {
        return await pending;
      } catch (e) {
        if (this.tables.get(name) === pending) this.tables.delete(name);
        if (!isMissingTable(e)) throw e;
        if (how === 'open') return undefined;
        // A reader's cached open found no table; this writer creates it on the next pass.
        if (attempt > 1) throw e;
      }
    }
  }

  /** A collection's first write creates its table; its indexes follow in refreshIndexes. */
  private async openOrCreate(db: Connection, name: string): Promise<Table> {
    try {
      return await db.openTable(name);
    } catch (e) {
      if (!isMissingTable(e)) throw e;
    }
    const table = await retryTransient(() =>
      db.createEmptyTable(name, CHUNK_SCHEMA, { mode: 'create', existOk: true }),
    );
    if ((await table.countRows()) === 0) this.newborn.add(table);
    return table;
  }

  /**
   * When two workers create one table at once, LanceDB commits the second creation as an
   * overwrite of the first (seen on disk and on S3). If that lands after another worker's first
   * write, the write is silently emptied. It can only happen while a table is new, so writes to a
   * table this store found empty are read back, and written again if they vanished.
   */
  private async checkSurvived(table: Table, chunks: ChunkRecord[], merge: () => Promise<unknown>): Promise<void> {
    const ids = [...new Set(chunks.map((c) => c.id))];
    const ours = `id IN (${ids.map(sqlString).join(', ')})`;
    for (let attempt = 1; attempt <= RECHECKS; attempt++) {
      if ((await table.countRows(ours)) === ids.length) {
        this.newborn.delete(table);
        return;
      }
      this.log.warn('Chunks lost to a concurrent table creation; writing them again', { table: table.name, attempt });
      await merge();
    }
    throw new Error(`Chunks written to ${table.name} kept vanishing after ${RECHECKS} attempts`);
  }

  /**
   * Runs `use` on the collection's table; without one, returns `absent` (or creates it). Every
   * operation is idempotent, so a transient failure reruns it whole (lance-retry.ts). A cached
   * handle whose table another process dropped fails with "not found": it is forgotten and the
   * table opened afresh, once.
   */
  private async withTable<T>(
    ref: CollectionRef,
    how: 'open' | 'create',
    absent: T,
    use: (table: Table) => Promise<T>,
  ): Promise<T> {
    const name = tableNameFor(ref);
    for (let attempt = 1; ; attempt++) {
      const table = await this.table(name, how);
      if (!table) return absent;
      try {
        return await retryTransient(() => use(table));
      } catch (e) {
        if (attempt > 1 || !isMissingTable(e)) throw e;
        this.tables.delete(name);
      }
    }
  }
}
