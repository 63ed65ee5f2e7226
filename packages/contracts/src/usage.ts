// What answering cost, in a model's tokens (the heuristic engine counts words instead).

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** Every embedding the service stores or searches with has this many numbers, whichever embedder made it. */
export const EMBEDDING_DIMENSIONS = 768;
