// A speed is a rate, a length over a time, and converts as one: read as the length it starts with,
// "36 km/h" for a property in metres per second was sent as 36,000 (kilometres to metres) where it is
// 10, and "30 mph" as 108,000 (its hours read as a duration). Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import { tool } from './schema-builders';

const callOf = (question: string, offered: ToolDefinition) => {
  const response = heuristicFunctionTurn({
    messages: [{ role: 'user', content: question }],
    tools: [offered],
    hint: { kind: 'function', question, named: true },
  });
  return response.toolCalls[0] ? (JSON.parse(response.toolCalls[0].arguments) as Record<string, unknown>) : undefined;
};

const momentum = tool('cart_momentum', 'Momentum of a moving cart.', {
  mass: { type: 'number', description: 'Mass of the cart in kilograms.' },
  speed: { type: 'number', description: 'Speed in metres per second.' },
});
const limit = tool('set_speed_limit', 'Set the speed limit of a road.', {
  road: { type: 'string', description: 'Name of the road.' },
  limit_kmh: { type: 'number', description: 'Limit in km/h.' },
});

describe('speeds convert to the speed unit the property names', () => {
  it.each([
    ['Momentum of a 40 kg cart at 36 km/h', 10],
    ['Momentum of a 40 kg cart at 36 km/hr', 10],
    ['Momentum of a 40 kg cart going 18 kilometres per hour', 5],
    ['Momentum of a 40 kg cart at 45 miles an hour', 20.1168],
    ['Momentum of a 40 kg cart at 10 mph', 4.4704],
    ['Momentum of a 40 kg cart at 3 m/s', 3],
  ])('%s', (question, speed) => {
    expect(callOf(question, momentum)).toEqual({ mass: 40, speed });
  });

  it('from metres per second to km/h, and miles per hour to km/h', () => {
    expect(callOf('Set the limit on Quarry Lane to 25 m/s', limit)).toEqual({ road: 'Quarry Lane', limit_kmh: 90 });
    expect(callOf('Set the limit on Quarry Lane to 50 mph', limit)).toEqual({
      road: 'Quarry Lane',
      limit_kmh: 80.4672,
    });
  });

  it('a length is no speed: "12 km" is not sent as a speed in metres per second', () => {
    expect(callOf('Momentum of a 40 kg cart that rolled 12 km', momentum)).toBeUndefined();
  });
});
