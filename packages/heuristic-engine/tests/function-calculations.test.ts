// Calculations and lookups (formulas with values in units, rates, lists, names of things looked up):
// each rule here was added for a miss of paraphrase set 12 and is tested on examples of our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import type { ToolDefinition } from '@fnquery/contracts';
import type { ChatResponse } from '../src/turn';
import { tool } from './schema-builders';

// The function endpoint with the caller naming the function, as the paraphrase bench runs it.
const turn = (question: string, offered: ToolDefinition): ChatResponse =>
  heuristicFunctionTurn({
    messages: [{ role: 'user', content: question }],
    tools: [offered],
    hint: { kind: 'function', question, named: true },
  });

const callArguments = (response: ChatResponse): Record<string, unknown> | undefined =>
  response.toolCalls[0] ? (JSON.parse(response.toolCalls[0].arguments) as Record<string, unknown>) : undefined;

describe('a short unit code written right after a number', () => {
  const square = tool(
    'square_area',
    'Area of a square from its side.',
    {
      side: { type: 'number', description: 'Length of one side.' },
      unit: { type: 'string', description: "Unit of length, e.g. 'mm'. Default 'm'." },
    },
    ['side'],
  );

  it('is the unit of that number, sent with it', () => {
    expect(callArguments(turn('Area of a square whose side is 40 mm', square))).toEqual({ side: 40, unit: 'mm' });
  });
});

describe('a bare number sent as text while an optional number it fits goes without', () => {
  const films = tool(
    'film_lookup',
    'Find a film by its title.',
    {
      title: { type: 'string', description: "Title of the film, e.g. 'The Long Road'." },
      year: { type: 'integer', description: 'Year of release, optional.' },
    },
    ['title'],
  );

  it('asks for the title rather than sending the year as one', () => {
    const response = turn('Look up a film from 1999', films);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/title/);
  });

  it('still sends a title written with its number', () => {
    expect(callArguments(turn('Look up the film Apollo 13', films))?.title).toBe('Apollo 13');
  });
});

describe('names written with their grammar', () => {
  const albums = tool('albums_of', 'List the albums of a music artist.', {
    artist: { type: 'string', description: 'Name of the artist.' },
  });
  const rulings = tool('ruling_lookup', 'Retrieve the ruling of a court case.', {
    case_name: { type: 'string', description: "Name of the case, e.g. 'Reed v. Hollis'." },
  });

  it('a possessive before the noun phrase it owns is the owner ("… Marsh\'s most played albums")', () => {
    expect(callArguments(turn("List Ivy Marsh's most played albums", albums))).toEqual({ artist: 'Ivy Marsh' });
  });

  it('"v." joins the two parties of a case into one name', () => {
    expect(callArguments(turn('Get the ruling in Carver v. Atlas Freight', rulings))).toEqual({
      case_name: 'Carver v. Atlas Freight',
    });
  });
});

describe('a compound unit written as one property describes it', () => {
  const distance = tool('distance_covered', 'Distance covered under constant acceleration.', {
    start_speed: { type: 'number', description: 'Speed at the start, in m/s.' },
    accel: { type: 'number', description: 'Acceleration in m/s^2.' },
    seconds: { type: 'number', description: 'Duration in seconds.' },
  });

  it('"1.5 m/s^2" fills the acceleration, so the start speed is asked for', () => {
    const response = turn('How far does a sled get in 8 seconds at 1.5 m/s^2?', distance);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/start speed/);
    expect(response.content).not.toMatch(/\baccel\b/);
  });

  it('m/s and m/s^2 in one question each go to their own property', () => {
    const response = turn('How far does a sled get in 8 seconds at 1.5 m/s^2, starting at 2 m/s?', distance);
    expect(callArguments(response)).toEqual({ start_speed: 2, accel: 1.5, seconds: 8 });
  });
});

describe('a place whose description shows it with a region code', () => {
  const rents = tool('median_rent', 'Median rent in a US city.', {
    location: { type: 'string', description: "City and state code, e.g. 'Reno, NV'." },
  });

  it('asks rather than sending a region written out in full', () => {
    const response = turn("What's the median rent in Dayton, Ohio?", rents);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/location/);
  });

  it('sends a place written in that layout', () => {
    expect(callArguments(turn("What's the median rent in Dayton, OH?", rents))).toEqual({ location: 'Dayton, OH' });
  });
});

