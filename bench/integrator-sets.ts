// The engine's figures on the question sets the integrator wrote and kept from the engineers who write
// its rules: function-calling paraphrase sets 14-17, text-to-SQL own sets 5-8 and the structured-output
// subjects lido and heritage railway. Each set was committed before the engine first ran on it; nobody
// who changes a rule sees its items (the benches print their totals only), so these are the unseen
// figures of every round, run once before the round's rules and once after. Totals only, here too.
// Run: npm run bench -- integrator-sets
import { INTEGRATOR_SUBJECTS, ENDPOINTS, run as runStructured } from '../packages/heuristic-engine/bench/structured';
import { PARAPHRASE_SETS, runParaphrases } from '../packages/heuristic-engine/bench/tool-args-paraphrases';
import { runOwnSet } from './sql-own-set';
import { INTEGRATOR_SQL_SETS, ownSetPath } from './sql-own-set-data';
import { OUTCOMES } from './sql';
import { isMain } from './stats';

const of = (right: number, total: number) => `${right}/${total}`;

export async function printIntegratorSets(): Promise<void> {
  console.log('Sets written by the integrator, kept from the rule writers (totals only)');
  console.log('\nfunction calling: calls right · asks right · declines right · confidently wrong');
  for (const { label, file, integrator } of PARAPHRASE_SETS) {
    if (!integrator) continue;
    const { byKind, confidentlyWrong } = runParaphrases(file);
    const total = byKind.call.total + byKind.ask.total + byKind.decline.total;
    console.log(
      `  ${label.padEnd(64)} ${of(byKind.call.right, byKind.call.total)} · ${of(byKind.ask.right, byKind.ask.total)}` +
        ` · ${of(byKind.decline.right, byKind.decline.total)} · wrong ${of(confidentlyWrong, total)}`,
    );
  }
  console.log(`\ntext-to-SQL: ${OUTCOMES.join(' / ')} · declines right`);
  for (const n of INTEGRATOR_SQL_SETS) {
    const figures = await runOwnSet(ownSetPath(n));
    const total = Object.fromEntries(
      OUTCOMES.map((o) => [o, Object.values(figures.byShape).reduce((sum, cells) => sum + cells[o], 0)]),
    );
    const asked = OUTCOMES.reduce((sum, o) => sum + (total[o] ?? 0), 0);
    console.log(
      `  own set ${n}: ${OUTCOMES.map((o) => total[o]).join(' / ')} of ${asked} (wrong ${((100 * (total.wrong ?? 0)) / asked).toFixed(1)}%)` +
        ` · ${of(figures.declines.declined, figures.declines.questions)}`,
    );
  }
  console.log(`\nstructured output: cells filled per endpoint (${ENDPOINTS.join(' / ')})`);
  const matrix = await runStructured();
  for (const name of INTEGRATOR_SUBJECTS) {
    const cells = matrix[name]!;
    const filled = ENDPOINTS.map((e) => Object.values(cells[e]).filter((v) => v === 'filled').length);
    console.log(`  ${name.padEnd(56)} ${filled.join(' / ')} of ${Object.keys(cells.function).length}`);
  }
}

if (isMain(import.meta.url)) await printIntegratorSets();
