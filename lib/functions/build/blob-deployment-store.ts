// Deployment records as small JSON objects in the service bucket, beside the code they describe:
// one writer at a time (the submit, then the one build worker that holds the message), so no
// conditional write is needed, and no new table for records read a few times each.
import type { BlobStore } from '../../storage/ports';
import type { DeploymentRecord, DeploymentStore } from './ports';

const RECORD_MAX_BYTES = 256 * 1024;
/** Ids are ours (randomUUID); anything else is never looked up, so a crafted id cannot name another key. */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const isDeploymentId = (id: string) => ID.test(id);

const keyOf = (id: string) => `deployments/${id}.json`;

export class BlobDeploymentStore implements DeploymentStore {
  constructor(private readonly blobs: BlobStore) {}

  async get(id: string): Promise<DeploymentRecord | undefined> {
    if (!isDeploymentId(id)) return undefined;
    const bytes = await this.blobs.get(keyOf(id), RECORD_MAX_BYTES);
    return bytes && (JSON.parse(Buffer.from(bytes).toString('utf8')) as DeploymentRecord);
  }

  async put(record: DeploymentRecord): Promise<void> {
    await this.blobs.put(keyOf(record.id), Buffer.from(JSON.stringify(record)));
  }
}
