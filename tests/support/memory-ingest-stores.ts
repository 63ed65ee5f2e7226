// In-memory BlobStore, JobQueue and StatusStore with the same conditions as the AWS adapters, for
// unit tests of the ingestion pipeline. Records are copied in and out, as a database would.
import { tooLarge } from '../../lib/errors';
import type { BlobStore, JobQueue, UploadJob } from '../../lib/ingest/ports';
import type { CollectionRecord, CreateResult, Settlement, StatusStore, UploadRecord } from '../../lib/ingest/status';

export class MemoryBlobStore implements BlobStore {
  readonly objects = new Map<string, Uint8Array>();

  async put(key: string, bytes: Uint8Array) {
    this.objects.set(key, bytes.slice());
  }
  async get(key: string, maxBytes: number) {
    const bytes = this.objects.get(key);
    if (bytes && bytes.length > maxBytes) throw tooLarge('too large', 'smaller', 'file_too_large');
    return bytes?.slice();
  }
  async delete(key: string) {
    this.objects.delete(key);
  }
  async presignPut(key: string, options: { expiresInSeconds: number; contentLength?: number }) {
    return `memory://${key}?expires=${options.expiresInSeconds}&length=${options.contentLength ?? ''}`;
  }
}

export class MemoryJobQueue implements JobQueue {
  readonly sent: UploadJob[] = [];
  async send(job: UploadJob) {
    this.sent.push({ ...job });
  }
}

const copy = <T>(value: T): T => structuredClone(value);

export class MemoryStatusStore implements StatusStore {
  readonly uploads = new Map<string, UploadRecord>();
  readonly collections = new Map<string, CollectionRecord>();
  readonly documents = new Map<string, number>();

  private key = (account: string, id: string) => JSON.stringify([account, id]);

  async get(account: string, uploadId: string) {
    const r = this.uploads.get(this.key(account, uploadId));
    return r && copy(r);
  }
  async put(record: UploadRecord) {
    this.uploads.set(this.key(record.account, record.uploadId), copy(record));
  }
  async create(record: UploadRecord & { embedder: string }, maxDocuments: number | null): Promise<CreateResult> {
    const used = this.documents.get(record.account) ?? 0;
    if (maxDocuments !== null && used >= maxDocuments) return { created: false, reason: 'quota' };
    const collectionKey = this.key(record.account, record.collection);
    const existing = this.collections.get(collectionKey);
    if (existing && existing.embedder !== record.embedder)
      return { created: false, reason: 'embedder', embedder: existing.embedder };
    if (!existing) {
      this.collections.set(collectionKey, {
        account: record.account,
        name: record.collection,
        embedder: record.embedder,
        createdAt: record.startedAt,
      });
    }
    this.documents.set(record.account, used + 1);
    await this.put(record);
    return { created: true };
  }
  async claim(account: string, uploadId: string, lease: { leaseId: string; leaseUntil: number }, now: number) {
    const r = this.uploads.get(this.key(account, uploadId));
    if (!r || !(r.state === 'queued' || (r.state === 'processing' && (r.leaseUntil ?? 0) < now))) return undefined;
    Object.assign(r, { state: 'processing', ...lease, attempts: r.attempts + 1 });
    delete r.awaitingFileUntil;
    return copy(r);
  }
  private held(account: string, uploadId: string, leaseId: string) {
    const r = this.uploads.get(this.key(account, uploadId));
    return r?.state === 'processing' && r.leaseId === leaseId ? r : undefined;
  }
  async progress(account: string, uploadId: string, leaseId: string, changes: Partial<UploadRecord>) {
    const r = this.held(account, uploadId, leaseId);
    if (r) Object.assign(r, changes);
    return r !== undefined;
  }
  async release(account: string, uploadId: string, leaseId: string) {
    return this.progress(account, uploadId, leaseId, { leaseUntil: 0 });
  }
  async settle(account: string, uploadId: string, leaseId: string, outcome: Settlement) {
    const r = this.held(account, uploadId, leaseId);
    if (!r) return false;
    Object.assign(r, outcome);
    delete r.leaseId;
    delete r.leaseUntil;
    return true;
  }
  async markDeleting(account: string, uploadId: string) {
    const r = this.uploads.get(this.key(account, uploadId));
    if (!r) return undefined;
    const before = copy(r);
    r.state = 'deleting';
    delete r.leaseId;
    delete r.leaseUntil;
    return before;
  }
  async delete(account: string, uploadId: string) {
    if (this.uploads.delete(this.key(account, uploadId)))
      this.documents.set(account, (this.documents.get(account) ?? 1) - 1);
  }
  async getCollection(account: string, name: string) {
    const c = this.collections.get(this.key(account, name));
    return c && copy(c);
  }
  async listCollections(account: string) {
    return [...this.collections.values()].filter((c) => c.account === account).map(copy);
  }
  async listUploads(account: string, collection?: string) {
    return [...this.uploads.values()]
      .filter((u) => u.account === account && (collection === undefined || u.collection === collection))
      .map(copy);
  }
  async listUnfinished() {
    return [...this.uploads.values()].filter((u) => u.state === 'queued' || u.state === 'processing').map(copy);
  }
  async deleteCollection(account: string, name: string) {
    this.collections.delete(this.key(account, name));
  }
}
