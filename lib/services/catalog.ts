// The catalog of this warm Lambda: one index shared by every search it serves.
import { Catalog } from '../catalog/catalog';
import { functionRegistry } from './functions';

let catalog: Catalog | undefined;

export const functionCatalog = (): Catalog => (catalog ??= new Catalog(functionRegistry));
