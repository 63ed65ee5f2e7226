// Text-to-SQL with a chat model: a prompt with the tables described writes one SELECT (or a fixed reply
// refusing to change data, or saying why it is unsure), each failure goes back as the next user turn, and a
// second prompt answers from the rows.
import { SQL_NOT_APPLIED as NOT_APPLIED } from '@fnquery/contracts';
import type { ChatMessage, ChatModel } from '../ports';
import type { SqlAnswerer, SqlWriter } from '../tasks';
import { answerTurn } from './answer-turn';
import { describeRows, describeSchema, extractSql } from './sql-prompt';

/** The model's reply, instead of SQL, to a request to change data. */
const READ_ONLY_REPLY = 'READ_ONLY';
/** Starts the model's reply, instead of SQL, when it cannot read the question with confidence; the reason follows. */
const UNSURE = 'UNSURE:';

const WRITE_SQL = (flavour: string) =>
  [
    `You write one ${flavour} SELECT statement (WITH is allowed) that answers the user's question from the tables described.`,
    'Use only the listed tables and columns, quote identifiers with backticks, and do not write comments.',
    `If the user asks to change data (insert, update, delete, drop, create …), reply with ${READ_ONLY_REPLY} and nothing else.`,
    `If the question cannot be answered from these tables with confidence, reply with "${UNSURE} <why>" instead of a guess.`,
    'Reply with the SQL statement only.',
  ].join(' ');

const ANSWER =
  'Answer the question from the query result. Be concise and state the numbers exactly. ' +
  `Say only what the SQL computed; for each condition of the question the SQL did not apply, add a line "${NOT_APPLIED} <the condition>". ` +
  'If the user asks for code (for example a chart of the data), include complete code in your answer that uses these rows as its data.';

export const chatSqlWriter = (chat: ChatModel): SqlWriter => ({
  async write({ question, schema, failures }, options = {}) {
    const messages: ChatMessage[] = [
      { role: 'system', content: WRITE_SQL(schema.flavour) },
      {
        role: 'user',
        content: `Tables of database \`${schema.database}\`:\n\n${describeSchema(schema)}\n\nQuestion: ${question}`,
      },
      ...failures.flatMap((f): ChatMessage[] => [
        { role: 'assistant', content: f.sql },
        { role: 'user', content: `That query was refused or failed: ${f.error}\nWrite a corrected query.` },
      ]),
    ];
    const reply = await chat.chat({ messages, signal: options.signal });
    const text = reply.content?.trim() ?? '';
    if (text === READ_ONLY_REPLY) return { readOnly: true };
    if (text.startsWith(UNSURE)) return { unsure: text.slice(UNSURE.length).trim() || 'no reason given' };
    return { sql: extractSql(reply.content) };
  },
});

export const chatSqlAnswerer = (chat: ChatModel): SqlAnswerer => ({
  answer({ question, sql, result }, format, options) {
    return answerTurn(
      chat,
      {
        messages: [
          { role: 'system', content: ANSWER },
          {
            role: 'user',
            content: `Question: ${question}\n\nSQL that was run:\n${sql}\n\nResult: ${describeRows(result)}`,
          },
        ],
      },
      format,
      options,
    );
  },
});
