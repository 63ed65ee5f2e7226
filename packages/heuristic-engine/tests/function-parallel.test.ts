// Questions that want several calls of one tool: every call with its values settled, or no call and
// a reason; never one call that answers part of the question as if it were all of it. The
// examples are our own.
import { describe, expect, it } from 'vitest';
import { decideFunctionCall } from '../src/index';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import type { ChatResponse } from '../src/turn';
import { tool } from './schema-builders';

const turn = (question: string, offered: ToolDefinition, named = false): ChatResponse =>
  heuristicFunctionTurn({
    messages: [{ role: 'user', content: question }],
    tools: [offered],
    hint: { kind: 'function', question, ...(named && { named }) },
  });

const callsOf = (response: ChatResponse) => {
  expect(response.content).toBeNull();
  return response.toolCalls.map((c) => JSON.parse(c.arguments) as unknown);
};

const tides = tool('tide_times', 'High and low tide times for a harbour.', {
  harbour: { type: 'string', description: 'Name of the harbour.' },
});
const squareRoot = tool('square_root', 'Square root of a number.', {
  number: { type: 'number', description: 'The number.' },
});
const standings = tool('league_position', 'Final league position of a club in a season.', {
  club: { type: 'string', description: 'Name of the club.' },
  season: { type: 'integer', description: 'Year the season ended.' },
});

describe('one call per listed value', () => {
  it('fans a list of names out into one call each, with distinct ids', () => {
    const response = turn('Tide times for Port Elm, Kellsby and Marrow Bay', tides);
    expect(callsOf(response)).toEqual([{ harbour: 'Port Elm' }, { harbour: 'Kellsby' }, { harbour: 'Marrow Bay' }]);
    expect(response.toolCalls.map((c) => c.id)).toEqual(['call_local_1', 'call_local_2', 'call_local_3']);
  });

  it('hands every call through the public API, not only the first', () => {
    const decision = decideFunctionCall({ question: 'Tide times for Port Elm and Kellsby', tools: [tides] }).value;
    expect('calls' in decision && decision.calls.map((c) => JSON.parse(c.arguments) as unknown)).toEqual([
      { harbour: 'Port Elm' },
      { harbour: 'Kellsby' },
    ]);
  });

  it('fans a list of numbers out', () => {
    expect(callsOf(turn('Square roots of 49, 64 and 81', squareRoot))).toEqual([
      { number: 49 },
      { number: 64 },
      { number: 81 },
    ]);
  });

  it('combines two lists of different kinds, or pairs them in order with "respectively"', () => {
    expect(callsOf(turn('League positions of Otters and Herons in 2019 and 2021', standings))).toEqual([
      { club: 'Otters', season: 2019 },
      { club: 'Otters', season: 2021 },
      { club: 'Herons', season: 2019 },
      { club: 'Herons', season: 2021 },
    ]);
    expect(callsOf(turn('League positions of Otters and Herons in 2019 and 2021 respectively', standings))).toEqual([
      { club: 'Otters', season: 2019 },
      { club: 'Herons', season: 2021 },
    ]);
  });

  it('keeps a single value a single call', () => {
    expect(callsOf(turn('Tide times for Port Elm', tides))).toEqual([{ harbour: 'Port Elm' }]);
  });
});

describe('several calls it cannot settle: no call, and why', () => {
  it('does not guess which pairs a list of pairs makes', () => {
    const hypotenuse = tool('hypotenuse', 'Hypotenuse of a right triangle from its two legs.', {
      leg_a: { type: 'number', description: 'First leg.' },
      leg_b: { type: 'number', description: 'Second leg.' },
    });
    const response = turn('Hypotenuse for legs 3 and 4, 6 and 8', hypotenuse);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/several calls of hypotenuse/);
  });

  it('does not pick one of two values the question ties to the same property', () => {
    const area = tool('circle_area', 'Area of a circle.', { radius: { type: 'number', description: 'Radius.' } });
    const response = turn('Area of a circle of radius 6 and of a circle of radius 9', area);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/more than one radius/);
  });

  it('on the named-function endpoint, which runs one call per request, asks for one at a time', () => {
    const response = turn('Tide times for Port Elm, Kellsby and Marrow Bay', tides, true);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/3 calls of tide_times.*one at a time/);
  });
});

describe('a question that asks for several things in turn', () => {
  const knots = tool('convert_speed', 'Converts a speed between units.', {
    speed: { type: 'number', description: 'The speed to convert.' },
    from_unit: { type: 'string', enum: ['knots', 'km/h', 'mph'], description: 'Unit to convert from.' },
    to_unit: { type: 'string', enum: ['knots', 'km/h', 'mph'], description: 'Unit to convert to.' },
  });
  const ask = (question: string) =>
    heuristicFunctionTurn({
      messages: [{ role: 'user', content: question }],
      tools: [tides, knots],
      hint: { kind: 'function', question },
    });

  it('makes one call per part, each of the tool its part is about', () => {
    const response = ask('Give me the tide times for the harbour Port Elm. Then convert a speed of 12 knots to km/h.');
    expect(response.content).toBeNull();
    expect(response.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ['tide_times', { harbour: 'Port Elm' }],
      ['convert_speed', { speed: 12, from_unit: 'knots', to_unit: 'km/h' }],
    ]);
  });

  it('makes no call when a part with values gives no complete call, and names that part', () => {
    const response = ask('Give me the tide times for the harbour Port Elm. Then convert 12 of them.');
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/"Then convert 12 of them\."/);
  });
});
