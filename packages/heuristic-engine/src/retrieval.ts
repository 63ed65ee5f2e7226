// The engine's retrieval half as an entry of its own (`@fnquery/heuristic-engine/retrieval`): the lexical
// embedder and the plain-text answer from passages. It reaches none of the function-calling, SQL or
// structured-output modules, nor the WordNet lexicon they read (about 760 KB of text), so a retrieval
// query's first answer compiles none of them. A structured answer goes through the full entry (index.ts).
import type { Passage } from '@fnquery/contracts';
import { ragAnswer } from './rag-answer';
import { heuristicReply, type Counted } from './reply';
import type { ChatRequest } from './turn';

export { LEXICAL_EMBEDDER_ID, LexicalEmbedder, embedText } from './embedder';
export { LOCAL_MODEL_ID } from './reply';
export type { Counted };

export interface PassagesQuestion {
  question: string;
  /** The text that chose the passages, when it differs from the question. */
  retrievalQuery?: string;
  passages: Passage[];
}

/** The turn a retrieval answer reads: the question, then each passage; its words are the answer's usage. */
export const passagesRequest = (input: PassagesQuestion): ChatRequest => ({
  messages: [
    { role: 'user', content: input.question },
    ...input.passages.map((p) => ({ role: 'user' as const, content: p.text })),
  ],
});

/** An extractive answer from the passages, as text: their best sentences with sources. */
export function answerTextFromPassages(input: PassagesQuestion): Counted<string> {
  const found = ragAnswer(input.question, input.passages, input.retrievalQuery);
  return { value: found.answer, usage: heuristicReply(passagesRequest(input), found.answer).usage };
}
