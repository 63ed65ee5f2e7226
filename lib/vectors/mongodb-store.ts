// The caller's own MongoDB (Atlas) collection as a read-only vector store. The connection string
// arrives with every request (docs/interface.md: secrets are passed each time) and is never stored or
// logged; clients are kept per warm container under a hash of it, so a repeated request reuses
// the pool instead of paying a TLS and auth handshake.
import { createHash } from 'node:crypto';
import { MongoClient, type Document } from 'mongodb';
import { checkMongoAddresses, policyLookup, type MongoAddressPolicy } from './mongodb-address';
import { badRequest, isServiceError } from '../errors';
import { rootLogger, type Logger } from '../log';
import { exactCosinePipeline, vectorSearchPipeline, type MongoFields } from './mongodb-pipelines';
import { badConnectionString, isVectorSearchUnavailable, mongoFailure } from './mongodb-errors';
import type { CollectionRef, SearchHit, SearchQuery, VectorStore } from './ports';

export interface MongoStoreOptions {
  connectionString: string;
  database: string;
  /** `vector_docdb_collection`. */
  collection: string;
  /** Atlas Vector Search index name; default `vector_index`. */
  indexName?: string;
  /** Default `embedding`. */
  vectorPath?: string;
  /** Default `text`. */
  textField?: string;
  /** Default `source`. */
  sourceField?: string;
  /** How long to look for a reachable server before answering 502; default 5 s. */
  serverSelectionTimeoutMs?: number;
  /** The address policy of every caller's server (lib/net/address-policy.ts); loopback and private refused by default. */
  addressPolicy?: MongoAddressPolicy;
  log?: Logger;
}

const MONGO_DEFAULTS = {
  indexName: 'vector_index',
  vectorPath: 'embedding',
  textField: 'text',
  sourceField: 'source',
  serverSelectionTimeoutMs: 5_000,
} as const;

/** Bounds one aggregation, so a slow exact scan fails inside the Lambda's time. */
const QUERY_TIMEOUT_MS = 10_000;
/** The client's own bound on a whole search (selection, connection, aggregation), past the server's. */
const CLIENT_TIMEOUT_MS = QUERY_TIMEOUT_MS + 2_000;
/** Clients kept per container; the oldest is closed when a new string arrives. */
const MAX_CLIENTS = 8;
const clients = new Map<string, MongoClient>();

/** The cache key: a hash, so the map holds nothing a heap dump could reveal. */
export const connectionKey = (connectionString: string) =>
  createHash('sha256').update(connectionString, 'utf8').digest('hex');

/**
 * A shared client for this connection string; the driver connects on first use. TLS is always
 * on, sockets resolve names through the address policy, and connecting is bounded like selection.
 */
export function clientFor(
  connectionString: string,
  serverSelectionTimeoutMs: number,
  policy: MongoAddressPolicy = {},
): MongoClient {
  const key = connectionKey(connectionString);
  const cached = clients.get(key);
  if (cached) return cached;
  let client: MongoClient;
  try {
    client = new MongoClient(connectionString, {
      serverSelectionTimeoutMS: serverSelectionTimeoutMs,
      connectTimeoutMS: serverSelectionTimeoutMs,
      timeoutMS: CLIENT_TIMEOUT_MS,
      tls: true,
      lookup: policyLookup(policy),
      appName: 'fnquery',
      maxPoolSize: 4,
    });
  } catch {
    // The driver's message may quote the string, password included.
    throw badConnectionString();
  }
  clients.set(key, client);
  if (clients.size > MAX_CLIENTS) {
    const [oldestKey, oldest] = clients.entries().next().value as [string, MongoClient];
    clients.delete(oldestKey);
    void oldest.close();
  }
  return client;
}

function forgetClient(connectionString: string) {
  const key = connectionKey(connectionString);
  const client = clients.get(key);
  clients.delete(key);
  void client?.close();
}

const readOnly = () =>
  badRequest(
    'Writing, counting and deleting are not supported for your own store',
    'Write and delete documents in your MongoDB collection with your own tools; the service only searches it',
    'not_supported_for_own_store',
  );

export class MongoVectorStore implements VectorStore {
  private readonly fields: MongoFields;
  private readonly indexName: string;
  private readonly log: Logger;

  constructor(private readonly options: MongoStoreOptions) {
    this.fields = {
      vectorPath: options.vectorPath ?? MONGO_DEFAULTS.vectorPath,
      textField: options.textField ?? MONGO_DEFAULTS.textField,
      sourceField: options.sourceField ?? MONGO_DEFAULTS.sourceField,
    };
    this.indexName = options.indexName ?? MONGO_DEFAULTS.indexName;
    this.log = options.log ?? rootLogger();
  }

  /** Vector ranking only, whatever `mode` asks: full-text needs an Atlas Search index we cannot assume. */
  async search(_ref: CollectionRef, query: SearchQuery): Promise<SearchHit[]> {
    const vector = Array.from(query.vector);
    if (query.limit <= 0 || vector.every((x) => x === 0)) return [];
    const search = { ...this.fields, vector, limit: query.limit };
    const { connectionString, addressPolicy = {} } = this.options;
    try {
      // Checked on every search: the client cache must not outlive a DNS change to a refused address.
      await checkMongoAddresses(connectionString, addressPolicy);
      const collection = clientFor(
        connectionString,
        this.options.serverSelectionTimeoutMs ?? MONGO_DEFAULTS.serverSelectionTimeoutMs,
        addressPolicy,
      )
        .db(this.options.database)
        .collection(this.options.collection);
      const run = (pipeline: Document[]) => collection.aggregate(pipeline, { maxTimeMS: QUERY_TIMEOUT_MS }).toArray();
      let rows: Document[];
      try {
        rows = await run(vectorSearchPipeline({ ...search, index: this.indexName }));
      } catch (e) {
        if (!isVectorSearchUnavailable(e)) throw e;
        this.log.info('$vectorSearch unavailable on this server; ranking by exact cosine');
        rows = await run(exactCosinePipeline(search));
      }
      return rows.map(toHit);
    } catch (e) {
      if (isServiceError(e)) throw e;
      const failure = mongoFailure(e);
      if (!failure) throw e;
      // A client that cannot reach or log in is dropped, so a fixed network rule or password works at once.
      if (failure.status === 502 || failure.code === 'database_auth_failed') forgetClient(connectionString);
      throw failure;
    }
  }

  async upsert(): Promise<void> {
    throw readOnly();
  }

  async count(): Promise<number> {
    throw readOnly();
  }

  async deleteUpload(): Promise<void> {
    throw readOnly();
  }

  async deleteCollection(): Promise<void> {
    throw readOnly();
  }

  /** The driver connects on the search itself: nothing to do ahead of it. */
  async prepare(): Promise<void> {}
}

const toHit = (row: Document): SearchHit => ({
  id: String(row.id),
  uploadId: '',
  text: typeof row.text === 'string' ? row.text : '',
  source: typeof row.source === 'string' ? row.source : '',
  score: Number(row.score),
});
