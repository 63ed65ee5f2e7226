// Enum options written as one word of letters and digits ("no2", "pm25", "e10") are found as the one
// word they are, in any case: the name splitter cut them at their digits ("no", "2") and no question
// writes them that way, so "NO2 levels in Turin" was sent without its pollutant. Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import { tool } from './schema-builders';

const fuel = tool('fuel_price', 'Price of a fuel grade at a station.', {
  station: { type: 'string', description: 'Name of the filling station.' },
  grade: { type: 'string', enum: ['e5', 'e10', 'b7'], description: 'Fuel grade. Default e10.' },
});

const callOf = (question: string) => {
  const response = heuristicFunctionTurn({
    messages: [{ role: 'user', content: question }],
    tools: [fuel],
    hint: { kind: 'function', question, named: true },
  });
  return response.toolCalls[0] ? (JSON.parse(response.toolCalls[0].arguments) as Record<string, unknown>) : undefined;
};

describe('options of letters and digits', () => {
  it.each([
    ['Price of E5 at Millbrook Services', 'e5'],
    ['Price of B7 at Millbrook Services', 'b7'],
    ['Millbrook Services price, grade E10', 'e10'],
  ])('%s', (question, grade) => {
    expect(callOf(question)).toEqual({ station: 'Millbrook Services', grade });
  });
});
