// The two tools over the account's own documents: search_collection (retrieval only: chunks with
// scores and sources) and ask_collection (the vectordb endpoint's answer). Both reach only the
// calling account's collections, through the same functions as POST /query-service/v1/vectordb.
import { UsageMeter } from '../ai/usage';
import { isServiceError } from '../errors';
import {
  answerFromDocuments,
  collectionSource,
  CONTEXT_HITS,
  describeSource,
  searchSource,
  type VectordbDeps,
} from '../query/vectordb';
import type { QueryModel, SharedQueryBody } from '../query/shared';
import { ASK_INPUT, SEARCH_INPUT, type AskArgs, type SearchArgs } from './tool-inputs';
import { ASK_COLLECTION, SEARCH_COLLECTION } from './tool-names';
import { argumentsRefused, toolError, toolResult, argsCheck, type McpTool, type ToolResult } from './tool-result';
import { validate as askValidator } from './validators/ask-collection.generated';
import { validate as searchValidator } from './validators/search-collection.generated';

export { SEARCH_LIMIT_MAX } from './tool-inputs';

/** Both only read the caller's own documents; an answer may differ between calls, the documents do not change. */
const readsDocuments = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

export type { AskArgs, SearchArgs };

const TOOLS: McpTool[] = [
  {
    name: SEARCH_COLLECTION,
    title: 'Search a document collection',
    description:
      'Finds the passages of your uploaded documents that best match a query (hybrid vector and keyword search). ' +
      'Returns the chunks with their scores and sources; it does not answer the question.',
    inputSchema: SEARCH_INPUT,
    outputSchema: {
      type: 'object',
      properties: {
        chunks: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              text: { type: 'string' },
              score: { type: 'number', description: 'Higher is better; comparable within one result only.' },
              source: { type: 'string', description: 'File name, page and heading the chunk comes from.' },
            },
            required: ['text', 'score', 'source'],
          },
        },
        notes: { type: 'array', items: { type: 'string' }, description: 'E.g. that uploads are still being embedded.' },
      },
      required: ['chunks', 'notes'],
    },
    annotations: readsDocuments,
  },
  {
    name: ASK_COLLECTION,
    title: 'Ask a document collection',
    description:
      'Answers a question from your uploaded documents (retrieval-augmented generation, as POST /query-service/v1/vectordb), ' +
      'citing the passages it used by number.',
    inputSchema: ASK_INPUT,
    outputSchema: {
      type: 'object',
      properties: { answer: { type: 'string' }, messages: { type: 'array', items: { type: 'string' } } },
      required: ['answer', 'messages'],
    },
    annotations: readsDocuments,
  },
];

export const collectionTools = (): McpTool[] => TOOLS;

const checkSearch = argsCheck<SearchArgs>(searchValidator);
const checkAsk = argsCheck<AskArgs>(askValidator);

export interface CollectionToolDeps {
  retrieval: VectordbDeps;
  queryModel(body: SharedQueryBody): Promise<QueryModel>;
}

export interface CollectionCallContext {
  account: string;
  signal?: AbortSignal;
  /** AI tokens spent, for the usage metrics. */
  usage: { aiTokens: number };
}

export async function callCollectionTool(
  name: string,
  args: Record<string, unknown>,
  deps: CollectionToolDeps,
  ctx: CollectionCallContext,
): Promise<ToolResult> {
  try {
    if (name === SEARCH_COLLECTION)
      return checkSearch(args) ? await search(args, deps, ctx) : argumentsRefused(checkSearch.errors);
    return checkAsk(args) ? await ask(args, deps, ctx) : argumentsRefused(checkAsk.errors);
  } catch (e) {
    // Unknown collection, embedder gone, AI platform down: the model reads why.
    if (isServiceError(e)) return toolError(e.problems);
    throw e;
  }
}

async function search(a: SearchArgs, deps: CollectionToolDeps, ctx: CollectionCallContext): Promise<ToolResult> {
  const meter = new UsageMeter();
  try {
    const source = await collectionSource(ctx.account, a.collection, deps.retrieval);
    const hits = await searchSource(
      source,
      { account: ctx.account, collection: a.collection },
      a.query,
      a.limit ?? CONTEXT_HITS,
      meter,
      deps.retrieval.searchRoutes,
      ctx.signal,
    );
    return toolResult({
      chunks: hits.map((h) => ({ text: h.text, score: h.score, source: describeSource(h) })),
      notes: source.notes,
    });
  } finally {
    ctx.usage.aiTokens += meter.total.totalTokens;
  }
}

async function ask(a: AskArgs, deps: CollectionToolDeps, ctx: CollectionCallContext): Promise<ToolResult> {
  const body = {
    query: a.query,
    vector_docdb_collection: a.collection,
    ...(a.rag_query && { rag_query: a.rag_query }),
  };
  const model = await deps.queryModel(body);
  try {
    const { answer, messages } = await answerFromDocuments(ctx.account, body, model, deps.retrieval, ctx.signal);
    return toolResult({ answer, messages });
  } finally {
    ctx.usage.aiTokens += model.meter.total.totalTokens;
  }
}
