// The sets the integrator writes are kept from the engineers who write the engine's rules: the benches
// that run them print their totals and never their misses, even when a run asks for failures.
import { describe, expect, it, vi } from 'vitest';
import {
  PARAPHRASE_SETS,
  printParaphrases,
  type ParaphraseFigures,
} from '../../../packages/heuristic-engine/bench/tool-args-paraphrases';
import { printOwnSet, type OwnSetFigures } from '../../../bench/sql-own-set';
import { INTEGRATOR_SQL_SETS } from '../../../bench/sql-own-set-data';
import { OUTCOMES, SHAPES } from '../../../bench/sql';

function printed(print: () => void): string {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  try {
    print();
  } finally {
    spy.mockRestore();
  }
  return lines.join('\n');
}

const MISSED = 'Dim the attic lamp to a tenth';

describe('function-calling paraphrase sets', () => {
  const figures: ParaphraseFigures = {
    byKind: { call: { right: 0, total: 1 }, ask: { right: 0, total: 0 }, decline: { right: 0, total: 0 } },
    confidentlyWrong: 1,
    failures: [`${MISSED} → wrong percent=1`],
  };

  it('marks sets 14 to 18 as the integrator’s', () => {
    expect(PARAPHRASE_SETS.filter((s) => s.integrator).map((s) => s.file)).toEqual([
      'paraphrases-14.json',
      'paraphrases-15.json',
      'paraphrases-16.json',
      'paraphrases-17.json',
      'paraphrases-18.json',
    ]);
  });

  it('prints the misses of a development set and only the totals of an integrator set', () => {
    expect(printed(() => printParaphrases('set 1', 'paraphrases.json', figures))).toContain(`miss: ${MISSED}`);
    const kept = printed(() => printParaphrases('set 16', 'paraphrases-16.json', figures, true));
    expect(kept).toContain('confidently wrong (a call made, but not the right one) 1/1');
    expect(kept).not.toContain(MISSED);
  });
});

describe('text-to-SQL own sets', () => {
  const zeros = () =>
    Object.fromEntries(
      SHAPES.map((s) => [s, Object.fromEntries(OUTCOMES.map((o) => [o, 0]))]),
    ) as OwnSetFigures['byShape'];
  const figures: OwnSetFigures = {
    byShape: { ...zeros(), simple: { right: 0, wrong: 1, declined: 0, failed: 0 } },
    withoutRivals: zeros(),
    declines: { questions: 0, declined: 0 },
    misses: [{ id: 'q01', question: MISSED, expected: 'SELECT 1', sql: 'SELECT 2', why: 'other rows' }],
  };

  it('shows a development set’s misses when asked, and never an integrator set’s', () => {
    expect(INTEGRATOR_SQL_SETS).toEqual([5, 6, 7, 8]);
    expect(printed(() => printOwnSet(figures, 2, true))).toContain(MISSED);
    const kept = printed(() => printOwnSet(figures, 7, true));
    expect(kept).toContain('confidently wrong: 1/1');
    expect(kept).not.toContain(MISSED);
  });
});
