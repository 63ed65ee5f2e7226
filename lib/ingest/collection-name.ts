// Collection names (docs/decisions.md): 1–64 letters, digits, underscores and hyphens. They become
// parts of storage keys and vector table names, which is why nothing else is allowed.
import { badRequest } from '../errors';

export const COLLECTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function checkCollectionName(name: string | undefined): string {
  if (name !== undefined && COLLECTION_NAME.test(name)) return name;
  throw badRequest(
    name ? 'The collection name is not valid' : 'The collection name is missing',
    'Use 1 to 64 characters, each a letter, a digit, an underscore or a hyphen',
    'invalid_collection_name',
  );
}
