// Yes and no for boolean properties, and the words that look like a "no" but are none. Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import { tool } from './schema-builders';

const firstCall = (question: string, offered: ToolDefinition): Record<string, unknown> | undefined => {
  const response = heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools: [offered] });
  return response.toolCalls[0] ? (JSON.parse(response.toolCalls[0].arguments) as Record<string, unknown>) : undefined;
};

const parcel = tool(
  'parcel_status',
  'Status of a parcel, with its scan events if asked.',
  {
    parcel_number: { type: 'string', description: 'The number printed on the parcel label.' },
    include_events: { type: 'boolean', description: 'Whether to list every scan event. Default is false.' },
  },
  ['parcel_number'],
);

describe('"No" before a number', () => {
  it('abbreviates "number" and does not negate the flag after it', () => {
    expect(firstCall('Status of parcel No 4411 with its events?', parcel)).toEqual({
      parcel_number: '4411',
      include_events: true,
    });
    expect(firstCall('Status of parcel No. 4411, events included', parcel)).toMatchObject({ include_events: true });
  });

  it('still negates where it says no', () => {
    expect(firstCall('Status of parcel 4411, no events please', parcel)).toMatchObject({ include_events: false });
  });
});
