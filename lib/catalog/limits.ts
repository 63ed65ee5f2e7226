// Bounds of a catalog search page, shared by the search and the route table (which every handler
// loads, so this file imports nothing).
export const PAGE_SIZE = { default: 20, max: 100 };
/** Tag chips offered with a result page: the most frequent tags among all its matches. */
export const TAG_FACETS_MAX = 30;
