// Catalog search: an inverted index over name, shortname, description and tags, built once per
// registry snapshot. Every query word must match (as a whole word, or as the start of one for the
// last word, so results follow typing); a match scores by the field it hits. A function's score
// depends only on itself and the query, never on the rest of the catalog, so a (score, shortname)
// cursor stays valid while functions come and go: pages neither repeat nor skip a function.
import { nameWords, terms } from '@fnquery/text-tools';
import type { CatalogEntry } from '../functions/catalog-entry';

/** Where a word hits weighs how much the hit says: a tag or the name is chosen, a description word may be incidental. */
export const FIELD_WEIGHTS = { tag: 5, name: 4, shortname: 3, description: 1 } as const;
/** A word that only starts an indexed word (the one being typed) counts for half. */
export const PREFIX_FACTOR = 0.5;

export interface CatalogQuery {
  q?: string;
  /** All of these tags. */
  tags?: string[];
  runtime?: string;
}

export interface ScoredEntry {
  entry: CatalogEntry;
  score: number;
}

/** The words of a text, lower-cased; `camelCase`, `snake_case` and `kebab-case` names split. */
const rawWords = (text: string) => nameWords(text);
/** A word's search form: stemmed, or undefined for a stop word. */
const stemOf = (word: string): string | undefined => terms(word)[0];

/** Best score first, then shortname: the one order of results, pages and cursors. */
export function compareScored(a: ScoredEntry, b: ScoredEntry): number {
  return b.score - a.score || byCodeUnits(a.entry.shortname, b.entry.shortname);
}

/** Plain code-unit order: the same in every locale, so cursors mean the same everywhere. */
export const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface QueryWord {
  raw: string;
  /** Undefined for a stop word. */
  stem?: string;
  /** The last word, still being typed (no space after it): also matches the words it starts. */
  typing: boolean;
  /** A stop word being typed: it may start a word that matters, but never removes a result. */
  optional: boolean;
}

/**
 * The words of a query. Stop words are dropped ("weather in paris"), except the word being typed,
 * which may start a longer word ("in" → "inches"): it then ranks what it starts without being required.
 */
export function queryWords(q: string): QueryWord[] {
  const raw = rawWords(q);
  const typingLast = !/[^\p{L}\p{N}]$/u.test(q);
  const words = raw.map((w, i) => ({
    raw: w,
    stem: stemOf(w),
    typing: typingLast && i === raw.length - 1,
    optional: false,
  }));
  const kept = words.filter((w) => w.stem || w.typing);
  for (const w of kept) w.optional = !w.stem && kept.length > 1;
  return kept;
}

function keepBest(map: Map<string, Map<number, number>>, key: string, position: number, weight: number): void {
  let hits = map.get(key);
  if (!hits) map.set(key, (hits = new Map()));
  if ((hits.get(position) ?? 0) < weight) hits.set(position, weight);
}

export class CatalogIndex {
  /** stem → entry position → weight of its best field: whole-word matches. */
  private readonly stems = new Map<string, Map<number, number>>();
  /**
   * Unstemmed word → the same: prefix matches of the word being typed, which a stem cannot serve
   * ("convertin" starts "converting", not its stem "convert").
   */
  private readonly words = new Map<string, Map<number, number>>();
  /** The keys of `words`, sorted, for prefix lookups by binary search. */
  private readonly sortedWords: string[];

  /** Stems of the words seen while building: a catalog repeats its words, stemming each once keeps the build fast. */
  private stemCache?: Map<string, string | undefined> = new Map();

  constructor(readonly entries: readonly CatalogEntry[]) {
    entries.forEach((entry, i) => {
      this.add(i, entry.tags.join(' '), FIELD_WEIGHTS.tag);
      this.add(i, entry.name, FIELD_WEIGHTS.name);
      this.add(i, entry.shortname, FIELD_WEIGHTS.shortname);
      this.add(i, entry.description, FIELD_WEIGHTS.description);
    });
    this.sortedWords = [...this.words.keys()].sort(byCodeUnits);
    this.stemCache = undefined;
  }

  private add(position: number, text: string, weight: number): void {
    for (const word of rawWords(text)) {
      keepBest(this.words, word, position, weight);
      let stem = this.stemCache!.get(word);
      if (stem === undefined && !this.stemCache!.has(word)) this.stemCache!.set(word, (stem = stemOf(word)));
      if (stem) keepBest(this.stems, stem, position, weight);
    }
  }

  /** Every match, in result order. */
  search(query: CatalogQuery): ScoredEntry[] {
    const words = queryWords(query.q ?? '');
    const wanted = (entry: CatalogEntry) =>
      (!query.runtime || entry.runtime === query.runtime) && (query.tags ?? []).every((t) => entry.tags.includes(t));
    if (words.length === 0) {
      return this.entries
        .filter(wanted)
        .map((entry) => ({ entry, score: 0 }))
        .sort(compareScored);
    }
    let scores: Map<number, number> | undefined;
    for (const word of words.filter((w) => !w.optional)) {
      const hits = this.hits(word);
      const next = new Map<number, number>();
      // Intersect: a function must match every word.
      for (const [position, weight] of hits) {
        const sofar = scores ? scores.get(position) : 0;
        if (sofar !== undefined) next.set(position, sofar + weight);
      }
      scores = next;
    }
    for (const word of words.filter((w) => w.optional)) {
      const hits = this.hits(word);
      for (const [position, score] of scores ?? []) scores!.set(position, score + (hits.get(position) ?? 0));
    }
    const found: ScoredEntry[] = [];
    for (const [position, score] of scores ?? []) {
      const entry = this.entries[position]!;
      if (wanted(entry)) found.push({ entry, score });
    }
    return found.sort(compareScored);
  }

  /** Positions matching one query word: whole-word hits, and for the word being typed, the words it starts. */
  private hits(word: QueryWord): Map<number, number> {
    const exact = word.stem ? this.stems.get(word.stem) : undefined;
    if (!word.typing) return exact ?? new Map();
    const hits = new Map(exact);
    for (
      let i = this.firstAtOrAfter(word.raw);
      i < this.sortedWords.length && this.sortedWords[i]!.startsWith(word.raw);
      i++
    ) {
      const term = this.sortedWords[i]!;
      // A stop word typed in full matches itself fully (it has no stem to match through).
      const factor = term === word.raw ? (word.stem ? 0 : 1) : PREFIX_FACTOR;
      for (const [position, weight] of this.words.get(term)!) {
        const partial = weight * factor;
        if ((hits.get(position) ?? 0) < partial) hits.set(position, partial);
      }
    }
    return hits;
  }

  private firstAtOrAfter(word: string): number {
    let lo = 0;
    let hi = this.sortedWords.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sortedWords[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
