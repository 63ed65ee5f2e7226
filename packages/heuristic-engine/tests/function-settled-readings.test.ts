// Readings a call is not sent on until they are settled (calls10): a verb that opens the request is no
// part of the name after it. Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import type { ChatResponse } from '../src/turn';
import { tool } from './schema-builders';

const turn = (question: string, offered: ToolDefinition): ChatResponse =>
  heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools: [offered] });

const callArguments = (response: ChatResponse): Record<string, unknown> | undefined =>
  response.toolCalls[0] ? (JSON.parse(response.toolCalls[0].arguments) as Record<string, unknown>) : undefined;

const watchGauge = tool('watch_gauge', 'Watch a pressure gauge.', {
  gauge: { type: 'string', description: 'Name of the gauge.' },
  limit_bar: { type: 'number', description: 'Pressure that raises an alarm, in bar.' },
});

describe('a capitalised verb that opens the request', () => {
  it('is no part of the name that follows it', () => {
    expect(callArguments(turn('Monitor Gauge Delta at 40 bar', watchGauge))).toEqual({
      gauge: 'Delta',
      limit_bar: 40,
    });
  });
});
