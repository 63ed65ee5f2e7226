import { describe, expect, it } from 'vitest';
import { LEXICAL_EMBEDDER_ID } from '@fnquery/heuristic-engine';
import { parseSearchRoutes } from '../../../lib/config';
import {
  DEFAULT_SEARCH_ROUTES,
  FUSION_WEIGHTS,
  fusionFor,
  searchRouteFor,
  withDefaultRoutes,
} from '../../../lib/vectors/search-route';

describe('search route per collection embedder', () => {
  it('defaults to what bench/retrieval.ts measured: full text for the local lexical embedder, fused for others', () => {
    expect(searchRouteFor(LEXICAL_EMBEDDER_ID)).toBe('text');
    expect(searchRouteFor('openai:text-embedding-3-small')).toBe('hybrid');
  });

  it('takes operator overrides per embedder and for every other one', () => {
    const routes = withDefaultRoutes(parseSearchRoutes(` ${LEXICAL_EMBEDDER_ID}=hybrid , *=vector`));
    expect(searchRouteFor(LEXICAL_EMBEDDER_ID, routes)).toBe('hybrid');
    expect(searchRouteFor('openai:text-embedding-3-small', routes)).toBe('vector');
    expect(withDefaultRoutes(parseSearchRoutes(undefined))).toEqual(DEFAULT_SEARCH_ROUTES);
  });

  it.each(['local-lexical-v1=fast', 'hybrid', '=text', 'a=text=b'])(
    'refuses %j with a sentence naming the entry',
    (text) => {
      const problems: string[] = [];
      expect(parseSearchRoutes(text, problems)).toEqual({});
      expect(problems).toEqual([expect.stringMatching(/FNQ_SEARCH_ROUTES entry .* is not embedder=route/)]);
    },
  );
});

describe('fusion weights per collection embedder', () => {
  it('lets text lead for the lexical embedder and gives a dense model its measured say', () => {
    expect(fusionFor(LEXICAL_EMBEDDER_ID)).toEqual({ vectorWeight: 1, textWeight: 5 });
    // Measured on the full SciFact corpus: the dense model's vectors get half of text's say, not the lexical one's fifth.
    const dense = fusionFor('all-mpnet-base-v2-int8');
    expect(dense.vectorWeight / dense.textWeight).toBeGreaterThan(1 / 5);
    expect(fusionFor('openai:text-embedding-3-small')).toEqual(FUSION_WEIGHTS['*']);
  });
});
