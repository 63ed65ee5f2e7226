// The engine's files read tokens through this module; the tools themselves live in the neutral package the
// catalog's keyword search shares, so both read a text into the same words.
export { DETERMINERS, OBJECT_STARTS, nameWords, stemMatch, stemOf, tokenize, type Token } from '@fnquery/text-tools';
