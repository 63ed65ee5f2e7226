// Which search route a collection is queried with by default, per the embedder that filled it:
// chosen by measurement (bench/retrieval.ts, docs/vectors.md). A fusion that does not beat its
// best input is not the default. Operators override it with FNQ_SEARCH_ROUTES.
import { LEXICAL_EMBEDDER_ID } from '@fnquery/heuristic-engine/retrieval';
import type { SearchQuery } from './ports';
import type { SearchRouteName } from '../config';

export type SearchRoute = NonNullable<SearchQuery['mode']>;
// lib/config.ts names the routes without importing this layer; the two lists must be the same.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const routesAgree: Same<SearchRoute, SearchRouteName> = true;
void routesAgree;

/**
 * Measured defaults. The local lexical embedder hashes the same words BM25 counts, so fusing it
 * with BM25 adds noise, not a second view: on SciFact, full text alone scores above the fusion.
 * Any other embedder (a dense model) keeps the fused route, which BEIR's results favour for them.
 */
export const DEFAULT_SEARCH_ROUTES: Readonly<Record<string, SearchRoute>> = {
  [LEXICAL_EMBEDDER_ID]: 'text',
  '*': 'hybrid',
};

/** The operator's routes (`FNQ_SEARCH_ROUTES`, parsed by lib/config.ts) over the measured defaults. */
export const withDefaultRoutes = (
  overrides: Readonly<Record<string, SearchRoute>>,
): Readonly<Record<string, SearchRoute>> => ({ ...DEFAULT_SEARCH_ROUTES, ...overrides });

export const searchRouteFor = (
  embedderId: string,
  routes: Readonly<Record<string, SearchRoute>> = DEFAULT_SEARCH_ROUTES,
): SearchRoute => routes[embedderId] ?? routes['*'] ?? 'hybrid';

/** How a fused search weighs its two ranked lists (reciprocal-rank fusion, rank-fusion.ts). */
export interface FusionWeights {
  vectorWeight: number;
  textWeight: number;
}

/**
 * Measured per embedder, on the tune half of SciFact's queries and reported on the other half
 * (bench/retrieval.ts for the lexical embedder, bench/retrieval-dense.ts for the models; docs/vectors.md).
 * The lexical embedder's vectors repeat what BM25 sees, so text leads 5:1; a dense model's vectors
 * carry meaning BM25 lacks, so they get a real say (half of text's on SciFact). Other embedders get equal weights.
 */
export const FUSION_WEIGHTS: Readonly<Record<string, FusionWeights>> = {
  [LEXICAL_EMBEDDER_ID]: { vectorWeight: 1, textWeight: 5 },
  // Picked on the tune half of the full SciFact corpus (5,183 abstracts; tune 0.705, held out 0.735 against
  // full text 0.714 and vector 0.675). Samples of 896-900 abstracts, with fewer distractors, had picked 2:1;
  // on the whole corpus BM25 is the stronger input. The float model, not measured separately, shares it.
  'all-mpnet-base-v2-int8': { vectorWeight: 1, textWeight: 2 },
  'all-mpnet-base-v2': { vectorWeight: 1, textWeight: 2 },
  '*': { vectorWeight: 1, textWeight: 1 },
};

export const fusionFor = (embedderId: string): FusionWeights => FUSION_WEIGHTS[embedderId] ?? FUSION_WEIGHTS['*']!;
