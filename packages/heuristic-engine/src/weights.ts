// The tuned weights and windows of the heuristic engine's function calling, value reading and
// retrieval answers, in one table. Each entry says which benchmark set it: change one only with that
// benchmark's figures before and after, measured on its tune half.
// - tool-args: `npm run bench -- tool-args` (this package's bench/tool-args.ts: BFCL's tune half and the tuning
//   paraphrase sets; the report half is only ever read as totals);
// - retrieval: `node --import tsx bench/retrieval.ts --routes` (SciFact's
//   tune half).
// Limits that only bound output (how many fields an answer lists) are not tuned and stay with their code.

// ---- choosing the tool (function-calling/tool-choice.ts, function-calling.ts) ----------------------

/** Below this relevance no offered tool is about the question (tool-args: irrelevance vs simple). */
export const RELEVANCE_THRESHOLD = 1;
/** A related word's weight against the same word's, 1 (tool-args, and the paraphrase sets' declines). */
export const RELATED = 0.6;
/** Where a question word is found in a tool (tool-args: multiple). */
export const FIELD_WEIGHTS = { name: 1, description: 0.7, parameter: 0.5, parameterDescription: 0.25 } as const;
/** Generic request words ("get", "find") count this share of a word (tool-args: multiple). */
export const GENERIC_WEIGHT = 0.2;
/** Tools scoring at least this share of the best relevance are compared by their arguments too (tool-args: multiple). */
export const CONTENDER_SHARE = 0.6;
/** Per property a contender fills with evidence, and per required property it lacks (tool-args: multiple). */
export const FILLED_WEIGHT = 0.3;
export const MISSING_WEIGHT = 0.5;

// ---- reading arguments (function-calling/arguments.ts, evidence.ts, reading.ts, candidates.ts) -----

/** Lets a candidate with no evidence still be chosen, by type fit and order (tool-args: simple_python). */
export const BASE = 0.1;
/** Below this much strong evidence an optional property stays out (tool-args: simple_python). */
export const OPTIONAL_EVIDENCE = 0.4;
/** An optional property with this much strong evidence for a value the call leaves out is asked for, not dropped (tool-args: confidently wrong). */
export const OPTIONAL_GIVEN = 0.2;
/** Left-over words scoring no more than this, with no strong evidence, are a guess: asked for, not sent (tool-args: confidently wrong). */
export const GUESS_SCORE = 1;
/**
 * Two same-typed values stay where they were placed only when the evidence for that placement beats
 * the evidence for the swap by more than this; else the engine asks (tool-args: confidently wrong).
 */
export const ORDER_MARGIN = 0.1;
/**
 * Another unused value with at least this share of the taken value's strong evidence contests the
 * property: the question wants several calls, or does not say which (tool-args: parallel, confidently wrong).
 */
export const RIVAL_SHARE = 0.5;
/** Words between a property's name and its value beyond which the name is no evidence (tool-args). */
export const MAX_DISTANCE = 6;
/** What each word between a property's name and its value adds to their distance (function-calling/reading.ts; tool-args). */
export const DISTANCE_COST = { glue: 0, sentenceEnd: 3, word: 1, other: 0.5 } as const;
/** A description alone never says much (tool-args). */
export const DESCRIPTION_CAP = 0.4;
/** A property word after its value ("7 laps") counts less than before it ("laps: 7") (tool-args). */
export const AFTER_VALUE = 0.6;
/** A measure adjective ("8 m long") as a cue for its noun's property (`length`), against 1 for the noun itself (tool-args: paraphrase set 5). */
export const MEASURE_WEIGHT = 0.8;
/** A description word near a value counts this much of a name word (tool-args). */
export const DESCRIPTION_WEIGHT = 0.35;
/** Longest lower-case phrase taken as a value next to a property's name (tool-args, paraphrase sets). */
export const MAX_PHRASE = 3;
/** Longest item of a list written in prose ("quiet, tidy and kind") (tool-args: array parameters). */
export const MAX_ITEM_WORDS = 3;

/** How well each kind of written text fits a string property (function-calling/conversion.ts; tool-args: string parameters). */
export const TEXT_FIT = {
  quoted: 1,
  said: 0.9,
  identifier: 0.9,
  name: 0.85,
  email: 0.8,
  uri: 0.8,
  unit: 0.7,
  phrase: 0.7,
  leftover: 0.3,
} as const;

/**
 * How well a value of another kind fits a property (function-calling/conversion.ts), against 1 for a value
 * of the property's own kind (tool-args: parameters by type, confidently wrong).
 */
export const KIND_FIT = {
  /** A number spelled out ("three"): often not a value at all ("one of them"). */
  spelledNumber: 0.7,
  /** An ordinal word ("first"), less often a value still. */
  ordinalWord: 0.5,
  /** A date-time written for a property that holds no date. */
  dateTimeAsText: 0.1,
  /** A date for a property that holds no date, or one missing a part only a free-form property can do without. */
  dateAsText: 0.6,
  partialDate: 0.7,
  /** A clock time for a time, a date or free text. */
  clockTime: 0.8,
  /** A formula for a property that holds none. */
  expressionAsText: 0.2,
  /** One of the property's own options, as named. */
  option: 0.95,
  /** A number for an id or code property ("Ticket 7"), and a number as words ("3 weeks") for text. */
  numberAsCode: 0.8,
  numberAsText: 0.3,
  /** Text of another kind than a date or e-mail property holds: this share of its usual fit. */
  kindMismatch: 0.4,
  /** One value for a list property: this share of its fit as a single value. */
  singleAsList: 0.4,
  /** A number, or key-value pairs, for a property of any type. */
  anyNumber: 0.8,
  anyPairs: 0.8,
} as const;

