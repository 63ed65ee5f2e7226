// The heuristic engine (the embedded default)'s text-to-SQL turn, shaped like a ChatModel reply. It reads the
// structured hint the rdbms pipeline sends (docs/heuristic-engine.md), not the prose: without `rows` it writes
// the SELECT (schema linking + templates), with `rows` it answers from the result. A request to
// change data gets READ_ONLY_REPLY instead of SQL, and the pipeline runs nothing.
import type { DatabaseSchema } from '@fnquery/contracts';
import { SQL_READ_ONLY_REPLY, SQL_UNSURE_PREFIX, type ChatRequest, type ChatResponse } from './turn';
import { answerFromRows } from './sql-answer';
import { linkQuestion } from './sql-linking';
import { renderSql, simplerPlan } from './sql-plan';
import { structuredRows } from './sql-structured';
import { planQuery } from './sql-templates';
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
 * The SELECT for the question, or `UNSURE: <why>` when the rules cannot read it with confidence; a repair
 * turn (after a refused or failed query) gets a simpler SELECT.
 */
export function heuristicSql(question: string, schema: DatabaseSchema, repairs = 0): string {
  let plan = planQuery(linkQuestion(question, canonical(schema)));
  // A reading the rules are unsure of is said, not run (a repair turn has already run one).
  if (plan.unsure && repairs === 0) return `${SQL_UNSURE_PREFIX} ${plan.unsure}`;
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
