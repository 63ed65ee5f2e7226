import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { tableNameFor } from '../../../lib/vectors/collection-table';

const NAME_CHARS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'];
const collectionName = fc
  .array(fc.constantFrom(...NAME_CHARS), { minLength: 1, maxLength: 64 })
  .map((chars) => chars.join(''));

describe('tableNameFor', () => {
  it('gives names of lower-case letters, digits and underscores, short enough for any filesystem', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, unit: 'binary' }), collectionName, (account, collection) => {
        const name = tableNameFor({ account, collection });
        expect(name).toMatch(/^a_[0-9a-f]{32}__c_[0-9a-f]+$/);
        expect(name.length + '.lance'.length).toBeLessThanOrEqual(255);
      }),
    );
  });

  it('never gives two accounts or two collections the same table', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string({ minLength: 1 }),
        collectionName,
        collectionName,
        (a1, a2, c1, c2) => {
          fc.pre(a1 !== a2 || c1 !== c2);
          expect(tableNameFor({ account: a1, collection: c1 })).not.toBe(tableNameFor({ account: a2, collection: c2 }));
        },
      ),
    );
  });

  it('keeps collections that differ only in case apart, for case-insensitive disks', () => {
    const lower = tableNameFor({ account: 'acct', collection: 'docs' });
    const upper = tableNameFor({ account: 'acct', collection: 'Docs' });
    expect(lower.toLowerCase()).not.toBe(upper.toLowerCase());
  });

  it('refuses collection names that could become paths', () => {
    for (const collection of ['', '../other', 'a/b', 'x'.repeat(65), 'naïve', 'a b']) {
      const attempt = () => tableNameFor({ account: 'acct', collection });
      expect(attempt).toThrow(ServiceError);
      expect(attempt).toThrow(/collection name/);
    }
  });
});
