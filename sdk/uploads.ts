// Document uploads, their status, and waiting for the embedding to finish. Files over the direct
// limit go through a presigned upload URL, the same pipeline.
import { DIRECT_UPLOAD_MAX_BYTES } from '../lib/ingest/limits';
import { FnqConnectionError } from './errors';
import type { Transport } from './transport';
import type { JsonResponse, QueryParams } from './wire';

/** An upload's status record, as GET /embedder-service/v1/status answers it. */
export type UploadStatus = JsonResponse<'/embedder-service/v1/status', 'get'>;

export interface WaitOptions {
  /** Called after every poll, e.g. to draw a progress bar. */
  onProgress?: (status: UploadStatus) => void;
  intervalMs?: number;
  timeoutMs?: number;
}

/**
 * Document uploads into collections, reached as `client.uploads`. Large files go through a presigned
 * upload URL; the caller does not need to know which way was taken.
 *
 * @example
 * ```ts
 * const done = await client.uploads.uploadAndWait('handbooks', 'leave.md', new TextEncoder().encode('# Leave'));
 * console.log(done.embedded_chunks);
 * ```
 */
export class Uploads {
  constructor(private readonly http: Transport) {}

  /**
   * Uploads `data` as `filename` into `collection`; answers the queued status record.
   * @param collection - Created on the first upload into it.
   * @param filename - Its extension picks the parser (e.g. `.pdf`, `.md`, `.txt`).
   * @param data - The file's bytes.
   * @throws FnqServiceError 400/413 for an unsupported type or a file over the limit.
   * @throws FnqConnectionError when the service or the upload URL cannot be reached.
   *
   * @example
   * ```ts
   * const queued = await client.uploads.upload('notes', 'meeting.txt', new Blob(['Agreed: ship on Friday.']));
   * console.log(queued.upload_id, queued.status);
   * ```
   */
  upload(collection: string, filename: string, data: Uint8Array | Blob) {
    const blob = data instanceof Blob ? data : new Blob([data]);
    if (blob.size > DIRECT_UPLOAD_MAX_BYTES) return this.uploadThroughUrl(collection, filename, blob);
    const form = new FormData();
    form.append('file', blob, filename);
    return this.http.json<JsonResponse<'/embedder-service/v1/upload', 'post', 202>>(
      'POST',
      '/embedder-service/v1/upload',
      {
        query: { collection_name: collection } satisfies QueryParams<'/embedder-service/v1/upload', 'post'>,
        form,
      },
    );
  }

  private async uploadThroughUrl(collection: string, filename: string, blob: Blob): Promise<UploadStatus> {
    const { upload_url: url, ...status } = await this.http.json<
      JsonResponse<'/embedder-service/v1/upload-url', 'post', 201>
    >('POST', '/embedder-service/v1/upload-url', {
      query: { collection_name: collection, filename, size: String(blob.size) } satisfies QueryParams<
        '/embedder-service/v1/upload-url',
        'post'
      >,
    });
    let put: Response;
    try {
      put = await fetch(url, { method: 'PUT', body: blob });
    } catch (e) {
      throw new FnqConnectionError(new URL(url).origin, e);
    }
    if (!put.ok) throw new Error(`the file could not be stored through the upload URL (HTTP ${put.status})`);
    return status;
  }

  /**
   * The upload's status record as it is now.
   * @param uploadId - The `upload_id` that `upload` answered.
   *
   * @example
   * ```ts
   * const now = await client.uploads.status('0b7c1e9a');
   * console.log(`${now.embedded_chunks}/${now.total_chunks}`);
   * ```
   */
  status(uploadId: string) {
    return this.http.json<UploadStatus>('GET', '/embedder-service/v1/status', {
      query: { upload_id: uploadId } satisfies QueryParams<'/embedder-service/v1/status', 'get'>,
    });
  }

  /**
   * Polls until the upload is `completed` (resolves) or `failed` (rejects with the reason).
   * @param uploadId - The `upload_id` that `upload` answered.
   * @param options - Progress callback, poll interval (500 ms) and time limit (10 minutes).
   * @throws Error when the upload failed or did not finish in time.
   *
   * @example
   * ```ts
   * const queued = await client.uploads.upload('notes', 'a.txt', new Blob(['alpha']));
   * await client.uploads.wait(queued.upload_id, { onProgress: (s) => console.log(s.status), timeoutMs: 60_000 });
   * ```
   */
  async wait(uploadId: string, options: WaitOptions = {}): Promise<UploadStatus> {
    const deadline = Date.now() + (options.timeoutMs ?? 600_000);
    for (;;) {
      const status = await this.status(uploadId);
      options.onProgress?.(status);
      if (status.status === 'completed') return status;
      if (status.status === 'failed')
        throw new Error(`upload ${uploadId} failed: ${status.error ?? 'no reason given'}`);
      if (Date.now() > deadline)
        throw new Error(`upload ${uploadId} did not finish in time (last status: ${status.status})`);
      await new Promise((r) => setTimeout(r, options.intervalMs ?? 500));
    }
  }

  /**
   * `upload` then `wait`: resolves with the completed status record.
   * @throws The errors of both.
   *
   * @example
   * ```ts
   * const done = await client.uploads.uploadAndWait('notes', 'b.txt', new Blob(['beta']), { intervalMs: 1000 });
   * ```
   */
  async uploadAndWait(collection: string, filename: string, data: Uint8Array | Blob, options: WaitOptions = {}) {
    const queued = await this.upload(collection, filename, data);
    return this.wait(queued.upload_id, options);
  }
}
