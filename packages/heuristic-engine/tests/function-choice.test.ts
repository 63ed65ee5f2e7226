// Choosing among offered tools, or none (src/function-calling/tool-choice.ts, purpose.ts): the rules
// that keep a call from going to a function the question is not about, checked by
// bench/tool-args-choice.ts (unrelated functions added to the offer, the right one taken away).
// Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import { askedForHead } from '../src/function-calling/purpose';
import { readQuestion } from '../src/function-calling/question';
import type { ToolDefinition } from '@fnquery/contracts';
import { tool } from './schema-builders';

const turn = (question: string, tools: ToolDefinition[]) =>
  heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools });

const humidity = tool('trip_humidity_forecast', 'Humidity forecast for a trip destination over a number of days.', {
  location: { type: 'string', description: 'The city.' },
  days: { type: 'integer', description: 'How many days ahead.' },
});

describe('an imperative request names the thing it asks for', () => {
  it('is the object of its verb, up to a quoted value', () => {
    expect(askedForHead(readQuestion('Find the nearest ferry to Bergen.'))).toBe('ferry');
    expect(askedForHead(readQuestion('Show me a map of the old harbour.'))).toBe('map');
    expect(askedForHead(readQuestion("Check the spelling 'recieve' for errors."))).toBe('spelling');
    expect(askedForHead(readQuestion('Can you create an itinerary for Lisbon?'))).toBe('itinerary');
  });

  it('is not read from a first word that is mostly a noun, nor from a word any function returns', () => {
    expect(askedForHead(readQuestion('Book a table for four at eight.'))).toBeUndefined();
    expect(askedForHead(readQuestion('Find the details of the ferry to Bergen.'))).toBeUndefined();
  });

  it('declines a function whose values fit but which is for another thing', () => {
    const response = turn('Create an itinerary for a 4 days trip to Lisbon.', [humidity]);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/None of the available functions/);
  });

  it('calls the function the request is for', () => {
    const response = turn('Get the humidity forecast for Lisbon for the next 4 days.', [humidity]);
    expect(response.toolCalls[0]?.name).toBe('trip_humidity_forecast');
  });
});
