// Collections of uploaded documents, and deleting them or single uploads.
import type { Transport } from './transport';
import type { UploadStatus } from './uploads';

export interface CollectionInfo {
  name: string;
  documents: number;
  chunks: number;
  embedder: string;
}

export class Collections {
  constructor(private readonly http: Transport) {}

  list() {
    return this.http
      .json<{ collections: CollectionInfo[] }>('GET', '/embedder-service/v1/collections')
      .then((r) => r.collections);
  }

  get(name: string) {
    return this.http.json<CollectionInfo & { uploads: UploadStatus[] }>(
      'GET',
      `/embedder-service/v1/collections/${encodeURIComponent(name)}`,
    );
  }

  delete(name: string) {
    return this.http.json<Record<string, unknown>>(
      'DELETE',
      `/embedder-service/v1/collections/${encodeURIComponent(name)}`,
    );
  }

  deleteUpload(uploadId: string) {
    return this.http.json<Record<string, unknown>>(
      'DELETE',
      `/embedder-service/v1/uploads/${encodeURIComponent(uploadId)}`,
    );
  }
}
