// The catalog's reads of the functions table (lib/catalog/catalog.ts): the revision item, one
// GetItem, and the entries from the sparse index `catalog`, which projects only each function's
// small catalog entry. Neither is a Scan, and the entries are read only when the revision moved.
import type { DynamoDocuments } from './dynamo-documents';
import type { CatalogSource } from '../functions/ports';
import type { CatalogEntry } from '../functions/catalog-entry';
import { CATALOG_INDEX, CATALOG_LISTED, CATALOG_REVISION_KEY } from './dynamo-function-registry';
import { queryAll } from './dynamo-pages';

export class DynamoCatalogSource implements CatalogSource {
  constructor(
    private readonly db: DynamoDocuments,
    private readonly table: string,
  ) {}

  async revision(): Promise<string> {
    const out = await this.db.get({
      TableName: this.table,
      Key: CATALOG_REVISION_KEY,
      ProjectionExpression: 'revision',
    });
    return String(out.Item?.revision ?? 0);
  }

  async entries(): Promise<CatalogEntry[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      IndexName: CATALOG_INDEX,
      KeyConditionExpression: 'listed = :all',
      ExpressionAttributeValues: { ':all': CATALOG_LISTED },
      ProjectionExpression: 'catalogEntry',
    });
    return items.map((item) => JSON.parse(String(item.catalogEntry)) as CatalogEntry);
  }
}
