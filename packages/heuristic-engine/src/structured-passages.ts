// The evidence a structured answer reads on the retrieval endpoint: the passages the readable
// answer quotes, and the other retrieved passages about the same subject (its name in their text,
// or in their source's name: "stonegate-faq.md" for the Stonegate Bakery), since a document's facts
// are often spread over several (a news item and a FAQ), and the sentences quoted come first.
import { namesAsked, sharedSubject, writesName } from './structured-evidence';

export interface Passage {
  text: string;
  source: string;
  score: number;
}

/** The shortest name word that identifies a subject in a file name ("Stonegate" of "Stonegate Bakery"). */
const MIN_SOURCE_WORD = 4;

const sourceWords = (source: string) => new Set(source.toLowerCase().split(/[^\p{L}\p{N}]+/u));

/** True when the passage names one of the question's names (as written, or in any case in a text without capitals), in its text or by its source's first name word. */
function about(passage: Passage, names: string[]): boolean {
  const words = sourceWords(passage.source);
  return names.some((name) => {
    if (writesName(passage.text, name)) return true;
    const first = name.split(/\s+/)[0]!.toLowerCase();
    return first.length >= MIN_SOURCE_WORD && words.has(first);
  });
}

/** The fewest characters two chunks of one document must share to be read as overlapping. */
const MIN_OVERLAP = 12;

/** How many characters of `a`'s end begin `b` (at least MIN_OVERLAP), else 0. */
function overlap(a: string, b: string): number {
  const head = b.slice(0, MIN_OVERLAP);
  if (head.length < MIN_OVERLAP) return 0;
  for (let at = a.indexOf(head); at >= 0; at = a.indexOf(head, at + 1))
    if (b.startsWith(a.slice(at))) return a.length - at;
  return 0;
}

/**
 * Chunks of one document read as the text they were cut from, where they overlap: a chunker
 * that cuts by size repeats a chunk's last words at the next one's start and cuts wherever the
 * size runs out, mid-sentence ("… two ovens bake" | "bake around 400 loaves …"). Read apart, a
 * sentence cut in two is two statements, and a verb at one chunk's end seems to take the number
 * another chunk opens with. Chunks that do not overlap stay apart, in retrieval order.
 */
export function stitched(passages: Passage[]): Passage[] {
  const out = passages.map((p) => ({ ...p }));
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++)
      for (let j = 0; j < out.length && !merged; j++) {
        const [a, b] = [out[i]!, out[j]!];
        if (i === j || a.source !== b.source) continue;
        const shared = a.text.includes(b.text) ? b.text.length : overlap(a.text, b.text);
        if (shared === 0) continue;
        a.text = a.text.includes(b.text) ? a.text : a.text + b.text.slice(shared);
        a.score = Math.max(a.score, b.score);
        out.splice(j, 1);
        merged = true;
      }
  }
  return out;
}

/**
 * A chunk's text without the sentences a cut left partial, where capitals show the cut: one
 * opening in lower case began mid-sentence (its start, and any "not" in it, is in another chunk),
 * so it reads through its first sentence end as nothing; and after its last sentence end, words
 * without a stop were cut off ("… drive"). A text without sentence ends, or of a document written
 * without capitals (`cased` false), shows no cut and stays whole.
 */
export function wholeSentences(text: string, cased: boolean): string {
  let kept = text.trim();
  if (!cased) return kept;
  // A list item or a quote opens with its mark ("- the …"); a cut opens on a word.
  if (/^\p{Ll}/u.test(kept)) {
    const end = /[.!?]["')\]]*(?:\s+|$)/u.exec(kept);
    kept = end ? kept.slice(end.index + end[0].length) : '';
  }
  const last = [...kept.matchAll(/[.!?]["')\]]*(?=\s)/gu)].at(-1);
  if (last && !/[.!?]["')\]]*$/u.test(kept)) kept = kept.slice(0, last.index + last[0].length);
  return kept.trim();
}

const spaced = (text: string) => text.replace(/\s+/g, ' ');

/**
 * The passages a structured answer rests on, in retrieval order: those the answer cites (all when
 * it cites none) and those about the question's subject; their text (chunks of one document read
 * as one where they overlap, without the sentences a cut left partial) after the quoted sentences;
 * and the subject's name.
 */
export function passageEvidence(
  question: string,
  passages: Passage[],
  found: { sources: string[]; sentences: string[] },
): { hits: Passage[]; text: string; subject?: string } {
  const names = namesAsked(question, passages.map((p) => p.text).join('\n'));
  const cited = passages.filter((p) => found.sources.includes(p.source));
  const hits =
    cited.length === 0 ? passages : passages.filter((p) => found.sources.includes(p.source) || about(p, names));
  const cased = passages.some((p) => /\p{Lu}/u.test(p.text));
  const read = stitched(cited.length > 0 ? hits : passages.slice(0, 1))
    .map((p) => wholeSentences(p.text, cased))
    .filter(Boolean);
  // A quoted sentence that a cut left partial is no whole statement either.
  const quoted = found.sentences.filter((s) => read.some((text) => spaced(text).includes(spaced(s))));
  const text = [...quoted, ...read].join('\n');
  const subject = sharedSubject(question, text);
  return { hits, text, ...(subject !== undefined && { subject }) };
}
