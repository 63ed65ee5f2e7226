// The SQL bench's confidence tools on samples made up here: the per-shape threshold table and the logistic fit,
// whose doubt weights never rise above the cap however the samples fall.
import { describe, expect, it } from 'vitest';
import { fitConfidence, thresholdTable, type ConfidenceSample } from '../../../bench/sql-confidence';

const sample = (
  shape: ConfidenceSample['shape'],
  confidence: number,
  outcome: ConfidenceSample['outcome'],
  doubts: Record<string, number>,
): ConfidenceSample => ({ shape, confidence, outcome, doubts });

describe('confidence fit of the SQL bench', () => {
  it('learns a negative weight for a doubt that goes with wrong answers, and caps one that goes with right ones', () => {
    const samples = [
      ...Array.from({ length: 40 }, () => sample('simple', 0.9, 'right', { unread: 0, harmless: 1 })),
      ...Array.from({ length: 10 }, () => sample('simple', 0.9, 'wrong', { unread: 0, harmless: 0 })),
      ...Array.from({ length: 40 }, () => sample('simple', 0.4, 'wrong', { unread: 1, harmless: 0 })),
      ...Array.from({ length: 10 }, () => sample('simple', 0.4, 'right', { unread: 1, harmless: 1 })),
    ];
    const fit = fitConfidence(samples);
    expect(fit.unread).toBeLessThan(-1);
    // More often right than not, yet a doubt: held at the cap rather than turned into a bonus.
    expect(fit.harmless).toBe(-0.1);
    expect(fit.none).toBeGreaterThan(0);
  });

  it('prints a table per shape, marking the chosen threshold of each and what it costs', () => {
    const samples = [
      sample('simple', 0.9, 'right', {}),
      sample('simple', 0.6, 'wrong', {}),
      sample('join', 0.6, 'right', {}),
      sample('nested/set', 0.2, 'wrong', {}),
    ];
    const lines = thresholdTable(samples, { simple: 0.7, join: 0.5, 'nested/set': 0.3 });
    expect(lines).toContain('  simple (2 questions):');
    expect(lines).toContain('  * 0.70: 1 / 0 (0.0%) / 1, precision 100.0%; −0 right, −1 wrong');
    expect(lines).toContain('  * 0.50: 1 / 0 (0.0%) / 0, precision 100.0%; −0 right, −0 wrong');
    expect(lines).toContain('  * 0.30: 0 / 0 (0.0%) / 1, precision 0.0%; −0 right, −1 wrong');
  });
});
