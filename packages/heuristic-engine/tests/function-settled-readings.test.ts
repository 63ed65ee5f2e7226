// Readings a call is not sent on until they are settled: a verb that opens the request is no part of
// the name after it; a range's low end is never sent above its high end; "between A and B" says
// nothing of which is the source and which the target; a value must fit the layout its property's
// description states; "a year" after a quantity is a rate's unit, not one year; a question for a
// fact that writes a value the function has no property for is declined. Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import type { ChatResponse } from '../src/turn';
import { tool } from './schema-builders';

const turn = (question: string, offered: ToolDefinition): ChatResponse =>
  heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools: [offered] });

/** The caller named this one function (the function endpoint). */
const namedTurn = (question: string, offered: ToolDefinition): ChatResponse =>
  heuristicFunctionTurn({
    messages: [{ role: 'user', content: question }],
    tools: [offered],
    hint: { kind: 'function', named: true, question },
  });

const callArguments = (response: ChatResponse): Record<string, unknown> | undefined =>
  response.toolCalls[0] ? (JSON.parse(response.toolCalls[0].arguments) as Record<string, unknown>) : undefined;

const watchGauge = tool('watch_gauge', 'Watch a pressure gauge.', {
  gauge: { type: 'string', description: 'Name of the gauge.' },
  limit_bar: { type: 'number', description: 'Pressure that raises an alarm, in bar.' },
});

describe('a capitalised verb that opens the request', () => {
  it('is no part of the name that follows it', () => {
    expect(callArguments(turn('Monitor Gauge Delta at 40 bar', watchGauge))).toEqual({
      gauge: 'Delta',
      limit_bar: 40,
    });
  });
});

const pressureBand = tool('pressure_band', 'Alarm when a gauge leaves a pressure band.', {
  gauge: { type: 'string', description: 'Name of the gauge.' },
  min_bar: { type: 'number', description: 'Lowest allowed pressure in bar.' },
  max_bar: { type: 'number', description: 'Highest allowed pressure in bar.' },
});

const shiftLog = tool('shift_log', 'Entries of the shift log between two dates.', {
  start_date: { type: 'string', format: 'date', description: 'First day.' },
  end_date: { type: 'string', format: 'date', description: 'Last day.' },
});

describe("a range's two ends", () => {
  it('reads a rise past a limit as the high end and a fall past one as the low end', () => {
    expect(callArguments(turn('Sound the alarm if Gauge Omega climbs above 9 or falls below 2', pressureBand))).toEqual(
      {
        gauge: 'Omega',
        min_bar: 2,
        max_bar: 9,
      },
    );
  });

  it('asks for both ends rather than send a low end above the high end', () => {
    const response = turn('Band for Gauge Omega: at least 9 bar and at most 2 bar', pressureBand);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/min bar/);
    expect(response.content).toMatch(/max bar/);
  });

  it('asks for both dates rather than send a start after the end', () => {
    const response = turn('Shift log from 2026-05-10 to 2026-05-01', shiftLog);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/start date/);
  });
});

const moveCrates = tool('move_crates', 'Move crates from one dock to another.', {
  from_dock: { type: 'string', description: 'Dock the crates leave.' },
  to_dock: { type: 'string', description: 'Dock the crates go to.' },
  crates: { type: 'integer', description: 'Number of crates.' },
});

const courier = tool('book_courier', 'Book a courier between two towns.', {
  origin: { type: 'string', description: 'Town the courier collects from.' },
  destination: { type: 'string', description: 'Town the courier delivers to.' },
  weight_kg: { type: 'number', description: 'Weight in kilograms.' },
});

describe('"between A and B" for a source and a target', () => {
  it('asks which is which rather than take the written order', () => {
    const response = turn('Move 6 crates between Quay Seven and Quay Nine', moveCrates);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/from dock/);
    expect(response.content).toMatch(/to dock/);
  });

  it('asks for the origin and destination rather than read two calls', () => {
    const response = turn('Courier 3 kg between Ashby and Belper', courier);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/origin/);
    expect(response.content).toMatch(/destination/);
  });

  it('calls when direction words settle the order', () => {
    expect(callArguments(turn('Move 6 crates from Quay Seven to Quay Nine', moveCrates))).toEqual({
      from_dock: 'Quay Seven',
      to_dock: 'Quay Nine',
      crates: 6,
    });
  });
});

const chime = tool(
  'set_chime',
  'Ring a chime at a time of day.',
  {
    time: { type: 'string', description: 'When to ring, HH:MM.' },
    tune: { type: 'string', description: 'Name of the tune.' },
  },
  ['time'],
);

