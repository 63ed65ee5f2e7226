// The object store port, shared by ingestion (uploaded files) and hosted functions (code bundles).
// Adapter: lib/aws/s3-blob-store.ts; tests use in-memory ones.

/**
 * The object store: uploaded documents and code bundles, by key.
 *
 * @example
 * ```ts
 * await blobStore.put('uploads/acct-1/u-1', new TextEncoder().encode('hello'));
 * const bytes = await blobStore.get('uploads/acct-1/u-1', 1024 * 1024);
 * log.info('read', { bytes: bytes?.byteLength ?? 0 });
 * ```
 */
export interface BlobStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * The object's bytes, or undefined when there is none. Throws a 413 ServiceError, before
   * reading anything, when the object is larger than `maxBytes`.
   * @param maxBytes - The most the caller will hold in memory.
   */
  get(key: string, maxBytes: number): Promise<Uint8Array | undefined>;
  /** Succeeds when the object is already gone. */
  delete(key: string): Promise<void>;
  /**
   * A URL that accepts one HTTP PUT of the object until it expires.
   * @param options - How long the URL is valid, and the exact size it accepts when known.
   */
  presignPut(key: string, options: { expiresInSeconds: number; contentLength?: number }): Promise<string>;
}
