// The function registry in the functions table: one item per shortname (`pk` = fn#<lowercase name>),
// the byOwner index for listing. Uniqueness and owner-only redeploy are conditional writes on that
// one item, so two concurrent deploys of the same name cannot both win. The definition is kept as
// JSON text: DynamoDB maps reorder keys and stop at 32 levels, JSON Schemas may go deeper.
// Each item also carries its catalog entry (`catalogEntry`, JSON text) under the key of the sparse
// index `catalog`, and every register and remove bumps the catalog revision item in the same
// transaction: the catalog reads those (dynamo-catalog-source.ts) and never scans the table, and
// neither does listAll (dynamo-function-snapshot.ts).
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { isDynamoError, type DynamoDocuments } from './dynamo-documents';
import {
  registryKey,
  type CatalogEntry,
  type FunctionRecord,
  type FunctionRegistry,
  type RegisterOutcome,
} from '../functions/ports';
import type { NormalizedSpec } from '../spec/index';
import { FunctionSnapshot } from './dynamo-function-snapshot';
import { queryAll } from './dynamo-pages';

const pk = (shortname: string) => `fn#${registryKey(shortname)}`;
const byShortname = (a: FunctionRecord, b: FunctionRecord) => a.shortname.localeCompare(b.shortname);

/** The sparse index of catalog entries and the one value of its key; the revision item's key. */
export const CATALOG_INDEX = 'catalog';
export const CATALOG_LISTED = 'all';
export const CATALOG_REVISION_KEY = { pk: 'catalog#revision' };

/** The catalog's fields of a function's item (also used to fill them in for items written before them). */
export const catalogFields = (entry: CatalogEntry) => ({ listed: CATALOG_LISTED, catalogEntry: JSON.stringify(entry) });

/** What the catalog shows of a function: domain logic, so it comes from the composition root. */
export type ToCatalogEntry = (r: FunctionRecord) => CatalogEntry;

/** A function's item as the registry writes it. */
export function registryItem(r: FunctionRecord, entry: CatalogEntry): Record<string, unknown> {
  const { spec, ...rest } = r;
  return { pk: pk(r.shortname), ...rest, specJson: JSON.stringify(spec), ...catalogFields(entry) };
}

function fromItem(item: Record<string, unknown>): FunctionRecord {
  const { pk: _pk, specJson, listed: _listed, catalogEntry: _entry, ...rest } = item;
  return { ...(rest as Omit<FunctionRecord, 'spec'>), spec: JSON.parse(specJson as string) as NormalizedSpec };
}

const cancelled = (e: unknown) => isDynamoError(e, 'TransactionCanceledException');

export class DynamoFunctionRegistry implements FunctionRegistry {
  private readonly snapshot: FunctionSnapshot;

  constructor(
    private readonly db: DynamoDocuments,
    private readonly table: string,
    private readonly toCatalogEntry: ToCatalogEntry,
  ) {
    this.snapshot = new FunctionSnapshot(
      db,
      table,
      { index: CATALOG_INDEX, listed: CATALOG_LISTED, revisionKey: CATALOG_REVISION_KEY },
      fromItem,
    );
  }

  async get(shortname: string): Promise<FunctionRecord | undefined> {
    const out = await this.db.get({ TableName: this.table, Key: { pk: pk(shortname) }, ConsistentRead: true });
    return out.Item ? fromItem(out.Item) : undefined;
  }

  async listByOwner(owner: string): Promise<FunctionRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      IndexName: 'byOwner',
      KeyConditionExpression: '#owner = :owner',
      ExpressionAttributeNames: { '#owner': 'owner' },
      ExpressionAttributeValues: { ':owner': owner },
    });
    return items.map(fromItem).sort(byShortname);
  }

  /** MCP's tools/list: this container's snapshot, kept fresh by the catalog revision; never a Scan. */
  listAll(): Promise<FunctionRecord[]> {
    return this.snapshot.list();
  }

  async register(record: FunctionRecord, previousVersion: number | undefined): Promise<RegisterOutcome> {
    const condition =
      previousVersion === undefined
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : {
            ConditionExpression: '#owner = :owner AND version = :previous',
            ExpressionAttributeNames: { '#owner': 'owner' },
            ExpressionAttributeValues: { ':owner': record.owner, ':previous': previousVersion },
          };
    try {
      await this.withRevision({
        Put: { TableName: this.table, Item: registryItem(record, this.toCatalogEntry(record)), ...condition },
      });
      return 'registered';
    } catch (e) {
      if (cancelled(e)) return 'taken';
      throw e;
    }
  }

  async remove(shortname: string, owner: string): Promise<FunctionRecord | undefined> {
    // A transaction returns no old item, so the item is read first and deleted only as it was read.
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await this.get(shortname);
      if (current?.owner !== owner) return undefined;
      try {
        await this.withRevision({
          Delete: {
            TableName: this.table,
            Key: { pk: pk(shortname) },
            ConditionExpression: '#owner = :owner AND version = :version',
            ExpressionAttributeNames: { '#owner': 'owner' },
            ExpressionAttributeValues: { ':owner': owner, ':version': current.version },
          },
        });
        return current;
      } catch (e) {
        // Redeployed or removed in between: read again.
        if (!cancelled(e)) throw e;
      }
    }
    return undefined;
  }

  /** `change` and a bump of the catalog revision, both or neither. */
  private async withRevision(change: NonNullable<TransactWriteCommandInput['TransactItems']>[number]) {
    await this.db.transactWrite({
      TransactItems: [
        change,
        {
          Update: {
            TableName: this.table,
            Key: CATALOG_REVISION_KEY,
            UpdateExpression: 'ADD revision :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
    });
  }
}
