// Collections of uploaded documents, and deleting them or single uploads.
import type { Transport } from './transport';
import type { JsonResponse } from './wire';

/** A collection with its document and chunk counts and the embedder that filled it. */
export type CollectionInfo = JsonResponse<'/embedder-service/v1/collections', 'get'>['collections'][number];

/**
 * Collections of uploaded documents: list them, read one with its uploads, delete them.
 * Reached as `client.collections`.
 *
 * @example
 * ```ts
 * const names = (await client.collections.list()).map((c) => c.name);
 * ```
 */
export class Collections {
  constructor(private readonly http: Transport) {}

  /**
   * Every collection of the calling account, with its document and chunk counts.
   * @throws FnqServiceError when the service refuses (e.g. 401 for an expired token).
   *
   * @example
   * ```ts
   * for (const c of await client.collections.list()) console.log(`${c.name}: ${c.documents} documents`);
   * ```
   */
  list() {
    return this.http
      .json<{ collections: CollectionInfo[] }>('GET', '/embedder-service/v1/collections')
      .then((r) => r.collections);
  }

  /**
   * One collection and the status of each of its uploads.
   * @param name - The collection's name.
   * @throws FnqServiceError 404 when the account has no collection of that name.
   *
   * @example
   * ```ts
   * const { chunks, uploads } = await client.collections.get('handbooks');
   * console.log(chunks, uploads.filter((u) => u.status === 'failed').length);
   * ```
   */
  get(name: string) {
    return this.http.json<JsonResponse<'/embedder-service/v1/collections/{name}', 'get'>>(
      'GET',
      `/embedder-service/v1/collections/${encodeURIComponent(name)}`,
    );
  }

  /**
   * Deletes a collection with all its documents and chunks.
   * @param name - The collection's name.
   * @returns The service's confirmation record.
   *
   * @example
   * ```ts
   * await client.collections.delete('old-handbooks');
   * ```
   */
  delete(name: string) {
    return this.http.json<Record<string, unknown>>(
      'DELETE',
      `/embedder-service/v1/collections/${encodeURIComponent(name)}`,
    );
  }

  /**
   * Deletes one upload (its document and chunks) from its collection.
   * @param uploadId - The `upload_id` that `uploads.upload` answered.
   *
   * @example
   * ```ts
   * const queued = await client.uploads.upload('notes', 'draft.txt', new TextEncoder().encode('first draft'));
   * await client.collections.deleteUpload(queued.upload_id);
   * ```
   */
  deleteUpload(uploadId: string) {
    return this.http.json<Record<string, unknown>>(
      'DELETE',
      `/embedder-service/v1/uploads/${encodeURIComponent(uploadId)}`,
    );
  }
}
