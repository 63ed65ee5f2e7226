// One page of catalog results and the cursor to the next. The cursor holds the last result's
// (score, shortname) and a digest of the query, so it resumes exactly after that result even when
// functions were deployed or deleted meanwhile, and refuses to resume a different query.
import { createHash } from 'node:crypto';
import { badRequest } from '../errors';
import type { CatalogEntry } from '../functions/catalog-entry';
import { PAGE_SIZE, TAG_FACETS_MAX } from './limits';
import { compareScored, type CatalogIndex, type CatalogQuery, type ScoredEntry } from './search';

export interface CatalogPageRequest extends CatalogQuery {
  cursor?: string;
  limit?: number;
}

export interface CatalogPage {
  functions: CatalogEntry[];
  /** All matches, not only this page's. */
  total: number;
  next_cursor: string | null;
  tags: { tag: string; count: number }[];
}

interface Cursor {
  score: number;
  shortname: string;
  query: string;
}

const queryDigest = (q: CatalogQuery) =>
  createHash('sha256')
    .update(JSON.stringify([q.q?.trim() ?? '', [...(q.tags ?? [])].sort(), q.runtime ?? '']))
    .digest('base64url')
    .slice(0, 12);

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.score, c.shortname, c.query])).toString('base64url');

const invalidCursor = () =>
  badRequest(
    'The cursor is not one this search returned',
    'Pass next_cursor from the previous page unchanged, with the same q, tag and runtime, or start again without cursor',
    'cursor_invalid',
  );

function decodeCursor(text: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(value) || value.length !== 3) throw invalidCursor();
  const [score, shortname, query] = value as unknown[];
  if (
    typeof score !== 'number' ||
    !Number.isFinite(score) ||
    typeof shortname !== 'string' ||
    typeof query !== 'string'
  )
    throw invalidCursor();
  return { score, shortname, query };
}

/** Position of the first match that comes after the cursor in result order. */
function resumeAt(matches: ScoredEntry[], cursor: Cursor): number {
  const last = { score: cursor.score, entry: { shortname: cursor.shortname } as CatalogEntry };
  let lo = 0;
  let hi = matches.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareScored(matches[mid]!, last) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function tagFacets(matches: ScoredEntry[]): CatalogPage['tags'] {
  const counts = new Map<string, number>();
  for (const { entry } of matches) for (const tag of entry.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, TAG_FACETS_MAX)
    .map(([tag, count]) => ({ tag, count }));
}

export function catalogPage(index: CatalogIndex, request: CatalogPageRequest): CatalogPage {
  const digest = queryDigest(request);
  const cursor = request.cursor ? decodeCursor(request.cursor) : undefined;
  if (cursor && cursor.query !== digest) throw invalidCursor();
  const matches = index.search(request);
  const start = cursor ? resumeAt(matches, cursor) : 0;
  const limit = request.limit ?? PAGE_SIZE.default;
  const page = matches.slice(start, start + limit);
  const last = page[page.length - 1];
  const more = start + limit < matches.length;
  return {
    functions: page.map((m) => m.entry),
    total: matches.length,
    next_cursor:
      more && last ? encodeCursor({ score: last.score, shortname: last.entry.shortname, query: digest }) : null,
    tags: tagFacets(matches),
  };
}
