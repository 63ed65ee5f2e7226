// A superlative that no clause read: "Which riders are the fittest?" over a schema with nothing that
// measures fitness. Run without it, the query lists every row, an answer to another question; the engine
// asks instead. Only "the <word>est" counts ("the most …" is left to the confidence model's cue words),
// and only when the plan ranks nothing (no ORDER BY, no MAX or MIN): a ranking read elsewhere answers it.
import type { SqlPlan } from './sql-plan';
import type { Reading } from './sql-reading';

/** Words ending in "est" that are not superlatives. */
const NOT_SUPERLATIVE = new Set(
  'interest request guest forest west test contest nest quest harvest protest chest suggest digest manifest honest modest latest'.split(
    ' ',
  ),
);

export function unreadSuperlative(reading: Reading, plan: SqlPlan): string | undefined {
  if (plan.orderBy || plan.select.some((s) => s.aggregate === 'MAX' || s.aggregate === 'MIN')) return undefined;
  const { words, claimed } = reading;
  const named = new Set([
    ...reading.tables.flatMap((m) => m.words),
    ...reading.columns.flatMap((m) => m.words),
    ...reading.values.flatMap((v) => v.words),
  ]);
  const at = words.findIndex((w, i) => {
    if (claimed.has(i) || named.has(i) || words[i - 1]?.lower !== 'the') return false;
    return /^[a-z]{2,}est$/.test(w.lower) && !NOT_SUPERLATIVE.has(w.lower);
  });
  if (at < 0) return undefined;
  return `the question ranks rows by "${words[at]!.text}", which no column of the listed tables was found to measure`;
}
