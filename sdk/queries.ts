// The three query endpoints. `structuredOutput` takes a JSON Schema object; the SDK base64-encodes it.
import type { Transport } from './transport';

export interface QueryOptions {
  /** `default` (the service's platform) or `openai`. */
  aiPlatform?: string;
  /** The platform key (`api+key`); required for `openai`. */
  apiKey?: string;
  /** JSON Schema of the answer; the answer then is JSON text that validates against it. */
  structuredOutput?: Record<string, unknown>;
}

export interface QueryResponse {
  answer: string;
  query: string;
  spanId: string;
  messages: string[] | null;
}

const shared = (query: string, o: QueryOptions) => ({
  query,
  ...(o.aiPlatform !== undefined ? { ai_platform: o.aiPlatform } : {}),
  ...(o.apiKey !== undefined ? { 'api+key': o.apiKey } : {}),
  ...(o.structuredOutput
    ? { structured_output: Buffer.from(JSON.stringify(o.structuredOutput)).toString('base64') }
    : {}),
});

export class Queries {
  constructor(private readonly http: Transport) {}

  /** An AI model answers with the help of the hosted function `shortname`. */
  function(query: string, shortname: string, options: QueryOptions = {}) {
    return this.http.json<QueryResponse>('POST', '/query-service/v1/function', {
      json: { ...shared(query, options), function: shortname },
    });
  }

  /** Retrieval-augmented answer from a collection (ours, or your MongoDB Atlas store with `connectionString`). */
  vectordb(
    query: string,
    collection: string,
    options: QueryOptions & { ragQuery?: string; connectionString?: string; database?: string } = {},
  ) {
    return this.http.json<QueryResponse>('POST', '/query-service/v1/vectordb', {
      json: {
        ...shared(query, options),
        vector_docdb_collection: collection,
        ...(options.ragQuery ? { rag_query: options.ragQuery } : {}),
        ...(options.connectionString ? { vector_docdb_connection_string: options.connectionString } : {}),
        ...(options.database ? { vector_docdb_database: options.database } : {}),
      },
    });
  }

  /** Text-to-SQL over your MySQL/MariaDB (TLS): `user:password@tcp(host:3306)/database`. */
  rdbms(query: string, tables: string[], connectionString: string, options: QueryOptions = {}) {
    return this.http.json<QueryResponse>('POST', '/query-service/v1/rdbms', {
      json: { ...shared(query, options), tables, sqldb_connection_string: connectionString },
    });
  }
}
