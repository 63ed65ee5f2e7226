// A function's author may list its properties in any order without changing what they mean; a
// reading must come out the same whichever way round they are listed. Each case decides the same
// question with the properties as written and reversed (`required` too). The examples are our own.
import { describe, expect, it } from 'vitest';
import { decideFunctionCall } from '../src/engine';
import type { JsonSchema, ToolDefinition } from '@fnquery/contracts';
import { toolShape } from '../src/function-calling/slots';
import { tool } from './schema-builders';

const reversed = (offered: ToolDefinition): ToolDefinition => {
  const properties = offered.parameters.properties as Record<string, JsonSchema>;
  const names = Object.keys(properties).reverse();
  return {
    ...offered,
    parameters: {
      type: 'object',
      properties: Object.fromEntries(names.map((n) => [n, properties[n]!])),
      required: names.filter((n) => (offered.parameters.required as string[]).includes(n)),
    },
  };
};

/** The arguments called with, the same for the schema as written and reversed. */
const argumentsEitherWay = (question: string, offered: ToolDefinition): unknown => {
  const [asWritten, flipped] = [offered, reversed(offered)].map((t) => {
    const decision = decideFunctionCall({ question, tools: [t], named: true }).value;
    return 'calls' in decision ? (JSON.parse(decision.calls[0]!.arguments) as unknown) : decision.text;
  });
  expect(flipped).toEqual(asWritten);
  return asWritten;
};

const num = (description: string): JsonSchema => ({ type: 'number', description });

describe('a series of properties is read in the order its names give', () => {
  it('numbered members: the first value written is the first of the series', () => {
    const lcm = tool('least_common_multiple', 'Least common multiple of two whole numbers.', {
      num1: { type: 'integer', description: 'A whole number.' },
      num2: { type: 'integer', description: 'Another whole number.' },
    });
    expect(argumentsEitherWay('Least common multiple of 14 and 35', lcm)).toEqual({ num1: 14, num2: 35 });
  });

  it('lettered members (a, b, c) keep their letters', () => {
    const cubic = tool('cubic_roots', 'Roots of a x^2 + b x + c = 0.', {
      a: num('Coefficient of x squared.'),
      b: num('Coefficient of x.'),
      c: num('The constant term.'),
    });
    expect(argumentsEitherWay('Roots with coefficients 2, -7 and 3', cubic)).toEqual({ a: 2, b: -7, c: 3 });
  });

  it("a range's low end comes before its high end", () => {
    const catalogue = tool('films_by_period', 'Films released within a period.', {
      start_year: { type: 'integer', description: 'First year of the period.' },
      end_year: { type: 'integer', description: 'Last year of the period.' },
    });
    expect(argumentsEitherWay('List films released in the years 1962 and 1975', catalogue)).toEqual({
      start_year: 1962,
      end_year: 1975,
    });
  });

  it('letters that do not run on (n, k) are no series: their schema order is kept', () => {
    const choose = tool('binomial', 'Ways to choose k items out of n.', {
      n: { type: 'integer', description: 'Items to choose from.' },
      k: { type: 'integer', description: 'Items chosen.' },
    });
    expect(toolShape(reversed(choose)).slots.map((s) => s.name)).toEqual(['k', 'n']);
    const pair = tool('pair', 'Two points.', { y: num('Second.'), x: num('First.') });
    expect(toolShape(pair).slots.map((s) => [s.name, s.order])).toEqual([
      ['x', 0],
      ['y', 1],
    ]);
  });
});

describe('"<place>, <region>" fills the place and the region by what each property holds', () => {
  const forecast = tool('sunrise_time', 'Time of sunrise at a place.', {
    town: { type: 'string', description: 'The town.' },
    country: { type: 'string', description: 'The country it lies in.' },
  });

  it('the region takes the part written second, whichever property the schema lists first', () => {
    expect(argumentsEitherWay('When is sunrise in Tromsø, Norway?', forecast)).toEqual({
      town: 'Tromsø',
      country: 'Norway',
    });
  });
});
