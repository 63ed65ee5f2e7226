// The text tools the catalog's keyword search and the heuristic engine share, so both read a text into the
// same words: normalised and stemmed terms (text.ts), and words with positions and the words of an identifier
// (words.ts). The SQL lexer is the separate entry `@fnquery/text-tools/sql`.
export { MAX_WORD, forEachWord, terms, type WordVisitor } from './text';
export { requestText } from './phatic';
export { DETERMINERS, OBJECT_STARTS, nameWords, stemMatch, stemOf, tokenize, type Token } from './words';
