// The embedded default's embedder (docs/heuristic-engine.md): a 768-dim lexical vector, deterministic and
// offline. Each word adds its stem and its character 3- to 5-grams (with boundary markers, as in
// fastText) as hashed features; n-grams let "embedding" meet "embedded" and survive typos. Feature
// counts are weighted 1 + ln(tf) so repetition does not drown the rest, and each feature lands in one
// of 768 buckets with a hash-chosen sign, so collisions cancel out on average instead of piling up.
//
// Empty input (no letters or digits) gives the zero vector: there is nothing to point at, and a
// made-up direction would rank arbitrary chunks as similar. Callers see it as norm 0.

import { EMBEDDING_DIMENSIONS, type TokenUsage } from '@fnquery/contracts';
import { MAX_WORD, forEachWord } from '@fnquery/text-tools';
import { LEXICAL_FEATURE_WEIGHT, LEXICAL_GRAMS } from './weights';

export const LEXICAL_EMBEDDER_ID = 'local-lexical-v1';

// The feature weights and n-gram lengths are in weights.ts.
const { word: WORD_WEIGHT, ngram: NGRAM_WEIGHT, stopWord: STOP_WEIGHT } = LEXICAL_FEATURE_WEIGHT;
const { min: MIN_GRAM, max: MAX_GRAM } = LEXICAL_GRAMS;

// Different seeds keep a word, a stop word and an n-gram with the same letters apart.
const WORD_SEED = 0x811c9dc5;
const STOP_SEED = 0x050c5d1f;
const NGRAM_SEED = 0x9e3779b9;
const FNV_PRIME = 0x01000193;
const BOUNDARY_START = 0x3c; // '<'
const BOUNDARY_END = 0x3e; // '>'

/**
 * Term-frequency table reused across calls: open addressing keyed by the feature hash, with a
 * generation stamp per slot so clearing it costs nothing.
 */
class FeatureCounts {
  private keys = new Uint32Array(1 << 13);
  private counts = new Uint32Array(1 << 13);
  private weights = new Float32Array(1 << 13);
  private stamps = new Uint32Array(1 << 13);
  private used = new Uint32Array(1 << 13);
  private size = 0;
  private generation = 1;

  reset(): void {
    this.size = 0;
    this.generation++;
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
  }

  add(key: number, weight: number): void {
    if (this.size * 2 >= this.keys.length) this.grow();
    const slot = this.slotOf(key);
    if (this.stamps[slot] === this.generation) (this.counts[slot] as number)++;
    else this.place(slot, key, 1, weight);
  }

  /** Adds every feature, weighted and signed, into `out`. */
  project(out: Float32Array): void {
    const dims = out.length;
    for (let i = 0; i < this.size; i++) {
      const slot = this.used[i] as number;
      const mixed = fmix32(this.keys[slot] as number);
      const bucket = ((mixed & 0xffff) * dims) >>> 16;
      const value = (this.weights[slot] as number) * (1 + Math.log(this.counts[slot] as number));
      out[bucket] = (out[bucket] as number) + (mixed < 0 ? -value : value);
    }
  }

  /** The key's slot, or the empty slot where it belongs. */
  private slotOf(key: number): number {
    const mask = this.keys.length - 1;
    let slot = key & mask;
    while (this.stamps[slot] === this.generation && this.keys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  private place(slot: number, key: number, count: number, weight: number): void {
    this.stamps[slot] = this.generation;
    this.keys[slot] = key;
    this.counts[slot] = count;
    this.weights[slot] = weight;
    this.used[this.size++] = slot;
  }

  private grow(): void {
    const { keys, counts, weights, used, size } = this;
    const capacity = keys.length * 2;
    this.keys = new Uint32Array(capacity);
    this.counts = new Uint32Array(capacity);
    this.weights = new Float32Array(capacity);
    this.stamps = new Uint32Array(capacity);
    this.used = new Uint32Array(capacity);
    this.size = 0;
    this.generation = 1;
    for (let i = 0; i < size; i++) {
      const slot = used[i] as number;
      const key = keys[slot] as number;
      this.place(this.slotOf(key), key, counts[slot] as number, weights[slot] as number);
    }
  }
}

/** murmur3's finaliser: spreads FNV's weak low bits before they pick a bucket and a sign. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

const features = new FeatureCounts();
// The word with its boundary markers, so n-grams read one array.
const padded = new Uint16Array(MAX_WORD + 2);
padded[0] = BOUNDARY_START;

function addWord(word: Uint16Array, length: number, stem: Uint16Array, stemLength: number, stopWord: boolean) {
  let h = stopWord ? STOP_SEED : WORD_SEED;
  for (let i = 0; i < stemLength; i++) h = Math.imul(h ^ (stem[i] as number), FNV_PRIME);
  features.add(h >>> 0, stopWord ? STOP_WEIGHT : WORD_WEIGHT);
  if (stopWord || isNumber(word, length)) return;

  padded.set(word.subarray(0, length), 1);
  padded[length + 1] = BOUNDARY_END;
  const end = length + 2;
  for (let start = 0; start + MIN_GRAM <= end; start++) {
    let g = NGRAM_SEED;
    const last = Math.min(end, start + MAX_GRAM);
    for (let j = start; j < last; j++) {
      g = Math.imul(g ^ (padded[j] as number), FNV_PRIME);
      if (j - start + 1 >= MIN_GRAM) features.add(g >>> 0, NGRAM_WEIGHT);
    }
  }
}

/** Digit runs match only exactly: "2019" sharing "201" with "2012" means nothing. */
function isNumber(word: Uint16Array, length: number): boolean {
  for (let i = 0; i < length; i++) {
    const c = word[i] as number;
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The embedding of one text, and its word count (reported as tokens). */
export function embedText(text: string): { vector: Float32Array; words: number } {
  features.reset();
  const words = forEachWord(text, addWord);
  const vector = new Float32Array(EMBEDDING_DIMENSIONS);
  features.project(vector);
  let norm = 0;
  for (let i = 0; i < vector.length; i++) norm += (vector[i] as number) ** 2;
  if (norm > 0) {
    const scale = 1 / Math.sqrt(norm);
    for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] as number) * scale;
  }
  return { vector, words };
}

export class LexicalEmbedder {
  readonly id = LEXICAL_EMBEDDER_ID;
  readonly dimensions = EMBEDDING_DIMENSIONS;

  async embed(texts: string[], options?: { signal?: AbortSignal }) {
    const vectors: Float32Array[] = [];
    let words = 0;
    for (const text of texts) {
      options?.signal?.throwIfAborted();
      const embedded = embedText(text);
      vectors.push(embedded.vector);
      words += embedded.words;
    }
    const usage: TokenUsage = { promptTokens: words, completionTokens: 0, totalTokens: words };
    return { vectors, usage };
  }
}
