// The order of a schema is the database's, not meaning: the same question over the same tables must give
// the same query whatever order introspection lists tables and columns in. On the Spider tuning half, each
// question is written over the schema as introspected and over the schema with the tables and each table's
// columns in reverse order; the bench counts the queries that change, to another query or to or from a
// decline, and how the changed ones score against the gold rows once their rival readings and value probes
// ran, as the pipeline runs them (right → wrong is a confidently wrong answer that only the order made).
// Run: FNQ_SHARED_DATA=/work/shared/data node --import tsx bench/sql-schema-order.ts [--show-examples]
import { executeGuardedSql } from '../lib/sql/execute';
import { guardSql } from '../lib/sql/guard';
import type { DatabaseSchema } from '../lib/sql/introspect';
import { DECLINED, ROW_LIMIT, BENCH_RESULT_BYTES, compareRows, isOrdered, localSelect, runGenerated } from './sql';
import { forEachTuningDatabase } from './spider-tuning';
import { rivalsDecline } from './sql-rivals';
import { isMain } from './stats';

/** The schema with its tables, and each table's columns (and so the values of its sample rows), in reverse order. */
export const reversedSchema = (schema: DatabaseSchema): DatabaseSchema => ({
  ...schema,
  tables: [...schema.tables].reverse().map((t) => ({
    ...t,
    columns: [...t.columns].reverse(),
    sampleRows: t.sampleRows.map((row) => [...row].reverse()),
  })),
});

interface OrderTally {
  asked: number;
  changed: number;
  toDecline: number;
  fromDecline: number;
  /** Both written, SQL differs: the outcome as introspected → reversed. */
  moves: Record<string, number>;
  examples: string[];
}

async function measure(): Promise<OrderTally | undefined> {
  const tally: OrderTally = { asked: 0, changed: 0, toDecline: 0, fromDecline: 0, moves: {}, examples: [] };
  const found = await forEachTuningDatabase(async ({ database, questions, allowedTables, session, schema }) => {
    const reversed = reversedSchema(schema);
    const outcome = async (draft: ReturnType<typeof localSelect>, gold: string) => {
      const { sql } = draft;
      if (sql.startsWith(DECLINED)) return 'declined';
      const goldRows = await executeGuardedSql(
        session,
        guardSql(gold, { allowedTables, rowLimit: ROW_LIMIT, flavour: session.flavour, database }),
        { rowLimit: ROW_LIMIT, resultBytes: BENCH_RESULT_BYTES },
      );
      const ours = await runGenerated(session, sql, allowedTables, database);
      if (typeof ours === 'string') return 'failed';
      const alone = compareRows(goldRows, ours, isOrdered(gold)) ? 'wrong' : 'right';
      const rowsOf = async (other: string) => {
        const rows = other === sql ? ours : await runGenerated(session, other, allowedTables, database);
        if (typeof rows === 'string') throw new Error(rows);
        return rows;
      };
      return (await rivalsDecline(draft, rowsOf, alone)) ? 'declined' : alone;
    };
    for (const query of questions) {
      tally.asked += 1;
      const [draftA, draftB] = [localSelect(query.question, schema), localSelect(query.question, reversed)];
      const [a, b] = [draftA.sql, draftB.sql];
      if (a === b) continue;
      tally.changed += 1;
      const [declinedA, declinedB] = [a.startsWith(DECLINED), b.startsWith(DECLINED)];
      if (!declinedA && declinedB) tally.toDecline += 1;
      if (declinedA && !declinedB) tally.fromDecline += 1;
      let move: string;
      try {
        move = `${await outcome(draftA, query.sql)} → ${await outcome(draftB, query.sql)}`;
      } catch {
        move = 'gold did not run';
      }
      tally.moves[move] = (tally.moves[move] ?? 0) + 1;
      tally.examples.push(`[${move}] ${query.question}\n      as introspected: ${a}\n      reversed:        ${b}`);
    }
  });
  return found ? tally : undefined;
}

if (isMain(import.meta.url)) {
  const tally = await measure();
  if (!tally) console.log('Spider data not found; nothing measured.');
  else {
    console.log(`Spider tuning half, tables and columns in reverse order: ${tally.asked} questions`);
    console.log(
      `  SQL changed: ${tally.changed} (to a decline ${tally.toDecline}, from a decline ${tally.fromDecline}, to another query ${tally.changed - tally.toDecline - tally.fromDecline})`,
    );
    for (const [move, n] of Object.entries(tally.moves).sort((x, y) => y[1] - x[1]))
      console.log(`    ${move.padEnd(22)} ${n}`);
    if (process.argv.includes('--show-examples')) for (const e of tally.examples) console.log(`  ${e}`);
  }
}
