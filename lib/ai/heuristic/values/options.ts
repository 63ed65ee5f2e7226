// Which of a fixed set of options (a JSON Schema `enum`) a question names. Options match
// case-insensitively and by stem ("in detail" names "detailed", "six months" names "six_months");
// where options overlap, the longer one wins ("like new" names "Like New", not "New"). Words of one
// or two letters must match exactly ("A" is a grade or a base, "a" an article).
import { nameWords, stemMatch, stemOf, type Token } from '../words';

export interface OptionMention<T> {
  option: T;
  start: number;
  end: number;
}

/** Options named in the tokens, longest first where two claim the same words. */
export function findOptions<T extends string | number>(tokens: Token[], options: readonly T[]): OptionMention<T>[] {
  const words = tokens.filter((t) => t.word);
  const found: (OptionMention<T> & { length: number })[] = [];
  for (const option of options) {
    const written = String(option).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const stems = nameWords(String(option)).map(stemOf);
    if (stems.length === 0) continue;
    const short = stems.length === written.length ? written.map((w) => (w.length <= 2 ? w : undefined)) : [];
    for (let i = 0; i + stems.length <= words.length; i++) {
      const same = (s: string, k: number) => (short[k] !== undefined ? words[i + k]!.text === short[k] : stemMatch(s, words[i + k]!.stem) >= 0.8);
      if (stems.every(same)) {
        found.push({ option, start: words[i]!.start, end: words[i + stems.length - 1]!.end, length: stems.length });
      }
    }
  }
  found.sort((a, b) => b.length - a.length || a.start - b.start);
  const kept: OptionMention<T>[] = [];
  for (const f of found) {
    if (!kept.some((k) => f.start < k.end && f.end > k.start)) kept.push({ option: f.option, start: f.start, end: f.end });
  }
  return kept.sort((a, b) => a.start - b.start);
}
