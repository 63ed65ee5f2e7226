// The held-out split of BFCL for bench/tool-args.ts. The first split (by a hash of the item id) left
// report items that were verbatim copies of tuning items, so figures on it were not held out. This one
// is made by what an item says, not by its id:
// - an item's key is its question normalised: lower case, digits and punctuation folded, spaces
//   collapsed, so two questions that differ only in a number or a comma are one key;
// - a key goes to a half by the SHA-256 of the key with a salt never used before;
// - an item whose key or whose set of offered functions also occurs in the other half goes to the tune
//   half, repeated until nothing moves, so no report item shares its question's wording or its
//   functions with a tuning item.
// The report half is frozen: its size and a fingerprint of its ids are written below and checked on
// every run, and it is only ever printed as aggregate figures (bench/tool-args.ts refuses to print its
// items one by one).
import { createHash } from 'node:crypto';

export type Half = 'tune' | 'report';

/** Never used for any earlier split of this project's data. */
const SALT = 'fnquery/bfcl-split/2026-11-26';

/** What the report half must be: any change to the split or the data shows here. */
export const FROZEN_REPORT = { items: 376, fingerprint: 'c707ea07327fb667' };

export interface SplitItem {
  id: string;
  question: string;
  functions: { name: string }[];
}

/** Lower case; every digit and punctuation mark folded to nothing; runs of space to one. */
export const normaliseQuestion = (question: string): string =>
  question
    .toLowerCase()
    .replace(/[\p{N}\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const functionSet = (item: SplitItem): string =>
  item.functions
    .map((f) => f.name)
    .sort()
    .join('\n');

const hashHalf = (key: string): Half =>
  (createHash('sha256').update(`${SALT}\n${key}`).digest()[0]! & 1) === 0 ? 'tune' : 'report';

/** Item id → half, over all categories at once (a question repeated across categories is one key). */
export function splitItems(items: SplitItem[]): Map<string, Half> {
  const half = new Map(items.map((item) => [item.id, hashHalf(normaliseQuestion(item.question))]));
  const keysOf = (item: SplitItem) => [`q:${normaliseQuestion(item.question)}`, `f:${functionSet(item)}`];
  for (let moved = true; moved;) {
    moved = false;
    const halvesOfKey = new Map<string, Set<Half>>();
    for (const item of items)
      for (const key of keysOf(item)) {
        const seen = halvesOfKey.get(key) ?? new Set<Half>();
        seen.add(half.get(item.id)!);
        halvesOfKey.set(key, seen);
      }
    for (const item of items)
      if (half.get(item.id) === 'report' && keysOf(item).some((key) => halvesOfKey.get(key)!.size > 1)) {
        half.set(item.id, 'tune');
        moved = true;
      }
  }
  return half;
}

/** A short fingerprint of the report half: the SHA-256 of its sorted ids. */
export const fingerprintOf = (ids: string[]): string =>
  createHash('sha256')
    .update([...ids].sort().join('\n'))
    .digest('hex')
    .slice(0, 16);
