// Precision before recall: a pair of direction properties (from/to, base/quote) is filled only when
// the question settles which value is which; otherwise the engine asks. The first block is the
// conversions a user reported; the others are our own variations.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import { findCurrencies } from '../src/values/currencies';
import type { ToolDefinition } from '@fnquery/contracts';
import type { ChatResponse } from '../src/turn';

const currencyProperties = {
  from_currency: { type: 'string', description: 'ISO 4217 code of the currency to convert from' },
  to_currency: { type: 'string', description: 'ISO 4217 code of the currency to convert to' },
  amount: { type: 'number', description: 'Amount to convert' },
};

// The function in the shape the service offers a hosted one: given by name, its JSON body in `body`
// (the service's tests check the engine on the service's own spec.json conversion).
const converter: ToolDefinition = {
  name: 'currency-converter',
  description: 'Currency converter',
  parameters: {
    type: 'object',
    properties: {
      body: { type: 'object', properties: currencyProperties, required: ['from_currency', 'to_currency', 'amount'] },
    },
    required: ['body'],
    additionalProperties: false,
  },
};

const named = (question: string, tool: ToolDefinition): ChatResponse =>
  heuristicFunctionTurn({
    messages: [{ role: 'user', content: question }],
    tools: [tool],
    hint: { kind: 'function', question, named: true },
  });

const body = (response: ChatResponse) => {
  expect(response.content).toBeNull();
  return (JSON.parse(response.toolCalls[0]!.arguments) as { body: unknown }).body;
};

describe('direction pairs: the reported conversions', () => {
  it.each([
    ['What is 60 EUR in GBP?', 60, 'EUR', 'GBP'],
    ['GBP equivalent of 60 EUR', 60, 'EUR', 'GBP'],
    ['How much is 1,200 Japanese yen in British pounds?', 1200, 'JPY', 'GBP'],
    ['I have 250 Swiss francs, how many euros is that?', 250, 'CHF', 'EUR'],
    ['Convert 5k INR into US dollars', 5000, 'INR', 'USD'],
    ['19.99 euros for Mexican pesos', 19.99, 'EUR', 'MXN'],
  ])('%s → %s %s to %s', (question, amount, from, to) => {
    expect(body(named(question, converter))).toEqual({ amount, from_currency: from, to_currency: to });
  });
});

describe('direction pairs: our own variations', () => {
  it.each([
    ['Change €45 to usd', 45, 'EUR', 'USD'],
    ['How many Canadian dollars would I get for 300 Australian dollars?', 300, 'AUD', 'CAD'],
    ['convert 2.5m yen to pounds sterling', 2_500_000, 'JPY', 'GBP'],
    ['Please turn 90 US dollars into Japanese yen', 90, 'USD', 'JPY'],
    ["I'm paying 400 Danish kroner, what is that in Swedish kronor?", 400, 'DKK', 'SEK'],
    ['From dollars to euros: 1,500', 1500, 'USD', 'EUR'],
    ['the euro equivalent of $80', 80, 'USD', 'EUR'],
    ['£12.50 as rupees', 12.5, 'GBP', 'INR'],
    ['convert 3 bn won... no, 3 bn Korean won to yen', 3e9, 'KRW', 'JPY'],
  ])('%s → %s %s to %s', (question, amount, from, to) => {
    expect(body(named(question, converter))).toEqual({ amount, from_currency: from, to_currency: to });
  });

  it('asks when nothing settles which currency is which', () => {
    for (const question of ['USD EUR 100', 'Convert 100 between dollars and euros']) {
      const response = named(question, converter);
      expect(response.toolCalls).toEqual([]);
      expect(response.content).toMatch(/from currency \(ISO 4217 code of the currency to convert from\)/);
      expect(response.content).toMatch(/to currency/);
    }
  });

  it('asks for the one role the question leaves open, never fills it with other words', () => {
    const noTarget = named('Convert 100 from CAD', converter);
    expect(noTarget.toolCalls).toEqual([]);
    expect(noTarget.content).toMatch(/need the to currency/);
    expect(noTarget.content).not.toMatch(/from currency/);
    const noSource = named('How much is 70 in euros?', converter);
    expect(noSource.toolCalls).toEqual([]);
    expect(noSource.content).toMatch(/need the from currency/);
  });

  it('settles other pairs by the same words: accounts by from/into, units by the amount and "in"', () => {
    const transfer: ToolDefinition = {
      name: 'transfer_funds',
      description: 'Moves money between two accounts.',
      parameters: {
        type: 'object',
        required: ['from_account', 'to_account', 'amount'],
        properties: {
          from_account: { type: 'string', enum: ['checking', 'savings'], description: 'Account the money leaves.' },
          to_account: { type: 'string', enum: ['checking', 'savings'], description: 'Account the money goes to.' },
          amount: { type: 'number' },
        },
      },
    };
    const args = (q: string, t: ToolDefinition) => JSON.parse(named(q, t).toolCalls[0]!.arguments) as unknown;
    expect(args('Put 50 into checking from savings', transfer)).toEqual({
      from_account: 'savings',
      to_account: 'checking',
      amount: 50,
    });
    expect(named('Transfer 75 between checking and savings', transfer).toolCalls).toEqual([]);
    const length: ToolDefinition = {
      name: 'convert_length',
      description: 'Converts a length.',
      parameters: {
        type: 'object',
        required: ['value', 'from_unit', 'to_unit'],
        properties: {
          value: { type: 'number' },
          from_unit: { type: 'string', enum: ['m', 'ft', 'in', 'cm'] },
          to_unit: { type: 'string', enum: ['m', 'ft', 'in', 'cm'] },
        },
      },
    };
    expect(args('12 inches in cm', length)).toEqual({ value: 12, from_unit: 'in', to_unit: 'cm' });
    expect(args('How many feet is 3 meters?', length)).toEqual({ value: 3, from_unit: 'm', to_unit: 'ft' });
  });
});

describe('findCurrencies', () => {
  it('reads codes in any case, symbols and names, but not words that look like codes', () => {
    const codes = (text: string) => findCurrencies(text).map((c) => c.code);
    expect(codes('usd, Eur and GBP')).toEqual(['USD', 'EUR', 'GBP']);
    expect(codes('€5, £3, ¥700 and C$9')).toEqual(['EUR', 'GBP', 'JPY', 'CAD']);
    expect(codes('Swiss francs, new zealand dollars, pounds sterling')).toEqual(['CHF', 'NZD', 'GBP']);
    // "try" and "all" are words in lower case; bare "kroner" and "pesos" name several currencies.
    expect(codes('try all of them in kroner or pesos')).toEqual([]);
    expect(codes('European travel')).toEqual([]);
  });
});

describe('left-over words are no value', () => {
  it('asks rather than fill a required text with words nothing ties to it', () => {
    const tool: ToolDefinition = {
      name: 'fossil_age',
      description: 'Returns the estimated age of a fossil.',
      parameters: {
        type: 'object',
        required: ['specimen'],
        properties: { specimen: { type: 'string', description: 'Catalogue label of the specimen.' } },
      },
    };
    const response = heuristicFunctionTurn({
      messages: [{ role: 'user', content: 'How old is it, roughly?' }],
      tools: [tool],
      hint: { kind: 'function', question: 'How old is it, roughly?', named: true },
    });
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/need the specimen/);
  });
});
