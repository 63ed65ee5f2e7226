// The SQL writer's confidence model on the tuning half (bench/sql.ts collects one sample per question,
// under the shape of the query written): per shape, the precision/coverage table of a few thresholds, and
// the logistic fit of the model's weights (`--fit-confidence`). Each sample carries the outcome of the query the engine would write
// whatever its confidence, so a threshold's cost in right answers shows next to the wrong ones it saves.
import { SHAPES, type Outcome, type Shape } from './sql';
import { DOUBT_WEIGHTS } from '../packages/heuristic-engine/src/sql-weights';

export interface ConfidenceSample {
  /** The shape of the query the engine wrote, not the gold query's. */
  shape: Shape;
  /** The shape of the query written (simple, join, nested/set), whose weights and threshold judge it. */
  confidence: number;
  doubts: Record<string, number>;
  /** The outcome of the query written whatever its confidence ('declined' when the rules declined). */
  outcome: Outcome;
}

export const THRESHOLDS = [0, 0.3, 0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.72, 0.75, 0.8, 0.85, 0.9];

/** At threshold `t`, a judged question below it is declined; the others keep their outcome. */
const outcomeAt = (sample: ConfidenceSample, t: number): Outcome =>
  sample.confidence < t ? 'declined' : sample.outcome;

export function thresholdTable(samples: ConfidenceSample[], chosen: Record<Shape, number>): string[] {
  const lines = [
    'Confidence threshold, tuning half, by the shape of the query written (right / wrong = ran and returned other rows / declined;',
    '  precision = right of those run; cost = right answers lost and wrong ones saved against no threshold):',
  ];
  const share = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;
  for (const shape of SHAPES) {
    const of = samples.filter((s) => s.shape === shape);
    const count = (o: Outcome, t: number) => of.filter((s) => outcomeAt(s, t) === o).length;
    lines.push(`  ${shape} (${of.length} questions):`);
    for (const t of THRESHOLDS) {
      const [right, wrong, declined] = [count('right', t), count('wrong', t), count('declined', t)];
      const cost = `−${count('right', 0) - right} right, −${count('wrong', 0) - wrong} wrong`;
      lines.push(
        `  ${t === chosen[shape] ? '*' : ' '} ${t.toFixed(2)}: ${right} / ${wrong} (${share(wrong, of.length)}) / ${declined}, precision ${share(right, right + wrong)}; ${cost}`,
      );
    }
  }
  lines.push('  (* the threshold of each shape in packages/heuristic-engine/src/sql-weights.ts)');
  lines.push(...thresholdChoices(samples));
  return lines;
}

/** The threshold with the most right answers less `cost` times the wrong ones (the lowest on a tie). */
function bestThreshold(samples: ConfidenceSample[], cost: number) {
  const at = (t: number) => {
    const right = samples.filter((s) => outcomeAt(s, t) === 'right').length;
    const wrong = samples.filter((s) => outcomeAt(s, t) === 'wrong').length;
    return { t, right, wrong, score: right - cost * wrong };
  };
  return THRESHOLDS.map(at).reduce((best, row) => (row.score > best.score ? row : best));
}

/**
 * What each rule chooses, per shape: most right less twice wrong (the rule of sql-weights.ts), less three
 * times and less five times wrong, with what each stricter rule costs against the first in right answers
 * per wrong one saved. The stricter rules are printed for the choice of policy, not used.
 */
export function thresholdChoices(samples: ConfidenceSample[]): string[] {
  const lines = [
    'Threshold rules, tuning half: most right less twice wrong / less three times / less five times wrong:',
  ];
  for (const shape of SHAPES) {
    const of = samples.filter((s) => s.shape === shape);
    const twice = bestThreshold(of, 2);
    const stricter = ([3, 5] as const).map((cost) => {
      const rule = bestThreshold(of, cost);
      const [lost, saved] = [twice.right - rule.right, twice.wrong - rule.wrong];
      const price = saved > 0 ? `${(lost / saved).toFixed(2)} right per wrong saved` : 'no wrong saved';
      const name = cost === 3 ? 'three times' : 'five times';
      return `${name} ${rule.t.toFixed(2)} (${rule.right} / ${rule.wrong}): −${lost} right, −${saved} wrong, ${price}`;
    });
    lines.push(`  ${shape}: twice ${twice.t.toFixed(2)} (${twice.right} / ${twice.wrong}); ${stricter.join('; ')}`);
  }
  return lines;
}

/**
 * What each doubt does at the thresholds in use: the right and wrong answers run that its weight turns into
 * declines (the confidence recomputed without it), per shape. A doubt earns its place by declining clearly
 * more wrong answers than right ones.
 */
export function doubtCosts(samples: ConfidenceSample[], chosen: Record<Shape, number>): string[] {
  const lines = ['Doubts at the thresholds in use, tuning half: right / wrong answers each one alone declines:'];
  const logit = (p: number) => Math.log(p / (1 - p));
  for (const [doubt, weights] of Object.entries(DOUBT_WEIGHTS)) {
    if (doubt === 'none') continue;
    const cells = SHAPES.map((shape) => {
      const weight = weights[shape].value;
      const declinedBy = samples.filter(
        (s) =>
          s.shape === shape &&
          s.doubts[doubt]! > 0 &&
          s.confidence < chosen[shape] &&
          1 / (1 + Math.exp(-(logit(s.confidence) - weight * s.doubts[doubt]!))) >= chosen[shape],
      );
      const count = (o: Outcome) => declinedBy.filter((s) => s.outcome === o).length;
      return `${shape} ${count('right')} / ${count('wrong')}`;
    });
    lines.push(`  ${doubt.padEnd(18)} ${cells.join('; ')}`);
  }
  return lines;
}

/** No doubt raises confidence: a fitted weight is held at or below this. */
const MAX_DOUBT_WEIGHT = -0.1;

/**
 * Logistic regression of "the query is right" on the doubt counts, by projected batch gradient descent: the
 * bias and one weight per doubt, as sql-weights.ts holds them, each doubt's weight at most MAX_DOUBT_WEIGHT.
 */
export function fitConfidence(samples: ConfidenceSample[], steps = 3000, rate = 0.5): Record<string, number> {
  const judged = samples.filter((s) => s.outcome !== 'declined');
  const names = Object.keys(judged[0]?.doubts ?? {});
  let bias = 0;
  const weights = names.map(() => MAX_DOUBT_WEIGHT);
  const xs = judged.map((s) => names.map((n) => s.doubts[n]!));
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
    gradient.forEach((g, j) => (weights[j] = Math.min(MAX_DOUBT_WEIGHT, weights[j]! - (rate * g) / xs.length)));
  }
  return Object.fromEntries([['none', bias], ...names.map((n, j) => [n, weights[j]!])]);
}
