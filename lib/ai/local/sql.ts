// The embedded local engine's text-to-SQL turn, shaped like a ChatModel reply. It reads the
// structured hint the rdbms pipeline sends (DESIGN.md §6), not the prose: without `rows` it writes
// the SELECT (schema linking + templates), with `rows` it answers from the result.
import type { DatabaseSchema } from '../../sql/introspect';
import type { ChatRequest, ChatResponse, TaskHint } from '../ports';
import { answerFromRows, type SqlRows } from './sql-answer';
import { linkQuestion } from './sql-linking';
import { renderSql, simplerPlan } from './sql-plan';
import { structuredRows } from './sql-structured';
import { planQuery } from './sql-templates';
import { localReply } from './reply';

type SqlHint = Extract<TaskHint, { kind: 'sql' }>;


/** The SELECT for the question; a repair turn (after a refused or failed query) gets a simpler one. */
export function localSql(question: string, schema: DatabaseSchema, repairs = 0): string {
  let plan = planQuery(linkQuestion(question, schema));
  for (let i = 0; i < repairs; i++) plan = simplerPlan(plan);
  return renderSql(plan, schema);
}

export function localSqlTurn(request: ChatRequest): ChatResponse {
  const hint = request.hint;
  if (hint?.kind !== 'sql') throw new Error('The local SQL engine needs the sql hint of the rdbms pipeline');
  const { question, schema } = hint as SqlHint & { schema: DatabaseSchema };
  if (hint.rows === undefined) {
    // Each failed attempt is one assistant message in the conversation the pipeline keeps.
    const repairs = hint.previousError ? request.messages.filter((m) => m.role === 'assistant').length : 0;
    return localReply(request, localSql(question, schema, repairs));
  }
  const rows = hint.rows as SqlRows;
  const answer = answerFromRows(question, rows);
  if (!request.responseFormat) return localReply(request, answer);
  return localReply(request, JSON.stringify(structuredRows(request.responseFormat.schema, rows, answer)));
}
