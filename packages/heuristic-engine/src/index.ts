// The heuristic engine's public API: a deterministic, offline engine for the tasks of an AI platform. The
// service and the benchmarks import only this entry (a dependency rule checks it); other files are internal.
export {
  LOCAL_MODEL_ID,
  answerFromFunction,
  answerFromPassages,
  answerFromRows,
  decideFunctionCall,
  fillSchema,
  writeSql,
  type Counted,
  type FunctionDecision,
  type FunctionQuestion,
  type RivalReading,
  type ValueProbe,
  type SqlDraft,
  type ToolCall,
  type ToolChoice,
} from './engine';
export { LEXICAL_EMBEDDER_ID, LexicalEmbedder, embedText } from './embedder';
/** How a retrieval answer starts when no passage is relevant, or when it quotes only the closest one. */
export { CLOSEST_ONLY, NOTHING_RELEVANT } from './rag-answer';
/** The SQL the engine would write for a question and its confidence in it, for the SQL bench's threshold table. */
export { SQL_MIN_CONFIDENCE, assessSql } from './sql';
