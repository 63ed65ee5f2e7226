// The evidence a structured answer reads on the retrieval endpoint: the passages the readable
// answer quotes, and the other retrieved passages about the same subject (its name in their text,
// or in their source's name: "stonegate-faq.md" for the Stonegate Bakery), since a document's facts
// are often spread over several (a news item and a FAQ), and the sentences quoted come first.
import { findNames } from './schema-values';
import { sharedSubject, writesName } from './structured-evidence';

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

/**
 * The passages a structured answer rests on, in retrieval order: those the answer cites (all when
 * it cites none) and those about the question's subject; their text after the quoted sentences;
 * and the subject's name.
 */
export function passageEvidence(
  question: string,
  passages: Passage[],
  found: { sources: string[]; sentences: string[] },
): { hits: Passage[]; text: string; subject?: string } {
  const names = [...new Set(findNames(question).map((n) => n.text))];
  const cited = passages.filter((p) => found.sources.includes(p.source));
  const hits =
    cited.length === 0 ? passages : passages.filter((p) => found.sources.includes(p.source) || about(p, names));
  const text = [...found.sentences, ...(cited.length > 0 ? hits : passages.slice(0, 1)).map((p) => p.text)].join('\n');
  const subject = sharedSubject(question, text);
  return { hits, text, ...(subject !== undefined && { subject }) };
}
