// The heuristic engine (the embedded default)'s text-to-SQL turn, shaped like a ChatModel reply. It reads the
// structured hint the rdbms pipeline sends (docs/heuristic-engine.md), not the prose: without `rows` it writes
// the SELECT (schema linking + templates), with `rows` it answers from the result. A request to
// change data gets READ_ONLY_REPLY instead of SQL, and the pipeline runs nothing.
import type { DatabaseSchema } from '@fnquery/contracts';
import { SQL_READ_ONLY_REPLY, SQL_UNSURE_PREFIX, type ChatRequest, type ChatResponse } from './turn';
import { answerFromRows } from './sql-answer';
import { linkQuestion } from './sql-linking';
import { renderSql, simplerPlan, withoutIdleGrouping } from './sql-plan';
import { structuredRows } from './sql-structured';
import { planQuery } from './sql-templates';
import { readQuestion } from './sql-reading';
import {
  DOUBTS,
  confidenceOf,
  doubtfulReading,
  planShape,
  readDoubts,
  type Doubt,
  type Doubts,
} from './sql-confidence';
import { MIN_CONFIDENCE, type PlanShape } from './sql-weights';
import { heuristicReply } from './reply';
import { rivalReadings, type RivalReading, type WrittenReading } from './sql-rivals';
import { valueProbes, type ValueProbe } from './sql-probes';
import { lowerCaseDoubt } from './sql-lower-case';

// Tables in one order (by name, bytewise) whatever order the request lists them in: linking and
// join choice break ties by position, and the same question over the same tables must give the same SQL.
const canonicalSchemas = new WeakMap<DatabaseSchema, DatabaseSchema>();
function canonical(schema: DatabaseSchema): DatabaseSchema {
  const cached = canonicalSchemas.get(schema);
  if (cached) return cached;
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const sorted = { ...schema, tables: [...schema.tables].sort(byName) };
  canonicalSchemas.set(schema, sorted);
  return sorted;
}

/**
 * A request to change data: an imperative verb that writes, at the start or after a polite
 * opening ("please", "can you"). "Add up" and "set of" read, so they do not count.
 */
const CHANGE_REQUEST =
  /^(?:(?:please|kindly|now|(?:can|could|would|will) you|i (?:want|need|would like) (?:you )?to|i'd like (?:you )?to|let's|go ahead and)[\s,]+)*(?:drop|delete|remove|erase|purge|wipe|truncate|insert|update|alter|modify|rename|create|grant|revoke|overwrite|replace|change|set(?! of\b)|add(?! up\b))\b/i;

export const isChangeRequest = (question: string) => CHANGE_REQUEST.test(question.trim());

/**
 * The plan for the question, its shape, and the doubts the confidence model weighs; the rules' own doubt
 * is the plan's `unsure`. Nested and set queries are judged too, by the weights fitted on their shape.
 */
function writtenPlan(question: string, schema: DatabaseSchema): WrittenReading & { shape: PlanShape; doubts: Doubts } {
  const sorted = canonical(schema);
  const written = readAndPlan(question, sorted);
  const doubts = readDoubts(written.reading, written.plan);
  // A question typed all in lower case may hide names the reading would have taken as values.
  const unsure =
    written.plan.unsure ??
    lowerCaseDoubt(question, doubts.unreadWord, written, sorted, (named) => readAndPlan(named, sorted));
  const plan = unsure ? { ...written.plan, unsure } : written.plan;
  return { ...written, plan, shape: planShape(plan), doubts };
}

/** The reading and plan over a schema already in canonical order. */
function readAndPlan(question: string, schema: DatabaseSchema): WrittenReading {
  const linking = linkQuestion(question, schema);
  const reading = readQuestion(linking);
  return { plan: withoutIdleGrouping(planQuery(linking, reading)), reading };
}

/** The queries of the near-tied other readings of a query the engine runs (sql-rivals.ts). */
const rivalsOf = (question: string, written: WrittenReading, schema: DatabaseSchema) =>
  rivalReadings(written, canonical(schema), (fewer) => readAndPlan(question, fewer));

