// The SQL bench's measure of ambiguity by execution (lib/query/rival-readings.ts): each written query runs
// with the queries of its near-tied rival readings, as the rdbms pipeline runs them, and is declined when
// their rows differ. Per half and shape of the gold query: the outcomes without the rivals (the query
// alone) beside the bench's usual outcomes with them; on the tuning half, per kind of rival, how many
// right and wrong answers each would decline on its own; and the database time the rivals add per question.
import type { SqlRival, SqlValueProbe } from '../lib/ai/tasks';
import { settleDraft } from '../lib/query/rival-readings';
import type { QueryResult } from '../lib/sql/execute';
import { percentile } from './stats';

type Shape = 'simple' | 'join' | 'nested/set';
type Outcome = 'right' | 'wrong' | 'declined' | 'failed';
const SHAPES: Shape[] = ['simple', 'join', 'nested/set'];
const OUTCOMES: Outcome[] = ['right', 'wrong', 'declined', 'failed'];

export interface RivalFigures {
  /** Per half and shape of the gold query: the outcome of the written query alone, rivals not run. */
  withoutRivals: Record<'tuning' | 'reporting', Record<Shape, Record<Outcome, number>>>;
  /** Tuning half: questions whose query ran with at least one rival. */
  questionsWithRivals: number;
  /** Tuning half, per kind: rivals written, rivals whose rows differed, right and wrong answers that differing declines. */
  byKind: Record<string, { written: number; differed: number; right: number; wrong: number }>;
  /** Tuning half: right and wrong answers the rivals together decline. */
  declined: { right: number; wrong: number };
  /** Database time the rivals add, per question whose query ran (0 for most: no rival). */
  extraMs: number[];
  /** The same, over the questions with at least one rival. */
  extraMsWithRivals: number[];
  /** Tuning half: each rival whose rows differed, with both queries (printed with --show-failures). */
  shown: string[];
}

export const emptyRivalFigures = (): RivalFigures => {
  const table = () =>
    Object.fromEntries(SHAPES.map((s) => [s, Object.fromEntries(OUTCOMES.map((o) => [o, 0]))])) as Record<
      Shape,
      Record<Outcome, number>
    >;
  return {
    withoutRivals: { tuning: table(), reporting: table() },
    questionsWithRivals: 0,
    byKind: {},
    declined: { right: 0, wrong: 0 },
    extraMs: [],
    extraMsWithRivals: [],
    shown: [],
  };
};

/**
 * Whether the rivals decline the written query: its rows against each rival's, through the pipeline's own
 * helper. `run` returns the rows or throws; the written query's rows are run once and reused. With `figures`
 * (the tuning half's listed order), each kind is also tried on its own and the time of the rivals counted.
 */
export async function rivalsDecline(
  draft: { sql: string; rivals?: SqlRival[]; probes?: SqlValueProbe[] },
  run: (sql: string) => Promise<QueryResult>,
  outcome: 'right' | 'wrong',
  figures?: RivalFigures,
): Promise<boolean> {
  const rivals = draft.rivals ?? [];
  const results = new Map<string, Promise<QueryResult>>();
  let rivalMs = 0;
  const timed = async (sql: string) => {
    const started = performance.now();
    try {
      return await run(sql);
    } finally {
      if (sql !== draft.sql) rivalMs += performance.now() - started;
    }
  };
  const once = (sql: string) => {
    if (!results.has(sql)) results.set(sql, timed(sql));
    return results.get(sql)!;
  };
  const settled = await settleDraft(draft, once);
  const declines = !!settled.ambiguous || !!settled.unmatched;
  if (!figures) return declines;
  if (rivals.length) figures.questionsWithRivals += 1;
  for (const rival of rivals) {
    const kind = (figures.byKind[rival.kind] ??= { written: 0, differed: 0, right: 0, wrong: 0 });
    kind.written += 1;
    if (!(await settleDraft({ sql: draft.sql, rivals: [rival] }, once)).ambiguous) continue;
    kind.differed += 1;
    figures.shown.push(
      `RIVAL [${rival.kind}, declines a ${outcome} answer] ${rival.reading}\n  ours:  ${draft.sql}\n  rival: ${rival.sql}`,
    );
    kind[outcome] += 1;
  }
  // The value probes, checked when no rival declined first (lib/query/rival-readings.ts).
  if (settled.unmatched) {
    const probe = (figures.byKind['value probe'] ??= { written: 0, differed: 0, right: 0, wrong: 0 });
    probe.differed += 1;
    probe[outcome] += 1;
    figures.shown.push(`PROBE [declines a ${outcome} answer] no row holds ${settled.unmatched}\n  ours:  ${draft.sql}`);
  }
  if (declines) figures.declined[outcome] += 1;
  figures.extraMs.push(rivalMs);
  if (rivals.length) figures.extraMsWithRivals.push(rivalMs);
  return declines;
}

const ms = (values: number[], p: number) =>
  values.length
    ? percentile(
        [...values].sort((a, b) => a - b),
        p,
      )
    : 0;

export function rivalLines(
  figures: RivalFigures,
  accuracy: Record<string, { questions: number }>,
  showEach: boolean,
): string[] {
  const lines: string[] = [];
  for (const half of ['reporting', 'tuning'] as const) {
    if (!accuracy[half]?.questions) continue;
    lines.push(`${half} half, the written query alone (rivals not run): right / wrong / declined / failed`);
    for (const shape of SHAPES) {
      const cells = figures.withoutRivals[half][shape];
      lines.push(`    ${shape.padEnd(10)} ${OUTCOMES.map((o) => cells[o]).join(' / ')}`);
    }
  }
  if (!figures.extraMs.length) return lines;
  lines.push(
    `Rival readings, tuning half: ${figures.questionsWithRivals} questions ran with rivals; together they declined ${figures.declined.wrong} wrong and ${figures.declined.right} right answers`,
  );
  for (const [kind, k] of Object.entries(figures.byKind))
    lines.push(
      `    ${kind.padEnd(9)} ${k.written} written, ${k.differed} returned other rows: alone it declines ${k.wrong} wrong, ${k.right} right`,
    );
  const round = (n: number) => n.toFixed(1);
  lines.push(
    `  database time the rivals add per question that ran: p50 ${round(ms(figures.extraMs, 50))} ms, p99 ${round(ms(figures.extraMs, 99))} ms; over those with rivals: p50 ${round(ms(figures.extraMsWithRivals, 50))} ms, p99 ${round(ms(figures.extraMsWithRivals, 99))} ms`,
  );
  if (showEach) lines.push(...figures.shown);
  return lines;
}
