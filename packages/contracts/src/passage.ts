// What a retrieval answer is given: a passage the search found, with where it came from.

export interface Passage {
  text: string;
  /** The file, page and heading it came from, as the answer cites it. */
  source: string;
  score: number;
}
