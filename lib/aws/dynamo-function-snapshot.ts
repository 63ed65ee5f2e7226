// Every deployed function with its definition (MCP's tools/list), without a Scan on the request
// path. A warm container keeps the list it read last with the catalog revision it read it at; the
// revision moves in the same transaction as every register and remove, so while it has not moved
// one GetItem answers. When it moved, the sparse `catalog` index says which functions exist and
// when each was deployed (its small catalog entries), and only the items deployed since the last
// read are fetched whole, by BatchGetItem.
//
// The index is eventually consistent: right after a deploy it may still lack the function. So a
// list is trusted for at most SNAPSHOT_MAX_AGE_MS even when the revision stands still, and the next
// call reads the index again (one Query of small entries; definitions only for what changed).
import type { DynamoDocuments } from './dynamo-documents';
import type { CatalogEntry, FunctionRecord } from '../functions/ports';
import { batchGetAll, queryAll } from './dynamo-pages';

export const SNAPSHOT_MAX_AGE_MS = 60_000;

export interface SnapshotKeys {
  index: string;
  listed: string;
  revisionKey: Record<string, string>;
}

interface Snapshot {
  revision: string;
  readAt: number;
  /** By item key: the deploy time the record was read at, and the record. */
  byKey: Map<string, { updated: string; record: FunctionRecord }>;
  list: FunctionRecord[];
}

const byShortname = (a: FunctionRecord, b: FunctionRecord) => a.shortname.localeCompare(b.shortname);

export class FunctionSnapshot {
  private last: Snapshot | undefined;
  private refreshing: Promise<FunctionRecord[]> | undefined;

  constructor(
    private readonly db: DynamoDocuments,
    private readonly table: string,
    private readonly keys: SnapshotKeys,
    private readonly fromItem: (item: Record<string, unknown>) => FunctionRecord,
    private readonly now: () => number = Date.now,
  ) {}

  async list(): Promise<FunctionRecord[]> {
    const revision = await this.revision();
    const last = this.last;
    if (last && last.revision === revision && this.now() - last.readAt < SNAPSHOT_MAX_AGE_MS) return last.list;
    // Concurrent calls of one container share one refresh.
    this.refreshing ??= this.refresh(revision).finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async revision(): Promise<string> {
    const out = await this.db.get({
      TableName: this.table,
      Key: this.keys.revisionKey,
      ProjectionExpression: 'revision',
      ConsistentRead: true,
    });
    return String(out.Item?.revision ?? 0);
  }

  private async refresh(revision: string): Promise<FunctionRecord[]> {
    const readAt = this.now();
    const entries = await queryAll(this.db, {
      TableName: this.table,
      IndexName: this.keys.index,
      KeyConditionExpression: 'listed = :all',
      ExpressionAttributeValues: { ':all': this.keys.listed },
      ProjectionExpression: 'pk, catalogEntry',
    });
    const previous = this.last?.byKey ?? new Map();
    const byKey: Snapshot['byKey'] = new Map();
    const stale: { pk: string; updated: string }[] = [];
    for (const item of entries) {
      const pk = String(item.pk);
      const { updated } = JSON.parse(String(item.catalogEntry)) as CatalogEntry;
      const known = previous.get(pk);
      if (known?.updated === updated) byKey.set(pk, known);
      else stale.push({ pk, updated });
    }
    const fetched = await batchGetAll(
      this.db,
      this.table,
      stale.map(({ pk }) => ({ pk })),
      { consistentRead: true },
    );
    for (const item of fetched) {
      const record = this.fromItem(item);
      // The item as read now; its entry's time may lag a redeploy, so the record's own time is kept.
      byKey.set(String(item.pk), { updated: new Date(record.updatedAt).toISOString(), record });
    }
    const list = [...byKey.values()].map((v) => v.record).sort(byShortname);
    this.last = { revision, readAt, byKey, list };
    return list;
  }
}
