// The heuristic engine's public API: everything the service and its benchmarks use. Other files are
// internal; the service imports only this entry (a dependency rule checks it).
export { heuristicChat, HeuristicChat } from './engine';
export { LEXICAL_EMBEDDER_ID, LexicalEmbedder, embedText } from './embedder';
export { heuristicSql } from './sql';
