// The conversions of function-roles.test.ts with the converter offered among the tools of a chat
// request, not named by the caller: a question that writes the two values of a tool's direction pair
// ("60 EUR in GBP") is about that tool even when it shares no word with it. Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import type { ChatResponse } from '../src/turn';
import { tool } from './schema-builders';

const converter = tool('convert_currency', 'Convert an amount between currencies', {
  from_currency: { type: 'string', description: 'ISO 4217 code of the currency to convert from' },
  to_currency: { type: 'string', description: 'ISO 4217 code of the currency to convert to' },
  amount: { type: 'number', description: 'Amount to convert' },
});
const forecast = tool('weather_forecast', 'Weather forecast for a city', {
  city: { type: 'string', description: 'City name' },
});

const offered = (question: string, tools: ToolDefinition[] = [converter, forecast]): ChatResponse =>
  heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools });

const sent = (response: ChatResponse) => {
  expect(response.toolCalls.map((c) => c.name)).toEqual(['convert_currency']);
  return JSON.parse(response.toolCalls[0]!.arguments) as unknown;
};

describe('a direction pair written in full chooses its tool', () => {
  it.each([
    ['What is 60 EUR in GBP?', 60, 'EUR', 'GBP'],
    ['60 EUR to GBP', 60, 'EUR', 'GBP'],
    ['How many pounds for 60 euros?', 60, 'EUR', 'GBP'],
    ['I want to change my 300 euros into dollars', 300, 'EUR', 'USD'],
    ['How much would 100 dollars be worth in yen', 100, 'USD', 'JPY'],
    ['What do 450 Swiss francs come to in United States Dollar?', 450, 'CHF', 'USD'],
    ['What is EUR 60 in GBP?', 60, 'EUR', 'GBP'],
  ])('%s → %s %s to %s', (question, amount, from, to) => {
    expect(sent(offered(question))).toEqual({ amount, from_currency: from, to_currency: to });
  });

  it('asks, not declines, when the pair is written but its direction is not', () => {
    const response = offered('Is 100 USD more than 90 EUR?');
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/need the from currency .* to currency/);
  });

  it('still declines a question that writes no pair', () => {
    expect(offered('What is the tallest mountain in Peru?').toolCalls).toEqual([]);
    expect(offered('What is the tallest mountain in Peru?').content).toMatch(/None of the available functions/);
  });
});

describe('words after the currency', () => {
  it('"the X value of" names the target; "worth of" after an amount names what is paid', () => {
    expect(sent(offered('What is the GBP value of 60 EUR?'))).toEqual({
      amount: 60,
      from_currency: 'EUR',
      to_currency: 'GBP',
    });
    expect(sent(offered('Get me 60 EUR worth of GBP'))).toEqual({
      amount: 60,
      from_currency: 'EUR',
      to_currency: 'GBP',
    });
  });
});

describe('thousands grouped by spaces', () => {
  it.each([
    ['How much is 1 200 yen in pounds?', 1200],
    ['Convert 12 500 000 yen to euros', 12_500_000],
    ['¥1 200 in pounds', 1200],
  ])('%s → %s', (question, amount) => {
    expect(sent(offered(question))).toMatchObject({ amount, from_currency: 'JPY' });
  });

  it('reads one number for any property, not its last group', () => {
    const census = tool('town_census', 'Towns with more inhabitants than a threshold', {
      min_population: { type: 'integer', description: 'Smallest population to list' },
    });
    const response = offered('List towns with a population over 12 500', [census]);
    expect(JSON.parse(response.toolCalls[0]!.arguments)).toEqual({ min_population: 12500 });
  });
});
