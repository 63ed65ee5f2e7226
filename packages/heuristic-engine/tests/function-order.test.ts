// Precision before recall: two values of one type are placed into two properties only when the
// question settles which is which (the properties' words near them, a preposition, a measure
// adjective), or when order itself settles it (a numbered series, a range's two ends). Otherwise
// the engine asks for both rather than guess. The examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import type { ChatResponse } from '../src/turn';
import { tool } from './schema-builders';

const turn = (question: string, offered: ToolDefinition): ChatResponse =>
  heuristicFunctionTurn({
    messages: [{ role: 'user', content: question }],
    tools: [offered],
    hint: { kind: 'function', question, named: true },
  });

const called = (response: ChatResponse) => {
  expect(response.content).toBeNull();
  expect(response.toolCalls).toHaveLength(1);
  return JSON.parse(response.toolCalls[0]!.arguments) as unknown;
};

const winRate = tool('win_rate', 'Share of matches a club won.', {
  matches_played: { type: 'integer', description: 'Matches the club played.' },
  matches_won: { type: 'integer', description: 'Matches the club won.' },
});

describe('same-typed numbers', () => {
  it('asks for both when only their order would place them', () => {
    const response = turn('What is the win rate for 7 and 11?', winRate);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/matches played.*matches won|matches won.*matches played/);
  });

  it('places them when the question ties each to its property', () => {
    expect(called(turn('Win rate when the club played 11 matches and won 7', winRate))).toEqual({
      matches_played: 11,
      matches_won: 7,
    });
  });

  it('takes a numbered series in the order written', () => {
    const gcd = tool('greatest_divisor', 'Greatest common divisor of two whole numbers.', {
      num1: { type: 'integer', description: 'First number.' },
      num2: { type: 'integer', description: 'Second number.' },
    });
    expect(called(turn('greatest divisor of 84 and 36', gcd))).toEqual({ num1: 84, num2: 36 });
  });

  it("takes a range's two ends low end first", () => {
    const rainfall = tool('rainfall_total', 'Total rainfall of a station over years.', {
      station: { type: 'string', description: 'Station code.' },
      start_year: { type: 'integer', description: 'First year counted.' },
      end_year: { type: 'integer', description: 'Last year counted.' },
    });
    expect(called(turn("Rainfall total at station 'KX-4' between 2011 and 2019", rainfall))).toMatchObject({
      start_year: 2011,
      end_year: 2019,
    });
  });

  it('reads a measure adjective after its value as the measure ("4 m long")', () => {
    const area = tool('plot_area', 'Area of a rectangular plot.', {
      length: { type: 'number', description: 'Length in metres.' },
      width: { type: 'number', description: 'Width in metres.' },
    });
    expect(called(turn('Area of a plot 40 m long and 12.5 m wide', area))).toEqual({ length: 40, width: 12.5 });
    expect(called(turn('Area of a plot 12.5 m wide and 40 m long', area))).toEqual({ length: 40, width: 12.5 });
  });
});

describe('same-typed names', () => {
  const lookup = tool('book_lookup', 'Finds a book in the catalogue.', {
    title: { type: 'string', description: 'Title of the book.' },
    author: { type: 'string', description: 'Name of the writer.' },
  });

  it('asks when two names could be either property', () => {
    const response = turn('Find Orbit Tales and Vera Quist in the catalogue', lookup);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/title.*author/);
  });

  it('places them when a cue settles one of them', () => {
    expect(called(turn('Look up the title Orbit Tales by Vera Quist', lookup))).toEqual({
      title: 'Orbit Tales',
      author: 'Vera Quist',
    });
  });
});

describe('units are no values of their own', () => {
  const fuel = tool('fuel_cost', 'Cost of the fuel for a trip.', {
    distance: { type: 'number', description: 'Trip length.' },
    fuel_type: { type: 'string', description: 'Kind of fuel burnt.' },
  });

  it('asks for a text value rather than send the unit of a number or a unit asked for', () => {
    for (const question of ['Fuel cost for a trip of 300 kilometres', 'Fuel cost of a trip of 300 km, in miles']) {
      const response = turn(question, fuel);
      expect(response.toolCalls).toEqual([]);
      expect(response.content).toMatch(/need the fuel type/);
    }
  });
});

describe('names end where the sentence does', () => {
  it('ends a name at its abbreviation when a verb before its object starts the next sentence', () => {
    const fixtures = tool('club_fixtures', 'Next match of a football club.', {
      club: { type: 'string', description: 'Name of the club.' },
    });
    expect(called(turn('Show the next match of Harbour Rovers F.C. Include its venue.', fixtures))).toEqual({
      club: 'Harbour Rovers F.C.',
    });
  });
});

describe('two dates', () => {
  const stay = tool('reserve_cabin', 'Reserve a cabin for a stay.', {
    check_in: { type: 'string', format: 'date', description: 'First night of the stay.' },
    check_out: { type: 'string', format: 'date', description: 'Day the guests leave.' },
  });

  it('asks for both when nothing but their order places them', () => {
    for (const question of ['Cabin, check out 2026-08-14, check in 2026-08-10', 'Cabin 2026-08-14 2026-08-10']) {
      const response = turn(question, stay);
      expect(response.toolCalls).toEqual([]);
      expect(response.content).toMatch(/need the check in .* and the check out/);
    }
  });

  it('places the ends of a range written "from … to …" or "between … and …" in schema order', () => {
    for (const question of [
      'Reserve a cabin from 2026-08-10 to 2026-08-14',
      'Reserve a cabin between 2026-08-10 and 2026-08-14',
    ])
      expect(called(turn(question, stay))).toEqual({ check_in: '2026-08-10', check_out: '2026-08-14' });
  });
});

describe("a range's two ends", () => {
  const pick = tool('random_pick', 'A random whole number in a range.', {
    low: { type: 'integer', description: 'Smallest number.' },
    high: { type: 'integer', description: 'Largest number.' },
  });

  it('are placed by their order when written low first', () => {
    expect(called(turn('A random pick between 3 and 9', pick))).toEqual({ low: 3, high: 9 });
  });

  it('are placed by their limit words whatever the order: "between" spans the smaller to the larger', () => {
    expect(called(turn('A random pick between 9 and 3', pick))).toEqual({ low: 3, high: 9 });
    expect(called(turn('A random pick up to 90 from 30', pick))).toEqual({ low: 30, high: 90 });
  });

  it('are asked for when written high first and no word places them', () => {
    const response = turn('A random pick, 9 and 3', pick);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/need the low .* and the high/);
  });
});
