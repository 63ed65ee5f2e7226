// The value extractors of the heuristic engine (the embedded default), in one place: function calling reads
// arguments with them, and the SQL templates read filter values with them.
export { findNumbers, type NumberMention } from './values/numbers';
export {
  dateLayoutIn,
  findDates,
  findTimes,
  formatDate,
  formatTime,
  type DateMention,
  type TimeMention,
} from './values/dates';
export {
  findEmails,
  findIdentifiers,
  findKeyValues,
  findNames,
  findQuoted,
  findSaid,
  findUris,
  REQUEST_WORDS,
  type KeyValueMention,
  type NameMention,
  type TextMention,
} from './values/text';
export {
  findBracketLists,
  findEnumerations,
  findExpressions,
  findNumberTuples,
  findRanges,
  type ExpressionMention,
  type ListItem,
  type ListMention,
} from './values/structures';
export { findColonLists, findPhraseLists, type PhraseList } from './values/phrases';
export { findOptions, type OptionMention } from './values/options';
export {
  findAskedUnits,
  isUnit,
  quantityStems,
  toBaseUnit,
  toPropertyTimeUnit,
  unitStems,
  type UnitMention,
} from './values/units';
