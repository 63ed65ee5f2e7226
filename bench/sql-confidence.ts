// The SQL writer's confidence model on the tuning half (bench/sql.ts collects one sample per simple or
// join question): the precision/coverage table of a few thresholds, and the logistic fit of the model's
// weights (`--fit-confidence`). Each sample carries the outcome of the query the engine would write
// whatever its confidence, so a threshold's cost in right answers shows next to the wrong ones it saves.
import type { Outcome, Shape } from './sql';

export interface ConfidenceSample {
  shape: Shape;
  /** Undefined when the model does not judge the query (the rules declined it, or it is nested). */
  confidence?: number;
  doubts?: Record<string, number>;
  /** The outcome of the query written whatever its confidence ('declined' when the rules declined). */
  outcome: Outcome;
}

export const THRESHOLDS = [0, 0.5, 0.6, 0.65, 0.7, 0.72, 0.75, 0.8];

/** At threshold `t`, a judged question below it is declined; the others keep their outcome. */
const outcomeAt = (sample: ConfidenceSample, t: number): Outcome =>
  sample.confidence !== undefined && sample.confidence < t ? 'declined' : sample.outcome;

export function thresholdTable(samples: ConfidenceSample[], chosen: number): string[] {
  const lines = [
    'Confidence threshold, tuning half (right / wrong = ran and returned other rows / declined; precision = right of those run):',
  ];
  const share = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;
  for (const t of THRESHOLDS) {
    const cells = (['simple', 'join'] as const).map((shape) => {
      const of = samples.filter((s) => s.shape === shape);
      const count = (o: Outcome) => of.filter((s) => outcomeAt(s, t) === o).length;
      const [right, wrong, declined] = [count('right'), count('wrong'), count('declined')];
      return `${shape} ${right} / ${wrong} (${share(wrong, of.length)}) / ${declined}, precision ${share(right, right + wrong)}`;
    });
    lines.push(`  ${t === chosen ? '*' : ' '} ${t.toFixed(2)}: ${cells.join('; ')}`);
  }
  lines.push('  (* the threshold in packages/heuristic-engine/src/sql-weights.ts)');
  return lines;
}

/**
 * Logistic regression of "the query is right" on the doubt counts, by batch gradient descent: the bias and
 * one weight per doubt, as sql-weights.ts holds them.
 */
export function fitConfidence(samples: ConfidenceSample[], steps = 3000, rate = 0.5): Record<string, number> {
  const judged = samples.filter((s) => s.doubts && s.outcome !== 'declined');
  const names = Object.keys(judged[0]?.doubts ?? {});
  let bias = 0;
  const weights = names.map(() => 0);
  const xs = judged.map((s) => names.map((n) => s.doubts![n]!));
  const ys = judged.map((s) => (s.outcome === 'right' ? 1 : 0));
  for (let step = 0; step < steps; step++) {
    let gradientBias = 0;
    const gradient = names.map(() => 0);
    xs.forEach((x, i) => {
      const logOdds = bias + x.reduce((sum, v, j) => sum + v * weights[j]!, 0);
      const error = 1 / (1 + Math.exp(-logOdds)) - ys[i]!;
      gradientBias += error;
      x.forEach((v, j) => (gradient[j]! += error * v));
    });
    bias -= (rate * gradientBias) / xs.length;
    gradient.forEach((g, j) => (weights[j]! -= (rate * g) / xs.length));
  }
  return Object.fromEntries([['none', bias], ...names.map((n, j) => [n, weights[j]!])]);
}
