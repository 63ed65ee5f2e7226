// The embedders: the one new collections are filled with, and the local one by id.
import { defaultEmbedder } from '../ai/platform';
import { LexicalEmbedder } from '@fnquery/heuristic-engine/retrieval';
import type { Embedder } from '../ai/ports';
import { aiPlatformConfig } from './core';

let local: Embedder | undefined;

export const lexicalEmbedder = (): Embedder => (local ??= new LexicalEmbedder());

/** The embedder new collections are filled with: the default platform's. */
export const embedder = (): Embedder => defaultEmbedder(aiPlatformConfig(), lexicalEmbedder);
