// The heuristic engine's retrieval answer: extractive. It picks the sentences of the retrieved chunks
// that share the most (rare) question words, cites where each came from, says when it quotes only
// the closest passage, and says plainly when nothing retrieved shares a word with the question. Hit scores are not used as relevance: after rank fusion
// they are rank-based and carry no absolute meaning, so relevance is judged on the text itself —
// a sentence that covers enough of the question, or else a whole hit that does (its words spread
// over several sentences), whose best sentences are then quoted.
import { terms } from '@fnquery/text-tools';
import {
  HIT_RANK_BONUS,
  MAX_SENTENCES,
  MIN_COVERAGE,
  REPEAT_OVERLAP,
  SENTENCE_STEMS,
  WORD_WEIGHT_FLOOR,
} from './weights';

export interface RagHit {
  text: string;
  source: string;
  score: number;
}

export interface RagAnswer {
  answer: string;
  /** Sources of the sentences used, best first. Empty when nothing relevant was found. */
  sources: string[];
  sentences: string[];
}

export const NOTHING_RELEVANT = 'Nothing relevant was found in the collection for this question.';
/** Leads an answer quoted from a passage that shares only a little of the question. */
export const CLOSEST_ONLY = 'No passage in the collection answers this directly; the closest one found says: ';

interface Candidate {
  text: string;
  source: string;
  hitRank: number;
  position: number;
  score: number;
  coverage: number;
  stems: Set<string>;
}

/** Sentence ends: . ! ? followed by space and an upper-case letter, digit or quote; and line breaks. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“'(])|\n{1,}/u)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= 12 && /\p{L}/u.test(s));
}

/**
 * A hit's sentences. A hit too short to hold one (a heading and a line, as a short Markdown file
 * gives: "Leave", "25 days.") is one sentence as a whole, its lines ended with full stops, rather
 * than nothing: retrieval found it, so it may hold the answer.
 */
function sentencesOf(text: string): string[] {
  const sentences = splitSentences(text);
  if (sentences.length > 0) return sentences;
  const lines = text
    .split('\n')
    .map((l) =>
      l
        .replace(/^#+\s*/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  const whole = lines.map((l) => (/[.!?:;]$/.test(l) ? l : `${l}.`)).join(' ');
  return /\p{L}/u.test(whole) ? [whole] : [];
}

/**
 * `retrievalQuery` is the caller's `rag_query`: it chose the hits, so a sentence that covers it is
 * as relevant as one that covers the question (each sentence counts by the better of the two).
 */
export function ragAnswer(question: string, hits: RagHit[], retrievalQuery?: string): RagAnswer {
  const candidates: Candidate[] = [];
  hits.forEach((hit, hitRank) =>
    sentencesOf(hit.text).forEach((text, position) =>
      candidates.push({
        text,
        source: hit.source,
        hitRank,
        position,
        score: 0,
        coverage: 0,
        stems: new Set(terms(text)),
      }),
    ),
  );
  const measures = [question, retrievalQuery]
    .filter((q): q is string => !!q?.trim())
    .map((q) => coverageOf([...new Set(terms(q))], candidates));
  if (!candidates.length || measures.every((m) => m === undefined))
    return { answer: NOTHING_RELEVANT, sources: [], sentences: [] };
  const coverage = (stems: Set<string>) => Math.max(...measures.map((m) => m?.(stems) ?? 0));
  for (const c of candidates) {
    c.coverage = coverage(c.stems);
    // Long sentences match more by chance; earlier hits were ranked more relevant by retrieval.
    c.score = c.coverage / Math.sqrt(Math.max(1, c.stems.size / SENTENCE_STEMS)) + HIT_RANK_BONUS / (1 + c.hitRank);
  }

  const ranked = [...candidates].sort((a, b) => b.score - a.score);
  let chosen = pick(ranked.filter((c) => c.coverage >= MIN_COVERAGE));
  if (!chosen.length) {
    // No one sentence is enough: the first hit (in retrieval order) that is, as a whole, is quoted.
    const hitRank = hits.findIndex((h) => coverage(new Set(terms(h.text))) >= MIN_COVERAGE);
    chosen = pick(ranked.filter((c) => c.hitRank === hitRank && c.coverage > 0));
  }
  let lead = '';
  if (!chosen.length) {
    // Below the bar but not unrelated: the passage sharing most of the question is quoted, and the
    // answer says it is only the closest. "Nothing relevant" is kept for hits that share no word.
    chosen = pick(ranked.filter((c) => c.coverage > 0)).slice(0, 1);
    lead = CLOSEST_ONLY;
  }
  if (!chosen.length) return { answer: NOTHING_RELEVANT, sources: [], sentences: [] };

  const sources = [...new Set(chosen.map((c) => c.source))];
  // Read in document order within a source, best source first.
  const ordered = [...chosen].sort(
    (a, b) => sources.indexOf(a.source) - sources.indexOf(b.source) || a.hitRank - b.hitRank || a.position - b.position,
  );
  const body = ordered
    .map((c) => `${c.text}${/[.!?]$/.test(c.text) ? '' : '.'} [${sources.indexOf(c.source) + 1}]`)
    .join(' ');
  const citations = sources.map((s, i) => `[${i + 1}] ${s}`).join('; ');
  return { answer: `${lead}${body}\n\nSources: ${citations}`, sources, sentences: ordered.map((c) => c.text) };
}

/** Rare words say more: each query word weighs by its inverse frequency among the sentences. */
function coverageOf(queryTerms: string[], candidates: Candidate[]): ((stems: Set<string>) => number) | undefined {
  if (queryTerms.length === 0) return undefined;
  const weight = new Map<string, number>();
  for (const t of queryTerms) {
    const df = candidates.reduce((n, c) => n + (c.stems.has(t) ? 1 : 0), 0);
    weight.set(t, Math.log(1 + candidates.length / (1 + df)) + WORD_WEIGHT_FLOOR);
  }
  const total = [...weight.values()].reduce((a, b) => a + b, 0);
  return (stems) => queryTerms.reduce((sum, t) => sum + (stems.has(t) ? weight.get(t)! : 0), 0) / total;
}

/** The best sentences, at most MAX_SENTENCES, none repeating another. */
function pick(ranked: Candidate[]): Candidate[] {
  const chosen: Candidate[] = [];
  for (const c of ranked) {
    if (chosen.length === MAX_SENTENCES) break;
    if (!chosen.some((k) => overlap(k.stems, c.stems) > REPEAT_OVERLAP)) chosen.push(c);
  }
  return chosen;
}

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / Math.max(1, Math.min(a.size, b.size));
}