describe('a count per year written as a frequency word', () => {
  const savings = tool(
    'savings_growth',
    'Future value of savings with compound interest.',
    {
      deposit: { type: 'number', description: 'Amount deposited.' },
      rate: { type: 'number', description: 'Yearly interest rate in percent.' },
      years: { type: 'integer', description: 'How long the money stays.' },
      periods_per_year: { type: 'integer', description: 'Number of compounding periods per year. Default 1.' },
    },
    ['deposit', 'rate', 'years'],
  );

  it('"compounded weekly" is 52 a year, and "eight years" stays the number of years', () => {
    expect(callArguments(turn('Grow 3000 at 2% for eight years, compounded weekly', savings))).toEqual({
      deposit: 3000,
      rate: 2,
      years: 8,
      periods_per_year: 52,
    });
  });

  it('a rate per year takes no frequency word', () => {
    const loan = tool('repayment', 'Monthly repayment of a loan.', {
      principal: { type: 'number', description: 'Amount borrowed.' },
      rate_per_year: { type: 'number', description: 'Interest rate per year, in percent.' },
    });
    const response = turn('Monthly repayment on 9000 borrowed', loan);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/rate per year/);
  });
});

describe('a question for a person, a reason, a method or advice', () => {
  const pressure = tool('gas_pressure', 'Pressure of an ideal gas.', {
    moles: { type: 'number', description: 'Amount of gas in mol.' },
    volume: { type: 'number', description: 'Volume in litres.' },
    temperature: { type: 'number', description: 'Temperature in kelvin.' },
  });
  const declines = (response: ChatResponse) => {
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/None of the available functions/);
  };

  it('is declined when the function only computes', () => {
    declines(turn('Who came up with the ideal gas law?', pressure));
    declines(turn('Why do gases expand when heated?', pressure));
    declines(turn('Should I learn chemistry before physics?', pressure));
    declines(turn('Is a bigger tank better than a smaller one?', pressure));
  });

  it('still asks back when the user wants the function run', () => {
    const response = turn('How do I get the pressure of 2 mol of gas in a 10 litre tank?', pressure);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/temperature/);
  });
});

describe('a length written with the dimension it measures', () => {
  const disc = tool('disc_area', 'Area of a disc.', { radius: { type: 'number', description: 'Radius in cm.' } });
  const box = tool('box_volume', 'Volume of a box.', {
    length: { type: 'number', description: 'Length in cm.' },
    width: { type: 'number', description: 'Width in cm.' },
    height: { type: 'number', description: 'Height in cm.' },
  });

  it('"30 cm across" is a diameter, so the radius is asked for', () => {
    const response = turn('Area of a disc 30 cm across', disc);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/radius/);
  });

  it('"high", "wide" and "long" place each length, whatever their order', () => {
    expect(callArguments(turn('Volume of a box 20 cm high, 40 cm long and 30 cm wide', box))).toEqual({
      length: 40,
      width: 30,
      height: 20,
    });
  });
});

describe('the options a function offers are things it answers', () => {
  const compounds = tool('compound_lookup', 'Look up a chemical compound.', {
    compound: { type: 'string', description: "Compound name, e.g. 'Acetone'." },
    property: { type: 'string', enum: ['boiling_point', 'density'], description: 'Property to return.' },
  });

  it('a question for one of them is no question about something else: asked back, not declined', () => {
    const response = turn('What is the density of the stuff in this bottle?', compounds);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/compound/);
    expect(response.content).not.toMatch(/None of the available functions/);
  });
});

describe('the thing asked for, starting the sentence, then "of" and a name', () => {
  const rainfall = tool('town_rainfall', 'Yearly rainfall of a town.', {
    town: { type: 'string', description: 'Name of the town.' },
  });

  it('is the request, and the name after "of" the value', () => {
    expect(callArguments(turn('Rainfall of Port Ellery', rainfall))).toEqual({ town: 'Port Ellery' });
  });

  it('keeps a name whose own words join with "of"', () => {
    expect(callArguments(turn('Rainfall in Bay of Kells', rainfall))).toEqual({ town: 'Bay of Kells' });
  });
});

describe('a value written in the layout of the description example', () => {
  const disputes = tool('dispute_record', 'Retrieve the record of a dispute.', {
    parties: { type: 'string', description: "The two parties, e.g. 'Brand v. Cole'." },
  });

  it('is evidence enough to call, with no other word shared', () => {
    expect(callArguments(turn('Pull up Mercer v. Quill Farms', disputes))).toEqual({
      parties: 'Mercer v. Quill Farms',
    });
  });
});
