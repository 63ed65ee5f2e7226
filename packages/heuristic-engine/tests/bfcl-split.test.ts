// The held-out split of bench/tool-args-split.ts: a report item never shares its normalised question or
// its functions with a tuning item.
import { describe, expect, it } from 'vitest';
import { fingerprintOf, normaliseQuestion, splitItems, type SplitItem } from '../bench/tool-args-split';

const item = (id: string, question: string, ...names: string[]): SplitItem => ({
  id,
  question,
  functions: names.map((name) => ({ name })),
});

describe('BFCL split by normalised question (bench/tool-args-split)', () => {
  it('folds case, digits and punctuation', () => {
    expect(normaliseQuestion('Paint 3 walls, Blue!')).toBe(normaliseQuestion('paint 12 walls blue'));
    expect(normaliseQuestion('Paint 3 walls')).not.toBe(normaliseQuestion('Paint 3 doors'));
  });

  it('puts questions that differ only in numbers in one half', () => {
    const items = Array.from({ length: 40 }, (_, i) => item(`a${i}`, `Water the fern ${i} times, please`, `f${i}`));
    expect(new Set(splitItems(items).values()).size).toBe(1);
  });

  it('sends every item whose question or functions occur in both halves to the tune half', () => {
    // Many distinct questions over one function: without the fold they would land in both halves.
    const shared = Array.from({ length: 30 }, (_, i) => item(`s${i}`, `question number ${'x'.repeat(i)}`, 'shared_fn'));
    const alone = Array.from({ length: 30 }, (_, i) => item(`o${i}`, `other ${'y'.repeat(i)}`, `own_${i}`));
    const halves = splitItems([...shared, ...alone]);
    expect(shared.every((s) => halves.get(s.id) === 'tune')).toBe(true);
    // Items with functions of their own still fill both halves.
    expect(new Set(alone.map((a) => halves.get(a.id)))).toEqual(new Set(['tune', 'report']));
    const report = [...halves].filter(([, h]) => h === 'report');
    for (const [id] of report) {
      const mine = [...shared, ...alone].find((x) => x.id === id)!;
      const tune = [...shared, ...alone].filter((x) => halves.get(x.id) === 'tune');
      expect(tune.some((t) => t.functions[0]!.name === mine.functions[0]!.name)).toBe(false);
      expect(tune.some((t) => normaliseQuestion(t.question) === normaliseQuestion(mine.question))).toBe(false);
    }
  });

  it('fingerprints the report half independently of order', () => {
    expect(fingerprintOf(['b', 'a'])).toBe(fingerprintOf(['a', 'b']));
    expect(fingerprintOf(['a'])).not.toBe(fingerprintOf(['a', 'b']));
  });
});
