// The embedders: the one new collections are filled with, and the local one by id.
import { defaultEmbedder } from '../ai/platform';
import { LocalLexicalEmbedder } from '../ai/local-embedder';
import type { Embedder } from '../ai/ports';
import { aiPlatformConfig } from './core';

let local: Embedder | undefined;

export const localEmbedder = (): Embedder => (local ??= new LocalLexicalEmbedder());

/** The embedder new collections are filled with: the default platform's. */
export const embedder = (): Embedder => defaultEmbedder(aiPlatformConfig(), localEmbedder);
