// A function is called only for what the question asks for (src/function-calling/purpose.ts): values
// that fit its parameters are not enough. Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import { askedForHead } from '../src/function-calling/purpose';
import { readQuestion } from '../src/function-calling/question';
import type { ToolDefinition } from '@fnquery/contracts';

const loan: ToolDefinition = {
  name: 'loan_payment',
  description: 'Calculates the monthly payment of a loan.',
  parameters: {
    type: 'object',
    properties: {
      principal: { type: 'number', description: 'Amount borrowed.' },
      rate: { type: 'number', description: 'Annual interest rate in percent.' },
      years: { type: 'integer', description: 'Term of the loan in years.' },
    },
    required: ['principal', 'rate', 'years'],
  },
};

const turn = (question: string) =>
  heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools: [loan] });

describe('the thing a question asks for', () => {
  it('is the noun after the request, past measure words and possessives', () => {
    expect(askedForHead(readQuestion('What is the closest prime to 40?'))).toBe('prime');
    expect(askedForHead(readQuestion('What is the salt level of the lake?'))).toBe('salt');
    expect(askedForHead(readQuestion("What was the author's birthplace?"))).toBe('birthplace');
  });

  it('is the thing a measure word is the measure of ("the rate of churn")', () => {
    expect(askedForHead(readQuestion('What is the rate of churn for a gym with 40 members?'))).toBe('churn');
    expect(askedForHead(readQuestion('What is the number of ferries to Bergen?'))).toBe('ferries');
    expect(askedForHead(readQuestion('What is the rate on a loan of 5000?'))).toBeUndefined();
  });

  it('is not judged where the question names only a unit or starts with a clause', () => {
    expect(askedForHead(readQuestion('How many metres are in 3 miles?'))).toBeUndefined();
    expect(askedForHead(readQuestion('How much will I save?'))).toBeUndefined();
    expect(askedForHead(readQuestion('Convert 3 miles to metres.'))).toBeUndefined();
  });
});

describe('a function whose values fit but whose purpose does not', () => {
  it('is declined when the question asks for something the function never names', () => {
    const response = turn('Calculate the future savings on a deposit of 5000 at 3% for 10 years.');
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/None of the available functions/);
  });

  it('is declined when the question asks for a measure of something the function never names', () => {
    const response = turn('What is the rate of depreciation for a van bought at 5000, 3% a year for 10 years?');
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/None of the available functions/);
  });

  it('is called when the question asks for what it computes', () => {
    const response = turn('Calculate the monthly payment on a loan of 5000 at 3% for 10 years.');
    expect(response.toolCalls[0]?.name).toBe('loan_payment');
  });

  it('is called when a measure word follows the thing ("payment amount")', () => {
    const response = turn('What is the payment amount for a loan of 5000 at 3% over 10 years?');
    expect(response.toolCalls[0]?.name).toBe('loan_payment');
  });
});

describe('a question that starts with the thing it asks for', () => {
  it('names it before "of", unless it is a quantifier', () => {
    expect(askedForHead(readQuestion('Perimeter of a pond of radius 3'))).toBe('perimeter');
    expect(askedForHead(readQuestion('The boiling point of brine at sea level'))).toBe('point');
    expect(askedForHead(readQuestion('All of my loans at 3% for 10 years'))).toBeUndefined();
    expect(askedForHead(readQuestion('List of payments on 5000 at 3% for 10 years'))).toBeUndefined();
  });

  it('declines a function that computes another thing from the same values', () => {
    const pond: ToolDefinition = {
      name: 'pond_area',
      description: 'Surface area of a round pond.',
      parameters: { type: 'object', properties: { radius: { type: 'number' } }, required: ['radius'] },
    };
    const ask = (question: string) =>
      heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools: [pond] });
    expect(ask('Perimeter of a pond of radius 3').toolCalls).toEqual([]);
    expect(ask('Area of a pond of radius 3').toolCalls[0]?.name).toBe('pond_area');
  });
});
