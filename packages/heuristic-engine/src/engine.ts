// The heuristic engine (the embedded default) as a ChatModel: the default platform when no AI endpoint is configured.
// It reads the pipelines' structured hint instead of prose, and answers each task with its own
// deterministic module, so pipelines run the same code path as with a real model.
import { badGateway } from '../../../lib/errors';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../lib/ai/ports';
import { heuristicFunctionTurn } from './function-calling';
import { ragAnswer } from './rag-answer';
import { findNames } from './schema-values';
import { heuristicSqlTurn } from './sql';
import { structuredAnswer } from './structured-answer';
import { LOCAL_MODEL_ID, heuristicReply } from './reply';

function ragTurn(request: ChatRequest, hint: Extract<ChatRequest['hint'], { kind: 'rag' }>): ChatResponse {
  const found = ragAnswer(hint.question, hint.hits, hint.retrievalQuery);
  if (!request.responseFormat) return heuristicReply(request, found.answer);
  // The hits the answer cites (all hits when it cites none) are records (text, source, score) for a
  // list-of-objects property such as citations; their whole text, after the quoted sentences, is the
  // evidence, since a schema may ask for facts the question did not ("is it electric?").
  const citedHits = hint.hits.filter((h) => found.sources.includes(h.source));
  const hits = citedHits.length > 0 ? citedHits : hint.hits;
  const evidence = { answer: found.answer, sources: found.sources, sentences: found.sentences, hits };
  const text = [
    ...found.sentences,
    ...(citedHits.length > 0 ? citedHits : hint.hits.slice(0, 1)).map((h) => h.text),
  ].join('\n');
  const subjects = [...new Set(findNames(hint.question).map((n) => n.text))].filter((n) => text.includes(n));
  const json = structuredAnswer(request.responseFormat.schema, evidence, {
    text: found.answer,
    evidence: text,
    ...(subjects.length === 1 && { subject: subjects[0] }),
  });
  return heuristicReply(request, JSON.stringify(json));
}

/** A repair turn: re-shape the previous answer through the schema, the part the engine got wrong. */
function repairTurn(request: ChatRequest, hint: Extract<ChatRequest['hint'], { kind: 'repair' }>): ChatResponse {
  if (!request.responseFormat) return heuristicReply(request, hint.invalid);
  let previous: unknown;
  try {
    previous = JSON.parse(hint.invalid);
  } catch {
    previous = { answer: hint.invalid };
  }
  return heuristicReply(
    request,
    JSON.stringify(structuredAnswer(request.responseFormat.schema, previous, { text: hint.invalid })),
  );
}

export class HeuristicChat implements ChatModel {
  readonly id = LOCAL_MODEL_ID;

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const hint = request.hint;
    switch (hint?.kind) {
      case 'function':
        return heuristicFunctionTurn(request);
      case 'sql':
        return heuristicSqlTurn(request);
      case 'rag':
        return ragTurn(request, hint);
      case 'repair':
        return repairTurn(request, hint);
      default:
        throw badGateway(
          'The embedded local engine cannot answer this kind of request',
          'Configure an AI platform for the service (FNQ_AI_BASE_URL) or send ai_platform "openai" with your api+key',
          'local_engine_unsupported',
        );
    }
  }
}

let engine: HeuristicChat | undefined;
export const heuristicChat = (): ChatModel => (engine ??= new HeuristicChat());
