// Lower-case words after "in" or "on" for a property whose head word names a place inside a building
// (a zone, a room, a floor) are written in that property's role: a value, not a guess; so is the
// object of the verb the function's description opens with when that description's object is the
// property ("Cool a zone …": "Cool the lobby"). The rule looks at the head word only, so "room_type"
// (a type) gets nothing from it. Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import { tool } from './schema-builders';

const reply = (question: string, offered: ToolDefinition) =>
  heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools: [offered] });
const callArguments = (question: string, offered: ToolDefinition): Record<string, unknown> | undefined => {
  const call = reply(question, offered).toolCalls[0];
  return call ? (JSON.parse(call.arguments) as Record<string, unknown>) : undefined;
};

const humidifier = tool('set_humidifier', 'Keep the humidity of a room at a level.', {
  room: { type: 'string', description: 'Room to humidify.' },
  percent: { type: 'integer', description: 'Humidity to keep, in percent.' },
});

const fanKind = tool('set_fan', 'Run a fan at a speed.', {
  fan_room_type: { type: 'string', description: 'Kind of fan.' },
  speed: { type: 'integer', description: 'Speed step.' },
});

describe('a lower-case room after "in"', () => {
  it('fills a property whose head word is a room', () => {
    expect(callArguments('Keep the humidity in the nursery at 45 percent', humidifier)).toEqual({
      room: 'nursery',
      percent: 45,
    });
  });

  it('is still a guess for a property whose head word is no room', () => {
    expect(reply('Run the fan in the nursery at speed 2', fanKind).toolCalls).toEqual([]);
  });
});

const coolZone = tool('cool_zone', 'Cool a zone of the office to a temperature.', {
  zone: { type: 'string', description: 'Zone of the office.' },
  target_c: { type: 'number', description: 'Temperature to reach, in degrees Celsius.' },
});

describe("the object of the description's own verb", () => {
  it("fills the zone the description names as that verb's object", () => {
    expect(callArguments('Cool the lobby to 19 degrees', coolZone)).toEqual({ zone: 'lobby', target_c: 19 });
  });

  it('is still a guess after another verb', () => {
    expect(reply('Keep the lobby at 19 degrees', coolZone).toolCalls).toEqual([]);
  });
});
