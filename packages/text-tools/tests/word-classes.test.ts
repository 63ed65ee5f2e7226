// forEachWord classes a character the first time it meets it (ASCII is written out), instead of classing the
// whole BMP when it first runs. The words it finds must be those of the Unicode properties it stands for:
// letters and digits make words, marks are dropped inside them, anything else separates them.
import { describe, expect, it } from 'vitest';
import { forEachWord, terms } from '../src/text';

const isWordChar = (ch: string) => /^[\p{L}\p{N}]$/u.test(ch);
const isMark = (ch: string) => /^\p{M}$/u.test(ch);

describe('word characters', () => {
  it('splits or joins words around every BMP character as its Unicode properties say', () => {
    const wrong: string[] = [];
    for (let c = 0; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCharCode(c);
      const text = `a${ch}a`;
      // Only characters that normalisation and lower-casing leave as they are test the table itself.
      if (text.normalize('NFKD').toLowerCase() !== `a${ch}a`) continue;
      const expected = isWordChar(ch) || isMark(ch) ? 1 : 2;
      if (forEachWord(text, () => undefined) !== expected) wrong.push(c.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('reads words of other scripts, drops accents, and treats a lone surrogate as a space', () => {
    expect(terms('Café Ångström ٣٤ 東京 naïve')).toEqual(['cafe', 'angstrom', '٣٤', '東京', 'naive']);
    expect(forEachWord('ferry\ud800harbour', () => undefined)).toBe(2);
  });
});
