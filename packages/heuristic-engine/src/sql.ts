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
import type { SqlPlan } from './sql-plan';
import { MIN_CONFIDENCE, type PlanShape } from './sql-weights';
import { heuristicReply } from './reply';

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
function writtenPlan(question: string, schema: DatabaseSchema): { plan: SqlPlan; shape: PlanShape; doubts: Doubts } {
  const linking = linkQuestion(question, canonical(schema));
  const reading = readQuestion(linking);
  const plan = withoutIdleGrouping(planQuery(linking, reading));
  return { plan, shape: planShape(plan), doubts: readDoubts(reading, plan) };
}

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
): { sql: string; unsure?: string; shape: PlanShape; confidence: number; doubts: Record<Doubt, number> } {
  const { plan, shape, doubts } = writtenPlan(question, schema);
  return {
    sql: renderSql(plan, canonical(schema)),
    ...(plan.unsure && { unsure: plan.unsure }),
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
  const written = writtenPlan(question, schema);
  let plan = written.plan;
  const unsure = plan.unsure ?? doubtfulReading(written.doubts, written.shape);
  // A reading the rules are unsure of, or too doubtful, is said, not run (a repair turn has already run one).
  if (unsure && repairs === 0) return `${SQL_UNSURE_PREFIX} ${unsure}`;
  for (let i = 0; i < repairs; i++) plan = simplerPlan(plan);
  return renderSql(plan, canonical(schema));
}

export function heuristicSqlTurn(request: ChatRequest): ChatResponse {
  const hint = request.hint;
  if (hint?.kind !== 'sql') throw new Error('The local SQL engine needs the sql hint of the rdbms pipeline');
  const { question, schema } = hint;
  if (hint.rows === undefined) {
    if (isChangeRequest(question)) return heuristicReply(request, SQL_READ_ONLY_REPLY);
    // Each failed attempt is one assistant message in the conversation the pipeline keeps.
    const repairs = hint.previousError ? request.messages.filter((m) => m.role === 'assistant').length : 0;
    return heuristicReply(request, heuristicSql(question, schema, repairs));
  }
  const rows = hint.rows;
  const answer = answerFromRows(question, rows);
  if (!request.responseFormat) return heuristicReply(request, answer);
  return heuristicReply(request, JSON.stringify(structuredRows(request.responseFormat.schema, rows, answer, question)));
}
