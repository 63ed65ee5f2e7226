// A set of calls is sent only when it answers the whole question: a question that asks for several
// things and gets calls for some of them gets no call, and a reply that names the part left out. The
// examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import type { ChatRequest } from '../src/turn';
import { tool } from './schema-builders';

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
    expect(response.content).toMatch(/several things.*not for "(Then )?for 3 days at Kellsby\."/);
  });

  it('makes no call when the question asks for the same again with other values', () => {
    const response = turn('Tide times for the harbour Port Elm, and the same for Kellsby.', [tides]);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/several things.*not for ".*Kellsby\."/);
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

describe('requests joined in one sentence, and parts read on their own', () => {
  const ferry = tool('ferry_booking', 'Books a ferry crossing between two ports.', {
    from_port: { type: 'string', description: 'Port of departure.' },
    to_port: { type: 'string', description: 'Port of arrival.' },
  });
  const cabin = tool('cabin_rental', 'Rents a holiday cabin in a town for some nights.', {
    town: { type: 'string', description: 'Town of the cabin.' },
    nights: { type: 'integer', description: 'Number of nights.' },
  });
  const lighthouse = tool(
    'lighthouse_history',
    'History of a lighthouse.',
    {
      lighthouse: { type: 'string', description: 'Name of the lighthouse.' },
      era: { type: 'string', description: 'Which era to describe.' },
    },
    ['lighthouse'],
  );
  const offered = [ferry, cabin, lighthouse];

  it('makes no call when "and" joins an order for another tool it could not read', () => {
    const response = turn(
      'Book a ferry crossing from Dunmore to Kellsby and rent a cabin in Kellsby for 3 nights.',
      offered,
    );
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/not for "rent a cabin in Kellsby for 3 nights\."/);
  });

  it('makes one call per part when every part is read', () => {
    const response = turn('Book a ferry from Dunmore to Kellsby. Then rent a cabin in Kellsby for 3 nights.', offered);
    expect(response.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ['ferry_booking', { from_port: 'Dunmore', to_port: 'Kellsby' }],
      ['cabin_rental', { town: 'Kellsby', nights: 3 }],
    ]);
  });

  it('does not send loose words of a part as a value, and names that part', () => {
    const response = turn(
      'Tell me the history of the Marrow Point lighthouse in its most celebrated era. Then rent a cabin in Kellsby for 3 nights.',
      offered,
    );
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/not for "Tell me the history of the Marrow Point lighthouse/);
  });

  it('makes no call when questions joined by commas give values no call sends', () => {
    const response = turn(
      'What are the tide times at Port Elm, what is the history of the Marrow Point lighthouse, and what are the tide times at Kellsby?',
      [tides, lighthouse],
    );
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/several things/);
  });

  it('makes no call when the first of two joined orders is about a tool no call is of', () => {
    const response = turn('I need a ferry from Dunmore to Kellsby and rent a cabin in Kellsby for 3 nights.', offered);
    expect(response.toolCalls).toEqual([]);
  });

  it('makes no call when the question names an offered function it does not call', () => {
    const response = turn('Rent a cabin in Kellsby for 3 nights, and use ferry_booking too.', offered);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/ferry_booking/);
  });
});

describe('a request written again for each value, and a later sentence no call answers', () => {
  const fibonacci = tool('fibonacci', 'The n-th Fibonacci number.', {
    n: { type: 'integer', description: 'Position in the sequence.' },
  });
  const lengths = tool('length_conversion', 'Converts a length between units.', {
    value: { type: 'number', description: 'The length.' },
    from_unit: { type: 'string', description: 'Unit to convert from.' },
    to_unit: { type: 'string', description: 'Unit to convert to.' },
  });

  it('makes no call when the same words lead to several values for one property', () => {
    const response = turn(
      'What are the Fibonacci number at position 6, the Fibonacci number at position 9, and the Fibonacci number at position 12?',
      [fibonacci],
    );
    expect(response.toolCalls).toEqual([]);
    expect(argumentsOf(turn('What is the Fibonacci number at position 6?', [fibonacci]))).toEqual([{ n: 6 }]);
  });

  it('keeps one call when the repeated words lead to values for different properties', () => {
    const mixing = tool('mixed_salinity', 'Salinity after mixing two volumes of sea water.', {
      volume1: { type: 'number', description: 'First volume in litres.' },
      salinity1: { type: 'number', description: 'Salinity of the first volume.' },
      volume2: { type: 'number', description: 'Second volume in litres.' },
      salinity2: { type: 'number', description: 'Salinity of the second volume.' },
    });
    const response = turn('Salinity after mixing 20 litres of water at 35 with 10 litres of water at 30', [mixing]);
    expect(argumentsOf(response)).toEqual([{ volume1: 20, salinity1: 35, volume2: 10, salinity2: 30 }]);
  });

  it('makes no call when a later sentence writes values that no call sends, and names it', () => {
    const response = turn('Tide times for the harbour Port Elm. Convert 12 feet to metres.', [tides, lengths]);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/not for "Convert 12 feet to metres\."/);
  });

  it('does not end a sentence at an initial or an abbreviation', () => {
    const cases = tool('court_case', 'Details of a court case.', {
      title: { type: 'string', description: 'Title of the case.' },
    });
    const response = turn("Details of the case titled 'Hale v. Grant'. Include the ruling.", [cases]);
    expect(argumentsOf(response)).toEqual([{ title: 'Hale v. Grant' }]);
  });
});

describe('bracketed groups keep their values together', () => {
  const lcm = tool('least_common_multiple', 'Least common multiple of two integers.', {
    first: { type: 'integer', description: 'First integer.' },
    second: { type: 'integer', description: 'Second integer.' },
  });

  it('makes no call that sends one group and leaves out another of its size', () => {
    const response = turn('Least common multiple of (12, 18), and of (35, 14)', [lcm]);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/several calls of least_common_multiple/);
  });

  it('calls with the values of a single group', () => {
    expect(argumentsOf(turn('Least common multiple of the pair (12, 18)?', [lcm]))).toEqual([
      { first: 12, second: 18 },
    ]);
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

  it('counts a value sent in another form (a currency name as its code) as sent', () => {
    const converter = tool('currency_converter', 'Converts an amount of money between currencies.', {
      amount: { type: 'number', description: 'Amount to convert.' },
      from_currency: { type: 'string', description: 'ISO 4217 code of the currency to convert from.' },
      to_currency: { type: 'string', description: 'ISO 4217 code of the currency to convert to.' },
    });
    const response = turn('I have 250 Norwegian kroner, what is that in euros?', [converter], {
      hint: { kind: 'function', question: 'I have 250 Norwegian kroner, what is that in euros?', named: true },
    });
    expect(argumentsOf(response)).toEqual([{ amount: 250, from_currency: 'NOK', to_currency: 'EUR' }]);
  });

  it('still makes every call of a question whose parts are all read', () => {
    const response = turn('Tide times for the harbours Port Elm and Kellsby.', [tides]);
    expect(argumentsOf(response)).toEqual([{ harbour: 'Port Elm' }, { harbour: 'Kellsby' }]);
  });
});
