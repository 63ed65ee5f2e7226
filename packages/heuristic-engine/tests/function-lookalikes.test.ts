// Words that look like a value of a kind and are none: a "No" that abbreviates "number", a clock
// time where a time zone is asked for. Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import { tool } from './schema-builders';

const firstCall = (question: string, offered: ToolDefinition): Record<string, unknown> | undefined => {
  const response = heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools: [offered] });
  return response.toolCalls[0] ? (JSON.parse(response.toolCalls[0].arguments) as Record<string, unknown>) : undefined;
};

const parcel = tool(
  'parcel_status',
  'Status of a parcel, with its scan events if asked.',
  {
    parcel_number: { type: 'string', description: 'The number printed on the parcel label.' },
    include_events: { type: 'boolean', description: 'Whether to list every scan event. Default is false.' },
  },
  ['parcel_number'],
);

describe('"No" before a number', () => {
  it('abbreviates "number" and does not negate the flag after it', () => {
    expect(firstCall('Status of parcel No 4411 with its events?', parcel)).toEqual({
      parcel_number: '4411',
      include_events: true,
    });
    expect(firstCall('Status of parcel No. 4411, events included', parcel)).toMatchObject({ include_events: true });
  });

  it('still negates where it says no', () => {
    expect(firstCall('Status of parcel 4411, no events please', parcel)).toMatchObject({ include_events: false });
  });
});

describe('a clock time', () => {
  const zones = tool('convert_time', 'Convert a clock time between time zones', {
    time: { type: 'string', description: 'Time as HH:MM' },
    from_timezone: { type: 'string', description: 'IANA time zone of the given time' },
    to_timezone: { type: 'string', description: 'IANA time zone to convert to' },
  });

  it('is no time zone, and two cities written in no direction are asked for, not placed by their order', () => {
    const response = heuristicFunctionTurn({
      messages: [{ role: 'user', content: 'What is 08:15 in Nairobi time if it is 08:15 in Lisbon?' }],
      tools: [zones],
    });
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/need the from timezone .* to timezone/);
  });

  it('fills the time and the zones where "from" and "to" settle them', () => {
    expect(firstCall('Convert 08:15 from Lisbon to Nairobi', zones)).toEqual({
      time: '08:15',
      from_timezone: 'Lisbon',
      to_timezone: 'Nairobi',
    });
  });
});

describe('a number outside the bounds of its property', () => {
  const markdown = tool('apply_discount', 'Price after a discount.', {
    price: { type: 'number', description: 'Price before the discount.' },
    discount: { type: 'number', description: 'The discount as a fraction between 0 and 1.' },
  });
  const rating = tool('rate_film', 'Rate a film.', {
    title: { type: 'string' },
    stars: { type: 'integer', minimum: 1, maximum: 5 },
  });

  it('is no value for it: the property is asked for instead', () => {
    const response = heuristicFunctionTurn({
      messages: [{ role: 'user', content: 'discount 60 by 30' }],
      tools: [markdown],
    });
    expect(response.toolCalls).toEqual([]);
    // The discount is asked for (and the price with it: nothing ties 60 rather than 30 to it).
    expect(response.content).toMatch(/the discount \(/);
    expect(firstCall('Rate "Solaris" 8 stars', rating)).toBeUndefined();
  });

  it('is sent when it is within them', () => {
    expect(firstCall('A price of 60 with a discount of 0.3', markdown)).toEqual({ price: 60, discount: 0.3 });
    expect(firstCall('Rate "Solaris" 4 stars', rating)).toEqual({ title: 'Solaris', stars: 4 });
  });
});

describe('an enum option written as a verb with its object', () => {
  const route = tool(
    'route_plan',
    'Route between two places',
    {
      origin: { type: 'string' },
      destination: { type: 'string' },
      mode: { type: 'string', enum: ['driving', 'walking', 'cycling'] },
    },
    ['origin', 'destination'],
  );

  it('is no option: "walking the dog" says nothing of the mode', () => {
    const response = heuristicFunctionTurn({
      messages: [{ role: 'user', content: 'Route from Lund to Malmö, I will be walking the dog' }],
      tools: [route],
    });
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/need the mode/);
  });

  it('is the option where it names the mode', () => {
    expect(firstCall('Route from Lund to Malmö, walking', route)).toEqual({
      origin: 'Lund',
      destination: 'Malmö',
      mode: 'walking',
    });
  });
});

describe('an ordinal enum option', () => {
  const ferry = tool(
    'book_ferry',
    'Book a ferry crossing',
    {
      port: { type: 'string', description: 'Port of arrival' },
      deck: { type: 'string', enum: ['first', 'second'], description: 'Deck class' },
    },
    ['port'],
  );

  it('orders the things asked about in "the first ferry", and is asked for', () => {
    const response = heuristicFunctionTurn({
      messages: [{ role: 'user', content: 'Book the first ferry to Tallinn' }],
      tools: [ferry],
    });
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/need the deck/);
  });

  it('is the option where it names the class', () => {
    expect(firstCall('Book a ferry to Tallinn, first class', ferry)).toEqual({ port: 'Tallinn', deck: 'first' });
  });
});

describe('a two-letter option code', () => {
  const locale = tool('set_locale', 'Set the locale of a report', {
    locale: { type: 'string', enum: ['en', 'de', 'fr'] },
  });

  it('is no code when it is a word of the prose ("de facto")', () => {
    const response = heuristicFunctionTurn({
      messages: [{ role: 'user', content: 'Set the locale of the report, it is de facto final' }],
      tools: [locale],
    });
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/need the locale/);
  });

  it('is the code after "to" or the property name, or in capitals', () => {
    expect(firstCall('Set the locale of the report to de', locale)).toEqual({ locale: 'de' });
    expect(firstCall('Report locale fr', locale)).toEqual({ locale: 'fr' });
  });
});
