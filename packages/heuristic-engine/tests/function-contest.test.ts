// Precision among several functions: a call that reads the question weakly, with another offered
// function the engine would call just as readily and no question word to settle between them, is a
// guess: the engine names both and asks which is meant. Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import { tool } from './schema-builders';

const turn = (question: string, tools: ToolDefinition[]) =>
  heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools });

const city = { type: 'string', description: 'Name of the city' } as const;
const outdoors = [
  tool('get_weather', 'Current weather for a city.', { city }),
  tool('get_air_quality', 'Air quality index for a city.', { city }),
];
const bookings = [
  tool('book_table', 'Book a table at a restaurant.', {
    restaurant: { type: 'string', description: 'Restaurant name' },
    city: { type: 'string', description: 'City of the restaurant' },
  }),
  tool('book_show', 'Book seats for a show.', {
    show: { type: 'string', description: 'Name of the show' },
    city: { type: 'string', description: 'City of the theatre' },
  }),
];

describe('two functions, and a question that reads as much for one as for the other', () => {
  it('asks which function is meant when each has a word of its own and much of the question is unread', () => {
    const response = turn(
      'Is the air in Oslo good for running, or will the weather ruin my jog by the fjord tonight?',
      outdoors,
    );
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/get_air_quality/);
    expect(response.content).toMatch(/get_weather/);
    expect(response.content).toMatch(/which do you mean/);
  });

  it('calls the one function a short question is about', () => {
    const response = turn('Weather in Oslo?', outdoors);
    expect(response.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ['get_weather', { city: 'Oslo' }],
    ]);
  });

  it('calls when a word only the chosen function accounts for settles the choice', () => {
    const response = turn('Book seats for Hamilton in London.', bookings);
    expect(response.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ['book_show', { show: 'Hamilton', city: 'London' }],
    ]);
  });

  it('calls a function the caller requires, contest or not', () => {
    const response = heuristicFunctionTurn({
      messages: [
        { role: 'user', content: 'Is the air in Oslo good for running, or will the weather ruin my jog by the fjord?' },
      ],
      tools: outdoors,
      toolChoice: 'required',
    });
    expect(response.toolCalls).toHaveLength(1);
  });
});
