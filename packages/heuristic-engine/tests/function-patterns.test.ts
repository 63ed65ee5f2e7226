// A property's `pattern` comes from the function's author. Function calling runs it on the question's
// tokens to find values, so it runs on RE2 (linear time): a backtracking pattern ("^(a|a-?)+$" on a
// 30-character token spent minutes on the native engine) answers at once. A pattern RE2 cannot read
// (lookaround) is not held to here; the service's validator still checks the call. Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import { tool } from './schema-builders';

const reply = (question: string, pattern: string) =>
  heuristicFunctionTurn({
    messages: [{ role: 'user', content: question }],
    tools: [
      tool('lookup_code', 'Look up a parcel code.', { code: { type: 'string', description: 'The code.', pattern } }),
    ],
  });

describe("an author's pattern", () => {
  it('still picks the value it describes', () => {
    const call = reply('Look up parcel code KX-4471 please', '^[A-Z]{2}-\\d{4}$').toolCalls[0];
    expect(call && JSON.parse(call.arguments)).toEqual({ code: 'KX-4471' });
  });

  it('that backtracks answers (here: asks for the code) instead of running for minutes', () => {
    const answer = reply(`Look up code ${'a'.repeat(29)}-1 now`, '^(a|a-?)+$');
    expect(answer.toolCalls).toEqual([]);
    expect(answer.content).toMatch(/I need the code/);
  });

  it('that RE2 cannot read is not held to here (the service validates the call)', () => {
    const call = reply('Look up parcel code KX-4471', '^(?=KX)[A-Z]{2}-\\d{4}$').toolCalls[0];
    expect(call && JSON.parse(call.arguments)).toEqual({ code: 'KX-4471' });
  });
});
