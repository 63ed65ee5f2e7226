// Which of a fixed set of options (a JSON Schema `enum`) a question names. Options match
// case-insensitively and by stem ("in colour" names "coloured", "two weeks" names "two_weeks");
// where options overlap, the longer one wins ("hardly used" names "Hardly Used", not "Used"). Words of one
// or two letters must match exactly ("A" is a grade or a base, "a" an article). An option that is a
// unit symbol is also named by the unit's words ("inches" names "in", "pounds" names "lb").
import { nameWords, stemMatch, stemOf, type Token } from '@fnquery/text-tools';
import { unitNames } from './units';

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
    const written = String(option)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    const stems = nameWords(String(option)).map(stemOf);
    if (stems.length === 0) continue;
    // "no2", "pm25", "o3": one written word that the name splitter cuts at its digits ("no", "2") is
    // found as the one word it is, in any case.
    if (written.length === 1 && stems.length > 1)
      for (const w of words)
        if (w.text.toLowerCase() === written[0]!.toLowerCase())
          found.push({ option, start: w.start, end: w.end, length: stems.length });
    const short = stems.length === written.length ? written.map((w) => (w.length <= 2 ? w : undefined)) : [];
    const forms: { stems: string[]; short: (string | undefined)[] }[] = [
      { stems, short },
      ...unitNames(String(option)).map((u) => ({ stems: u, short: [] })),
    ];
    for (const form of forms) {
      for (let i = 0; i + form.stems.length <= words.length; i++) {
        const same = (s: string, k: number) =>
          form.short[k] !== undefined ? words[i + k]!.text === form.short[k] : stemMatch(s, words[i + k]!.stem) >= 0.8;
        if (form.stems.every(same)) {
          found.push({
            option,
            start: words[i]!.start,
            end: words[i + form.stems.length - 1]!.end,
            length: form.stems.length,
          });
        }
      }
    }
  }
  found.sort((a, b) => b.length - a.length || a.start - b.start);
  const kept: OptionMention<T>[] = [];
  for (const f of found) {
    if (!kept.some((k) => f.start < k.end && f.end > k.start))
      kept.push({ option: f.option, start: f.start, end: f.end });
  }
  return kept.sort((a, b) => a.start - b.start);
}
