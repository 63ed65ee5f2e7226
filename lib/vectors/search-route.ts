// Which search route a collection is queried with by default, per the embedder that filled it:
// chosen by measurement (bench/retrieval.ts, docs/vectors.md). A fusion that does not beat its
// best input is not the default. Operators override it with FNQ_SEARCH_ROUTES.
import { LEXICAL_EMBEDDER_ID } from '../ai/heuristic/embedder';
import type { SearchQuery } from './ports';

export type SearchRoute = NonNullable<SearchQuery['mode']>;
export const SEARCH_ROUTES: readonly SearchRoute[] = ['hybrid', 'vector', 'text'];

/**
 * Measured defaults. The local lexical embedder hashes the same words BM25 counts, so fusing it
 * with BM25 adds noise, not a second view: on SciFact, full text alone scores above the fusion.
 * Any other embedder (a dense model) keeps the fused route, which BEIR's results favour for them.
 */
export const DEFAULT_SEARCH_ROUTES: Readonly<Record<string, SearchRoute>> = {
  [LEXICAL_EMBEDDER_ID]: 'text',
  '*': 'hybrid',
};

/**
 * `FNQ_SEARCH_ROUTES`: comma-separated `embedder=route` pairs (`*` for every other embedder), e.g.
 * `local-lexical-v1=hybrid,*=vector`. Throws a sentence naming the mistake.
 */
export function parseSearchRoutes(text: string | undefined): Record<string, SearchRoute> {
  const routes: Record<string, SearchRoute> = { ...DEFAULT_SEARCH_ROUTES };
  for (const pair of (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [embedder, route, extra] = pair.split('=').map((p) => p.trim());
    if (!embedder || extra !== undefined || !SEARCH_ROUTES.includes(route as SearchRoute)) {
      throw new Error(
        `FNQ_SEARCH_ROUTES entry "${pair}" is not embedder=route with route one of ${SEARCH_ROUTES.join(', ')}`,
      );
    }
    routes[embedder] = route as SearchRoute;
  }
  return routes;
}

export const searchRouteFor = (
  embedderId: string,
  routes: Readonly<Record<string, SearchRoute>> = DEFAULT_SEARCH_ROUTES,
): SearchRoute => routes[embedderId] ?? routes['*'] ?? 'hybrid';
