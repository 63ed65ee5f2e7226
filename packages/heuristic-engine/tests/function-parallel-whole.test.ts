// A set of calls is sent only when it answers the whole question: a question that asks for several
// things and gets calls for some of them gets no call, and a reply that names the part left out. The
// examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { JsonSchema, ToolDefinition } from '@fnquery/contracts';
import type { ChatRequest } from '../src/turn';

const tool = (
  name: string,
  description: string,
  properties: Record<string, JsonSchema>,
  required = Object.keys(properties),
): ToolDefinition => ({ name, description, parameters: { type: 'object', properties, required } });

const tides = tool(
  'tide_times',
  'High and low tide times for a harbour.',
  {
    harbour: { type: 'string', description: 'Name of the harbour.' },
    include_moon_phase: { type: 'boolean', description: 'Whether to add the moon phase.' },
    days: { type: 'integer', description: 'How many days ahead.' },
  },
  ['harbour'],
);
const pierHours = tool('pier_opening_hours', 'Opening hours of a pier.', {
  pier: { type: 'string', description: 'Name of the pier.' },
});

const turn = (question: string, tools: ToolDefinition[], extra: Partial<ChatRequest> = {}) =>
  heuristicFunctionTurn({
    messages: [{ role: 'user', content: question }],
    tools,
    hint: { kind: 'function', question },
    ...extra,
  });
const argumentsOf = (response: ReturnType<typeof turn>) => response.toolCalls.map((c) => JSON.parse(c.arguments));

describe('a question that asks for more than the calls answer', () => {
  it('makes no call after a sequence word whose part it cannot read, and names that part', () => {
    const response = turn('Tide times for the harbour Port Elm. Then for 3 days at Kellsby.', [tides]);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/several things.*"Then for 3 days at Kellsby\."/);
  });

  it('makes no call when the question asks for the same again with other values', () => {
    const response = turn('Tide times for the harbour Port Elm, and the same for Kellsby.', [tides]);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/"the same for Kellsby\."/);
  });

  it('makes no call when another offered tool is asked for by words of its own', () => {
    const response = turn('Tide times for the harbour Port Elm and the pier opening hours at Kellsby', [
      tides,
      pierHours,
    ]);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/also asks for what (tide_times|pier_opening_hours) does/);
  });

  it('on a caller that requires a call, still makes the call it can', () => {
    const response = turn('Tide times for the harbour Port Elm, and the same for Kellsby.', [tides], {
      toolChoice: 'required',
    });
    expect(argumentsOf(response)).toEqual([{ harbour: 'Port Elm' }]);
  });
});

describe('words that look like a second request but are not', () => {
  it('keeps one call when "also" adds a setting to the same call, not a value for another', () => {
    const response = turn('Tide times for the harbour Port Elm. Also include the moon phase.', [tides]);
    expect(argumentsOf(response)).toEqual([{ harbour: 'Port Elm', include_moon_phase: true }]);
  });

  it('reads "next" and "second" inside a clause as words of the request, not as sequence words', () => {
    expect(argumentsOf(turn('Tide times for the harbour Port Elm for the next 3 days', [tides]))).toEqual([
      { harbour: 'Port Elm', days: 3 },
    ]);
    const speed = tool('stopping_distance', 'Stopping distance of a car.', {
      speed: { type: 'number', description: 'Speed in metres/second.' },
    });
    expect(argumentsOf(turn('Stopping distance at a speed of 20 metres/second', [speed]))).toEqual([{ speed: 20 }]);
  });

  it('still makes every call of a question whose parts are all read', () => {
    const response = turn('Tide times for the harbours Port Elm and Kellsby.', [tides]);
    expect(argumentsOf(response)).toEqual([{ harbour: 'Port Elm' }, { harbour: 'Kellsby' }]);
  });
});
