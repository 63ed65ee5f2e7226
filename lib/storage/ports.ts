// The object store port, shared by ingestion (uploaded files) and hosted functions (code bundles).
// Adapter: lib/aws/s3-blob-store.ts; tests use in-memory ones.

export interface BlobStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * The object's bytes, or undefined when there is none. Throws a 413 ServiceError, before
   * reading anything, when the object is larger than `maxBytes`.
   */
  get(key: string, maxBytes: number): Promise<Uint8Array | undefined>;
  /** Succeeds when the object is already gone. */
  delete(key: string): Promise<void>;
  /** A URL that accepts one HTTP PUT of the object until it expires. */
  presignPut(key: string, options: { expiresInSeconds: number; contentLength?: number }): Promise<string>;
}
