// The engine's files read words through this module; the tools themselves live in the neutral package the
// catalog's keyword search shares, so both read a text into the same words.
export { MAX_WORD, forEachWord, terms, type WordVisitor } from '@fnquery/text-tools';