/** Evidence that ties a value to a property (function-calling/evidence.ts; tool-args: simple_python, multiple). */
export const EVIDENCE = {
  /** A property word inside the value's own words ("the Riverside Hotel" for `hotel`). */
  cueInside: 0.8,
  /** `name=value` or `name: value` with the property's own name. */
  keyValue: 3,
  /**
   * A unit word ("in miles") for a property that is a unit; a number whose unit the property's name
   * names, or written with the noun its description counts ("5 departures" for "How many departures")
   * or as people for a property counting people ("8 friends"): the last two as strong as the name
   * (tool-args: paraphrase set 8).
   */
  unitProperty: 0.8,
  unitNamed: 0.8,
  /** A number whose unit measures what the property's name names ("3 weeks" for a duration), or its description. */
  quantityNamed: 0.5,
  quantityDescribed: 0.2,
  /** A unit the description names, shared out among the properties whose descriptions name it. */
  unitDescribed: 0.4,
  /** A compound unit ("m/s^2") written after the number just as the description writes it (tool-args: paraphrase set 12). */
  unitWritten: 0.8,
  /** A value of the kind the property holds (a date for a date); a value matching the property's pattern. */
  kindHeld: 0.5,
  patterned: 1,
  /** A preposition that introduces the property's role ("from Dover" for a start). */
  preposition: 0.6,
  /** The value listed for this property in a "respectively" list. */
  respective: 1.5,
} as const;

/** How strongly the words around a value settle its role in a source/target pair (function-calling/roles.ts). */
export const ROLE_EVIDENCE = {
  /** "from X", "to X", "X equivalent of", "how many X" (tool-args: paraphrase set 6). */
  directionWord: 2,
  /** The value written with the amount ("60 EUR") is what is converted (tool-args: paraphrase set 6). */
  withAmount: 1,
} as const;

// ---- several calls (function-calling/parallel.ts, segments.ts, several.ts) ----------------------------

/**
 * Words that must repeat before several values for them to read as one request written again ("the
 * depth of 40, the depth of 55"); two let "initial temperature of 300, final temperature of 400" through
 * as repeats (tool-args: parallel, simple_python).
 */
export const LEAD_IN_WORDS = 3;

/** A list is sent once per item only when each item fits the property at least this well (tool-args: parallel). */
export const LIST_ITEM_FIT = 0.5;

// ---- the lexical embedder (embedder.ts) ----------------------------------------------------------------
// Changing one changes every vector it makes: give the embedder a new id (LEXICAL_EMBEDDER_ID) with it, so
// collections embedded before are not searched with vectors of another kind (retrieval).

/**
 * A whole-word match is worth most; a word has about 12 n-grams, so each counts little; stop words still
 * count a little, so "to be or not to be" is not empty.
 */
export const LEXICAL_FEATURE_WEIGHT = { word: 1, ngram: 0.25, stopWord: 0.1 } as const;
/** The character n-grams of each word, shortest and longest (as in fastText). */
export const LEXICAL_GRAMS = { min: 3, max: 5 } as const;

// ---- retrieval answers (rag-answer.ts) ---------------------------------------------------------------

/** Sentences quoted at most (retrieval). */
export const MAX_SENTENCES = 3;
/** A sentence, or else a whole hit, must cover this share of the question's weighted words to count as relevant (retrieval). */
export const MIN_COVERAGE = 0.34;
/** A sentence's length in stems past which its coverage is discounted (by the square root of its share), as longer ones match more by chance (retrieval). */
export const SENTENCE_STEMS = 12;
/** What being an earlier retrieval hit adds to a sentence's score: this over 1 + its hit rank (retrieval). */
export const HIT_RANK_BONUS = 0.05;
/** Every question word weighs at least this above its inverse frequency among the sentences (retrieval). */
export const WORD_WEIGHT_FLOOR = 0.1;
/** A sentence sharing more than this share of its stems with one already quoted is a repeat (retrieval). */
export const REPEAT_OVERLAP = 0.8;

// ---- precision among several functions (function-calling/contest.ts) ------------------------------------

/**
 * A call reads the question weakly when this share of its content words is accounted for by nothing in
 * the call; with a runner-up function that would be called too and no word to settle between them, the
 * engine asks which is meant (tool-args --signals, then tool-args on the tune half, multiple: at 1/3 the
 * rule removes 2 of 5 wrong calls and costs no right call; at 1/2 it removes 1; at 0.2, 3 right calls lost).
 */
export const UNREAD_SHARE = 1 / 3;
/** Words either side of a free-text value within which its property's name counts as its cue (tool-args: multiple). */
export const CUE_NEAR = 4;
