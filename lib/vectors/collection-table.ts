// One LanceDB table per account and collection. The name must be safe as a directory name on any
// filesystem (case-insensitive ones included) and as an S3 key, and two accounts must never meet:
// the account is hashed (ids may be long or hold any character), the collection hex-encoded, so
// the mapping is injective and "Docs" and "docs" stay apart even where the disk ignores case.
import { createHash } from 'node:crypto';
import { badRequest } from '../errors';
import type { CollectionRef } from './ports';

/** docs/decisions.md: 1–64 of [A-Za-z0-9_-]. Checked again here because names become paths. */
const COLLECTION_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function tableNameFor(ref: CollectionRef): string {
  if (!ref.account) throw new Error('A collection reference needs an account');
  if (!COLLECTION_NAME.test(ref.collection)) {
    throw badRequest(
      'The collection name must be 1 to 64 letters, digits, hyphens or underscores',
      'Rename the collection using only those characters',
      'bad_collection_name',
    );
  }
  const account = createHash('sha256').update(ref.account, 'utf8').digest('hex').slice(0, 32);
  return `a_${account}__c_${Buffer.from(ref.collection, 'utf8').toString('hex')}`;
}