describe('a layout the description states', () => {
  it('asks rather than send a word that does not fit it', () => {
    const response = turn('Ring a chime called Teabreak', chime);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/time/);
  });

  it('sends a clock time in that layout', () => {
    expect(callArguments(turn('Ring a chime at 7pm', chime))).toEqual({ time: '19:00' });
  });
});

const savings = tool(
  'savings_growth',
  'What a deposit grows to.',
  {
    deposit: { type: 'number', description: 'Sum deposited.' },
    rate_percent: { type: 'number', description: 'Yearly interest in percent.' },
    years: { type: 'integer', description: 'Years saved.' },
    additions_per_year: { type: 'integer', description: 'Times interest is added each year.', default: 4 },
  },
  ['deposit', 'rate_percent', 'years'],
);

describe('"a year" after a quantity', () => {
  it("is the rate's unit, not a count of one for a per-year property", () => {
    expect(callArguments(turn('7,500 deposited for 9 years at 2.25 percent a year', savings))).toEqual({
      deposit: 7500,
      rate_percent: 2.25,
      years: 9,
    });
  });
});

const fuelCost = tool('fuel_cost', 'Cost of filling up with fuel.', {
  litres: { type: 'number', description: 'Litres of fuel.' },
  price_per_litre: { type: 'number', description: 'Price of one litre.' },
});

describe('a question for a fact the named function takes nothing from', () => {
  it('is declined when it writes a name the function has no property for', () => {
    const response = namedTurn('What is the fuel price in Portugal?', fuelCost);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/None of the available functions/);
  });

  it('is declined when it writes a day the function has no property for', () => {
    const response = namedTurn('Will it be windy tomorrow?', chime);
    expect(response.content).toMatch(/None of the available functions/);
  });

  it('still asks when it writes no value at all', () => {
    expect(namedTurn('How much will the fuel cost?', fuelCost).content).toMatch(/litres/);
  });

  it('still asks when the day it writes is today: a function that takes no date answers for the present', () => {
    const tide = tool('tide_height', 'Height of the tide at a harbour.', {
      harbour: { type: 'string', description: 'Name of the harbour.' },
    });
    expect(namedTurn('How high is the tide today?', tide).content).toMatch(/harbour/);
    expect(namedTurn('How high is the tide tomorrow?', tide).content).toMatch(/None of the available functions/);
  });
});

const logRide = tool('log_ride', 'Add a ride to the training log.', {
  activity: { type: 'string', description: 'Kind of ride.' },
  km: { type: 'number', description: 'Distance in kilometres.' },
});

describe('a question for a fact the named function never names', () => {
  it('is declined when only lower-case words are read from it', () => {
    const response = namedTurn('What is the average speed of a gravel ride?', logRide);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/None of the available functions/);
  });

  it('still asks for a request with the same words', () => {
    expect(namedTurn('Log my cycling', logRide).content).toMatch(/km/);
  });
});

const shareCost = tool('share_cost', 'Share a cost equally.', {
  total: { type: 'number', description: 'Whole cost.' },
  people: { type: 'integer', description: 'Number of people sharing it.' },
});

describe('"each of us"', () => {
  it('shares one thing among people; it asks for no second call', () => {
    expect(
      callArguments(namedTurn('What does each of us owe if the taxi came to 48 and there are 4 of us?', shareCost)),
    ).toEqual({ total: 48, people: 4 });
  });
});

const quietHours = tool('quiet_hours', 'Mute notifications for a period of the day.', {
  start_time: { type: 'string', description: 'Start of the quiet period, HH:MM.' },
  end_time: { type: 'string', description: 'End of the quiet period, HH:MM.' },
});

describe('a clock time after a direction word', () => {
  it('fills the end after "until", so the question back asks for the start', () => {
    const reply = turn('Mute notifications until 07:15', quietHours);
    expect(reply.toolCalls).toEqual([]);
    expect(reply.content).toContain('start time');
    expect(reply.content).not.toContain('end time');
  });
});

const priceWatch = tool('price_watch', 'Watch an item for a price band.', {
  item: { type: 'string', description: 'Name of the item.' },
  low_price: { type: 'number', description: 'Lowest price of interest.' },
  high_price: { type: 'number', description: 'Highest price worth paying.' },
});

describe("a range's ends placed by their limit words", () => {
  it('count as values the question gives, so the named function is not declined', () => {
    expect(callArguments(namedTurn('Tell me when the Alder Desk Lamp is between 20 and 35', priceWatch))).toEqual({
      item: 'Alder Desk Lamp',
      low_price: 20,
      high_price: 35,
    });
  });
});
