// Words the heuristic engine's SQL templates read as cues, shared by the condition and clause readers.
import type { Word } from './sql-linking';
import type { Aggregate } from './sql-plan';

/** What comparative adjectives are about when the question names no column ("older than 30"). */
export const ADJECTIVE_HINTS: Record<string, string[]> = {
  old: ['age', 'birth', 'born', 'dob'],
  young: ['age', 'birth', 'born', 'dob'],
  tall: ['height'],
  short: ['height', 'length', 'distance'],
  heavy: ['weight'],
  light: ['weight'],
  long: ['length', 'duration', 'time', 'distance'],
  expensive: ['price', 'cost'],
  cheap: ['price', 'cost'],
  large: ['size', 'area', 'capacity', 'population'],
  big: ['size', 'area', 'capacity', 'population'],
  small: ['size', 'area', 'capacity', 'population'],
  rich: ['worth', 'wealth', 'money', 'income'],
  recent: ['date', 'year', 'time'],
  early: ['date', 'year', 'time'],
  late: ['date', 'year', 'time'],
  new: ['date', 'year', 'time'],
  popular: ['popularity', 'rating', 'rank'],
};

/** Superlatives and the direction they sort in; the adjective names the column when the question does not. */
export const SUPERLATIVES: Record<string, { descending: boolean; adjective?: string }> = {
  highest: { descending: true },
  largest: { descending: true, adjective: 'large' },
  biggest: { descending: true, adjective: 'big' },
  greatest: { descending: true },
  most: { descending: true },
  maximum: { descending: true },
  max: { descending: true },
  best: { descending: true },
  top: { descending: true },
  longest: { descending: true, adjective: 'long' },
  tallest: { descending: true, adjective: 'tall' },
  heaviest: { descending: true, adjective: 'heavy' },
  oldest: { descending: true, adjective: 'old' },
  richest: { descending: true, adjective: 'rich' },
  latest: { descending: true, adjective: 'late' },
  newest: { descending: true, adjective: 'new' },
  lowest: { descending: false },
  smallest: { descending: false, adjective: 'small' },
  least: { descending: false },
  fewest: { descending: false },
  minimum: { descending: false },
  min: { descending: false },
  worst: { descending: false },
  shortest: { descending: false, adjective: 'short' },
  lightest: { descending: false, adjective: 'light' },
  youngest: { descending: false, adjective: 'young' },
  earliest: { descending: false, adjective: 'early' },
  cheapest: { descending: false, adjective: 'cheap' },
};

export const COUNT_CUES = ['how many', 'total number of', 'number of', 'count of', 'count', 'counts'];
export const DISTINCT_WORDS = new Set(['different', 'distinct', 'unique']);
export const AGGREGATES: Record<string, Aggregate> = {
  average: 'AVG',
  mean: 'AVG',
  avg: 'AVG',
  total: 'SUM',
  sum: 'SUM',
  combined: 'SUM',
  maximum: 'MAX',
  max: 'MAX',
  minimum: 'MIN',
  min: 'MIN',
};
export const AGGREGATE_WORDS: ReadonlySet<string> = new Set(Object.keys(AGGREGATES));
/** Superlatives that ask for the value itself ("what is the maximum tonnage") rather than the row holding it. */
export const VALUE_SUPERLATIVES = new Set([
  'maximum',
  'max',
  'minimum',
  'min',
  'highest',
  'lowest',
  'largest',
  'smallest',
  'biggest',
  'greatest',
  'oldest',
  'youngest',
  'longest',
  'shortest',
]);
/** "most common", "least popular": ranked by how many rows share the value. */
export const FREQUENCY = new Set(['common', 'frequent', 'frequently', 'popular', 'often']);
export const GROUP_CUES = [
  'for each',
  'for every',
  'in each',
  'of each',
  'for different',
  'of different',
  'in different',
  'across different',
  'per',
  'each',
  'by each',
  'grouped by',
  'by',
];
export const ORDER_CUES = [
  'ordered by',
  'order by',
  'sorted by',
  'sort by',
  'sort them by',
  'arranged by',
  'ranked by',
  'listed by',
  'in order of',
  'order of',
  'ordered in',
  'sorted in',
  'listed in',
  'sorted according to',
  'ordered according to',
  'alphabetical',
  'alphabetically',
  'ascending',
  'descending',
  'ascendingly',
  'descendingly',
  'increasing',
  'decreasing',
];
/** Words before "by" that make it ordering, not grouping. */
export const ORDER_WORDS =
  /^(?:order|ordered|sorted|sort|arranged|ranked|grouped|listed|descending|ascending|descendingly|ascendingly|alphabetically|decreasing|increasing)$/;
/** Read after an ordering cue: "from largest to smallest", "most recent first". */
export const DESCENDING =
  /\b(?:descending|decreasing|desc|reverse|(?:large|larg|high|big|most|old|new|late|great)\w* to (?:small|low|least|young|old|early|few)\w*|most recent first)\b/;
/** Words that open a relative clause: the columns named before one are what the question shows. */
export const CLAUSE_MARKERS = new Set([
  'who',
  'whose',
  'that',
  'which',
  'where',
  'when',
  'with',
  'having',
  'has',
  'have',
  'had',
  'whom',
  'without',
]);

export const FULL_NAME = [
  'full name',
  'full names',
  'whole name',
  'first and last name',
  'first and last names',
  'first name and last name',
  'first names and last names',
];
/** Columns that keep a person's names apart. */
export const FIRST_NAME = /(?:^|_)(?:first_?name|fname|name_first|given_name)$/i;
export const LAST_NAME = /(?:^|_)(?:last_?name|lname|name_last|surname|family_name)$/i;
export const isPersonalName = (column: string) => FIRST_NAME.test(column) || LAST_NAME.test(column);

/** Words that negate what follows them. */
const NEGATIVE = new Set(['no', 'not', 'never', 'without', 'none', 'nobody', 'nothing', 'except']);

/**
 * Whether the word at `i` negates: one of the words above, or the "t" of a contraction ("aren't" and
 * "doesn't" are read as "aren" and "t"). One test for the flags ("aren't electric") and for the check
 * that a negation was read somewhere.
 */
export const negates = (words: Word[], i: number): boolean =>
  NEGATIVE.has(words[i]!.lower) || (words[i]!.lower === 't' && /n$/.test(words[i - 1]?.lower ?? ''));