/** Below these confidences a query of each shape is declined rather than run. */
export const SQL_MIN_CONFIDENCE = Object.fromEntries(
  Object.entries(MIN_CONFIDENCE).map(([shape, tuned]) => [shape, tuned.value]),
) as Record<PlanShape, number>;

/**
 * The query the engine would write, whether or not it runs it: the rules' own doubt (`unsure`), the shape
 * it is judged as, its confidence and doubt counts. The SQL bench weighs thresholds with it.
 */
export function assessSql(
  question: string,
  schema: DatabaseSchema,
): {
  sql: string;
  unsure?: string;
  rivals: RivalReading[];
  probes: ValueProbe[];
  shape: PlanShape;
  confidence: number;
  doubts: Record<Doubt, number>;
} {
  const written = writtenPlan(question, schema);
  const { plan, shape, doubts } = written;
  return {
    sql: renderSql(plan, canonical(schema)),
    ...(plan.unsure && { unsure: plan.unsure }),
    rivals: plan.unsure ? [] : rivalsOf(question, written, schema),
    probes: valueProbes(plan, canonical(schema)),
    shape,
    confidence: confidenceOf(doubts, shape),
    doubts: Object.fromEntries(DOUBTS.map((d) => [d, doubts[d].length])) as Record<Doubt, number>,
  };
}

/**
 * The SELECT for the question, or `UNSURE: <why>` when the rules cannot read it with confidence; a repair
 * turn (after a refused or failed query) gets a simpler SELECT.
 */
export function heuristicSql(question: string, schema: DatabaseSchema, repairs = 0): string {
  return heuristicSqlDraft(question, schema, repairs).text;
}

/**
 * The SELECT (or `UNSURE: <why>`) and, for a first attempt that runs, the queries of its near-tied other
 * readings: the caller runs them too and declines when their rows differ. A repair turn has none: it
 * already answers a simpler question. The probes of the values it compares (sql-probes.ts) come with both.
 */
export function heuristicSqlDraft(
  question: string,
  schema: DatabaseSchema,
  repairs = 0,
): { text: string; rivals: RivalReading[]; probes: ValueProbe[] } {
  const written = writtenPlan(question, schema);
  let plan = written.plan;
  const unsure = plan.unsure ?? doubtfulReading(written.doubts, written.shape);
  // A reading the rules are unsure of, or too doubtful, is said, not run (a repair turn has already run one).
  if (unsure && repairs === 0) return { text: `${SQL_UNSURE_PREFIX} ${unsure}`, rivals: [], probes: [] };
  for (let i = 0; i < repairs; i++) plan = simplerPlan(plan);
  const rivals = repairs === 0 ? rivalsOf(question, written, schema) : [];
  return { text: renderSql(plan, canonical(schema)), rivals, probes: valueProbes(plan, canonical(schema)) };
}

/** A writing turn's reply carries the rival readings' queries beside its SQL (sql-rivals.ts). */
export function heuristicSqlTurn(
  request: ChatRequest,
): ChatResponse & { rivals?: RivalReading[]; probes?: ValueProbe[] } {
  const hint = request.hint;
  if (hint?.kind !== 'sql') throw new Error('The local SQL engine needs the sql hint of the rdbms pipeline');
  const { question, schema } = hint;
  if (hint.rows === undefined) {
    if (isChangeRequest(question)) return heuristicReply(request, SQL_READ_ONLY_REPLY);
    // Each failed attempt is one assistant message in the conversation the pipeline keeps.
    const repairs = hint.previousError ? request.messages.filter((m) => m.role === 'assistant').length : 0;
    const draft = heuristicSqlDraft(question, schema, repairs);
    return {
      ...heuristicReply(request, draft.text),
      ...(draft.rivals.length && { rivals: draft.rivals }),
      ...(draft.probes.length && { probes: draft.probes }),
    };
  }
  const rows = hint.rows;
  const answer = answerFromRows(question, rows);
  if (!request.responseFormat) return heuristicReply(request, answer);
  return heuristicReply(request, JSON.stringify(structuredRows(request.responseFormat.schema, rows, answer, question)));
}
