// The engine's related words: general English from WordNet (packages/heuristic-engine/src/lexicon), by stem.
import { describe, expect, it } from 'vitest';
import { related } from '../src/lexicon/related';
import { terms } from '@fnquery/text-tools';

const stem = (word: string): string => terms(word)[0] ?? word;
const areRelated = (a: string, b: string) => related(stem(a), stem(b));

describe('related words', () => {
  it('relate synonyms, a quality and its attribute, a word and its narrow parent, in both directions', () => {
    for (const [a, b] of [
      ['parcel', 'package'],
      ['cold', 'temperature'],
      ['hello', 'greet'],
      ['hello', 'greeting'],
    ] as [string, string][]) {
      expect(areRelated(a, b), `${a} ~ ${b}`).toBe(true);
      expect(areRelated(b, a), `${b} ~ ${a}`).toBe(true);
    }
  });

  it('leave unrelated words and a word with itself apart', () => {
    expect(areRelated('moon', 'greeting')).toBe(false);
    expect(areRelated('invoice', 'temperature')).toBe(false);
    expect(areRelated('parcel', 'parcel')).toBe(false);
  });
});
