// Splits extracted sections into overlapping chunks of at most `maxTokens` tokens. A chunk never
// spans two sections, so each keeps its section's page and heading for citations. Near the size
// limit a chunk ends at a paragraph, sentence or line end when there is one, so chunks read whole.
//
// A token is a word piece: up to 24 letters/digits, a single CJK character (those scripts have no
// spaces), or one other visible character. Close enough to model tokens to size chunks by, and cheap.

import type { Section } from './extract';

export interface Chunk {
  text: string;
  /** 0-based index of the chunk within its upload. */
  position: number;
  /** The uploaded file's name. */
  source: string;
  page?: number;
  heading?: string;
}

export interface ChunkOptions {
  maxTokens: number;
  /** Tokens repeated from the end of one chunk at the start of the next, within a section. */
  overlapTokens: number;
  /** Called with the count as each chunk is made, so a budget stops a huge document early. */
  onChunk?: (count: number) => void;
}

export const DEFAULT_CHUNKING: ChunkOptions = { maxTokens: 200, overlapTokens: 40 };

const CJK = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}`;
const TOKEN = new RegExp(String.raw`[${CJK}]|(?:(?![${CJK}])[\p{L}\p{N}\p{M}]){1,24}|\S`, 'gu');
const SENTENCE_END = /^[.!?\u3002\uff01\uff1f]$/u;

/** Kinds of gap after a token, ranked: the higher, the better a place to end a chunk. */
const BREAK = { none: 0, line: 1, sentence: 2, paragraph: 3 } as const;
type Break = (typeof BREAK)[keyof typeof BREAK];

export function chunkSections(sections: Section[], source: string, options: ChunkOptions = DEFAULT_CHUNKING): Chunk[] {
  const { maxTokens, overlapTokens, onChunk } = options;
  if (!Number.isInteger(maxTokens) || maxTokens < 1) throw new RangeError('maxTokens must be a positive integer');
  if (!Number.isInteger(overlapTokens) || overlapTokens < 0 || overlapTokens >= maxTokens) {
    throw new RangeError('overlapTokens must be an integer from 0 to maxTokens - 1');
  }
  // A chunk may end early at a good break, but never so early that the overlap would stall it.
  const minTokens = Math.max(overlapTokens + 1, maxTokens - Math.floor(maxTokens / 4));
  const chunks: Chunk[] = [];
  for (const section of sections) {
    const { starts, ends } = tokenize(section.text);
    const n = starts.length;
    let first = 0;
    while (first < n) {
      const end =
        first + maxTokens >= n ? n : bestEnd(section.text, starts, ends, first + minTokens, first + maxTokens);
      chunks.push({
        text: section.text.slice(starts[first], ends[end - 1]),
        position: chunks.length,
        source,
        ...(section.page === undefined ? {} : { page: section.page }),
        ...(section.heading === undefined ? {} : { heading: section.heading }),
      });
      onChunk?.(chunks.length);
      if (end === n) break;
      first = end - overlapTokens;
    }
  }
  return chunks;
}

/** Start and end offsets of every token. */
export function tokenize(text: string): { starts: number[]; ends: number[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const m of text.matchAll(TOKEN)) {
    starts.push(m.index);
    ends.push(m.index + m[0].length);
  }
  return { starts, ends };
}

/** The exclusive end token in [low, high] whose preceding gap is the best break, latest on ties. */
function bestEnd(text: string, starts: number[], ends: number[], low: number, high: number): number {
  let best = high;
  let bestKind: Break = BREAK.none;
  for (let end = high; end >= low; end--) {
    const kind = breakAfter(text, starts, ends, end - 1);
    if (kind > bestKind) {
      best = end;
      bestKind = kind;
      if (kind === BREAK.paragraph) break;
    }
  }
  return best;
}

function breakAfter(text: string, starts: number[], ends: number[], token: number): Break {
  const gap = text.slice(ends[token], starts[token + 1]);
  if (/\n[^\S\n]*\n/.test(gap)) return BREAK.paragraph;
  if (gap && SENTENCE_END.test(text.slice(starts[token], ends[token]))) return BREAK.sentence;
  return gap.includes('\n') ? BREAK.line : BREAK.none;
}
