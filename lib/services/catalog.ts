// The catalog of this warm Lambda: one index shared by every search it serves, fed by the
// functions table's catalog index and revision (lib/aws/dynamo-catalog-source.ts).
import { Catalog, type CatalogSource } from '../catalog/catalog';
import { getConfig } from '../config';
import { dynamoAdapter } from './core';
import { onFirstUse } from './lazy';

let catalog: Catalog | undefined;
let source: CatalogSource | undefined;

function catalogSource(): CatalogSource {
  const c = getConfig();
  source ??= onFirstUse(() =>
    dynamoAdapter(
      () => import('../aws/dynamo-catalog-source'),
      (m, db) => new m.DynamoCatalogSource(db, c.aws.tables.functions),
    ),
  );
  return source;
}

export const functionCatalog = (): Catalog => (catalog ??= new Catalog(catalogSource));
