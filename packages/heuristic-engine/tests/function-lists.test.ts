// Lists of items for an array property: a list after a colon is that list, read whole, and the noun
// before the colon names the other property ("the Coastal route: …"); an item written as a title keeps
// its capitalised first word even where that word is a request word ("Book", "Order"). Examples are
// our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import { tool } from './schema-builders';

const callArguments = (question: string, offered: ToolDefinition): Record<string, unknown> | undefined => {
  const response = heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools: [offered] });
  return response.toolCalls[0] ? (JSON.parse(response.toolCalls[0].arguments) as Record<string, unknown>) : undefined;
};

const planRoute = tool('plan_route', 'Add stops to a walking route.', {
  route: { type: 'string', description: 'Name of the route.' },
  stops: { type: 'array', items: { type: 'string' }, description: 'Stops to add.' },
});

describe('a list after a colon', () => {
  it('fills the list property whole, and the name before the colon the other', () => {
    expect(
      callArguments('Add stops to the Coastal route: walk the pier, climb the tower, see the harbour', planRoute),
    ).toEqual({ route: 'Coastal', stops: ['walk the pier', 'climb the tower', 'see the harbour'] });
  });
});

describe('an item written as a title', () => {
  it('keeps a capitalised request word that opens it', () => {
    expect(callArguments('Put Check tides and Order maps on the Coastal route', planRoute)).toEqual({
      route: 'Coastal',
      stops: ['Check tides', 'Order maps'],
    });
  });
});
