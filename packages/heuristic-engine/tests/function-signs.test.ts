// A number the schema writes as negative for a loss: the question's "loss", "fell", "withdrawal"
// turn it round; a schema that says nothing of signs keeps the number as written. Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import { tool } from './schema-builders';

const firstCall = (question: string, offered: ToolDefinition): Record<string, unknown> | undefined => {
  const response = heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools: [offered] });
  return response.toolCalls[0] ? (JSON.parse(response.toolCalls[0].arguments) as Record<string, unknown>) : undefined;
};

const ledger = tool('book_change', 'Book a change to the balance of a savings pot.', {
  pot: { type: 'string', description: 'Name of the savings pot.' },
  change: { type: 'number', description: 'Change of the balance in euros; a decrease is given as a negative number.' },
});

describe('a signed change', () => {
  it('is negative where the question says the amount went down', () => {
    expect(firstCall('Book a loss of 400 euros on the pot Harbour', ledger)).toEqual({ pot: 'Harbour', change: -400 });
    expect(firstCall('The pot Harbour fell by 35 euros, book it', ledger)).toMatchObject({ change: -35 });
    expect(firstCall('Book a 90 euro withdrawal from the pot Harbour', ledger)).toMatchObject({ change: -90 });
  });

  it('stays as written for a gain', () => {
    expect(firstCall('Book a gain of 250 euros on the pot Harbour', ledger)).toMatchObject({ change: 250 });
  });

  it('stays as written when the schema says nothing of signs', () => {
    const losses = tool('book_loss', 'Book a loss on a savings pot.', {
      pot: { type: 'string', description: 'Name of the savings pot.' },
      loss: { type: 'number', description: 'The amount lost, in euros.' },
    });
    expect(firstCall('Book a loss of 400 euros on the pot Harbour', losses)).toMatchObject({ loss: 400 });
  });
});
