// The three query endpoints. `structuredOutput` takes a JSON Schema object; the SDK base64-encodes it.
import type { Transport } from './transport';
import type { components, JsonRequest } from './wire';

export interface QueryOptions {
  /** `default` (the service's platform) or `openai`. */
  aiPlatform?: string;
  /** The platform key (`api+key`); required for `openai`. */
  apiKey?: string;
  /** JSON Schema of the answer; the answer then is JSON text that validates against it. */
  structuredOutput?: Record<string, unknown>;
}

/** What every query endpoint answers (the service's QueryResponse schema). */
export type QueryResponse = components['schemas']['QueryResponse'];

const shared = (query: string, o: QueryOptions) => ({
  query,
  ...(o.aiPlatform !== undefined ? { ai_platform: o.aiPlatform } : {}),
  ...(o.apiKey !== undefined ? { 'api+key': o.apiKey } : {}),
  ...(o.structuredOutput
    ? { structured_output: Buffer.from(JSON.stringify(o.structuredOutput)).toString('base64') }
    : {}),
});

/**
 * The three query endpoints, reached as `client.queries`. Every answer carries the `spanId` to quote
 * when asking about a request.
 *
 * @example
 * ```ts
 * const { answer, spanId } = await client.queries.function('Will it rain in Lyon tomorrow?', 'weather');
 * console.log(answer, spanId);
 * ```
 */
export class Queries {
  constructor(private readonly http: Transport) {}

  /**
   * An AI model answers with the help of the hosted function `shortname`.
   * @param query - The question in plain language.
   * @param shortname - The hosted function the model may call.
   * @param options - The AI platform, its key, and a JSON Schema for a structured answer.
   * @throws FnqServiceError with the query envelope in `body` when the query fails.
   *
   * @example
   * ```ts
   * const reply = await client.queries.function('Convert 12 miles to km', 'units', {
   *   structuredOutput: { type: 'object', properties: { km: { type: 'number' } }, required: ['km'] },
   * });
   * const { km } = JSON.parse(reply.answer) as { km: number };
   * ```
   */
  function(query: string, shortname: string, options: QueryOptions = {}) {
    return this.http.json<QueryResponse>('POST', '/query-service/v1/function', {
      json: { ...shared(query, options), function: shortname } satisfies JsonRequest<
        '/query-service/v1/function',
        'post'
      >,
    });
  }

  /**
   * Retrieval-augmented answer from a collection (ours, or your MongoDB Atlas store with `connectionString`).
   * @param query - The question in plain language.
   * @param collection - The collection whose chunks ground the answer.
   * @param options - Besides the shared options: `ragQuery` (what to search for, when it differs from the question),
   *   and `connectionString`/`database` for your own store.
   *
   * @example
   * ```ts
   * const reply = await client.queries.vectordb('How many vacation days do new staff get?', 'handbooks', {
   *   ragQuery: 'vacation days new employees',
   * });
   * console.log(reply.answer);
   * ```
   */
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
      } satisfies JsonRequest<'/query-service/v1/vectordb', 'post'>,
    });
  }

  /**
   * Text-to-SQL over your MySQL/MariaDB (TLS): `user:password@tcp(host:3306)/database`.
   * @param query - The question in plain language.
   * @param tables - The tables the generated SQL may read.
   * @param connectionString - Where the database is; the service connects over TLS and only reads.
   * @throws FnqServiceError 400 when the database refuses the connection string or its credentials,
   *   502/504 when it cannot be reached.
   *
   * @example
   * ```ts
   * const reply = await client.queries.rdbms(
   *   'Which three products sold most last month?',
   *   ['orders', 'products'],
   *   'reader:secret@tcp(db.example.internal:3306)/shop',
   * );
   * console.log(reply.answer);
   * ```
   */
  rdbms(query: string, tables: string[], connectionString: string, options: QueryOptions = {}) {
    return this.http.json<QueryResponse>('POST', '/query-service/v1/rdbms', {
      json: {
        ...shared(query, options),
        tables,
        sqldb_connection_string: connectionString,
      } satisfies JsonRequest<'/query-service/v1/rdbms', 'post'>,
    });
  }
}
