// The retrieval pipeline searches each collection by its embedder's route: the measured default,
// or the operator's FNQ_SEARCH_ROUTES.
import { describe, expect, it } from 'vitest';
import { heuristicTasks } from '../../../lib/ai/heuristic-tasks';
import { LEXICAL_EMBEDDER_ID, LexicalEmbedder } from '@fnquery/heuristic-engine';
import { answerFromDocuments, type VectordbDeps } from '../../../lib/query/vectordb';
import { prepareModel } from '../../../lib/query/shared';
import type { SearchQuery } from '../../../lib/vectors/ports';
import { MemoryVectorStore } from '../../support/memory-vector-store';

function depsRecording(seen: SearchQuery[], searchRoutes?: VectordbDeps['searchRoutes']): VectordbDeps {
  const store = new MemoryVectorStore();
  const search = store.search.bind(store);
  store.search = async (ref, query) => (seen.push(query), search(ref, query));
  return {
    collections: {
      getCollection: async () => ({ embedder: LEXICAL_EMBEDDER_ID }),
      listUploads: async () => [],
    } as unknown as VectordbDeps['collections'],
    store,
    embedderFor: (id) => (id === LEXICAL_EMBEDDER_ID ? new LexicalEmbedder() : undefined),
    callerStore: () => {
      throw new Error('not used');
    },
    searchRoutes,
  };
}

describe('search route in the retrieval pipeline', () => {
  const body = { query: 'vacation days', vector_docdb_collection: 'handbook' };
  const model = () => prepareModel(body, {} as never, heuristicTasks);

  it('searches a local-embedder collection by full text, as measured', async () => {
    const seen: SearchQuery[] = [];
    await answerFromDocuments('acct', body, await model(), depsRecording(seen));
    expect(seen.map((q) => q.mode)).toEqual(['text']);
  });

  it('follows the operator override', async () => {
    const seen: SearchQuery[] = [];
    await answerFromDocuments(
      'acct',
      body,
      await model(),
      depsRecording(seen, { [LEXICAL_EMBEDDER_ID]: 'hybrid', '*': 'hybrid' }),
    );
    expect(seen.map((q) => q.mode)).toEqual(['hybrid']);
  });
});
