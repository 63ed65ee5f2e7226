// What a value is, read against the property it fills: a letter after a number ("2.5m", "10k"), the
// noun written after a number ("the 7 tram"), a name ending in another property's noun, a number
// after a bound word. Each case is one the engine once sent wrong. Examples are our own.
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

describe('a letter after a number, read against what the property measures', () => {
  const fund = tool('fund_project', 'Set the budget of a project.', {
    project: { type: 'string', description: 'Name of the project.' },
    budget: { type: 'number', description: 'Money the project may spend.' },
  });
  const rope = tool('order_rope', 'Order a length of climbing rope.', {
    length_m: { type: 'number', description: 'Length of the rope in metres.' },
  });
  const race = tool('log_race', 'Record a race result.', {
    distance_km: { type: 'number', description: 'Race distance in kilometres.' },
    minutes: { type: 'integer', description: 'Finishing time in minutes.' },
  });
  const steps = tool('step_goal', 'Set a daily step goal.', {
    steps: { type: 'integer', description: 'Number of steps a day.' },
  });

  it('"2.5m" for a sum of money is millions', () => {
    expect(callArguments(turn('Give the Harbor project a budget of 2.5m', fund))).toEqual({
      project: 'Harbor',
      budget: 2500000,
    });
  });

  it('"40m" for a length in metres stays metres', () => {
    expect(callArguments(turn('Order 40m of rope', rope))).toEqual({ length_m: 40 });
  });

  it('"10k" for a distance in kilometres is ten kilometres', () => {
    expect(callArguments(turn('Log my 10k race, finished in 49 minutes', race))).toEqual({
      distance_km: 10,
      minutes: 49,
    });
  });

  it('"8k" for a count is eight thousand', () => {
    expect(callArguments(turn('Set my step goal to 8k', steps))).toEqual({ steps: 8000 });
  });

  it('"290k" for a temperature is kelvin, in the scale the property names (found by lower-casing questions)', () => {
    const kiln = (description: string) =>
      tool('kiln_report', 'Report a kiln firing.', {
        kiln: { type: 'string', description: 'Kiln name.' },
        start_temp: { type: 'number', description },
      });
    expect(
      callArguments(turn('report the firing of kiln B7 from 290k', kiln('Starting temperature in kelvin.'))),
    ).toEqual({ kiln: 'B7', start_temp: 290 });
    expect(
      callArguments(turn('report the firing of kiln B7 from 290k', kiln('Starting temperature in degrees Celsius.'))),
    ).toEqual({ kiln: 'B7', start_temp: 16.85 });
  });
});

describe('nouns that name what a property holds', () => {
  const tram = tool('tram_times', 'Departure times of a tram route from a stop.', {
    route: { type: 'string', description: 'Number or name of the tram route.' },
    stop: { type: 'string', description: 'Stop to depart from.' },
  });
  const platform = tool('platform_info', 'Which platform a train line leaves from at a station.', {
    station: { type: 'string', description: 'Station to look at.' },
    line: { type: 'string', description: 'Train line.' },
  });

  it('sends the number of "the 7 tram" without the noun its description names', () => {
    expect(callArguments(turn('When does the 7 tram leave from Oak Road?', tram))).toEqual({
      route: '7',
      stop: 'Oak Road',
    });
  });

  it('does not send a name ending in "Line" as the station when the function has a line', () => {
    const response = turn('Which platform does the Harbour Line use?', platform);
    expect(callArguments(response)?.station).toBeUndefined();
    expect(response.content).toMatch(/station/);
  });
});

describe('a number after a bound word', () => {
  const hotels = tool(
    'find_hotels',
    'Find hotels in a city.',
    {
      city: { type: 'string', description: 'City to search in.' },
      max_price: { type: 'number', description: 'Highest price a night.' },
    },
    ['city'],
  );

  it('is never a city: asks for the city instead', () => {
    const response = turn('Find me a hotel under 180', hotels);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/city/);
  });
});

describe('a bare number beside a numeric property asked for', () => {
  const poster = tool('print_poster', 'Print a poster at a size in centimetres.', {
    width: { type: 'integer', description: 'Poster width in centimetres.' },
    height: { type: 'integer', description: 'Poster height in centimetres.' },
  });

  it('asks for both when nothing ties the one number to either', () => {
    const response = turn('Print my poster at 70', poster);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/width/);
    expect(response.content).toMatch(/height/);
  });

  it('keeps the number its property is named beside, and asks only for the other', () => {
    const response = turn('Print my poster with a width of 70', poster);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/height/);
    expect(response.content).not.toMatch(/width/);
  });
});

describe("a range's ends, filled by the words that make a number a limit", () => {
  const laptops = tool(
    'find_laptops',
    'Search laptops for sale.',
    {
      brand: { type: 'string', description: 'Maker of the laptop.' },
      min_price: { type: 'number', description: 'Lowest price.' },
      max_price: { type: 'number', description: 'Highest price.' },
      memory_gb: { type: 'integer', description: 'Memory in gigabytes.' },
    },
    [],
  );
  const tours = tool(
    'find_tours',
    'Find guided tours.',
    {
      group_floor: { type: 'integer', description: 'Smallest group size.' },
      group_cap: { type: 'integer', description: 'Largest group size.' },
    },
    [],
  );

  it('"between A and B" fills both ends, the other number stays with its own property', () => {
    expect(callArguments(turn('Laptops between 600 and 900 with 16 GB of memory', laptops))).toEqual({
      min_price: 600,
      max_price: 900,
      memory_gb: 16,
    });
  });

  it('"under" fills the high end only', () => {
    expect(callArguments(turn('Laptops under 1.5k', laptops))).toEqual({ max_price: 1500 });
  });

  it('"at least" fills the low end only', () => {
    expect(callArguments(turn('Show me laptops costing at least 450', laptops))).toEqual({ min_price: 450 });
  });

  it('reads the ends from the descriptions when the names do not say', () => {
    expect(callArguments(turn('Tours for 4 to 12 people', tours))).toEqual({ group_floor: 4, group_cap: 12 });
  });
});

describe('time units and counted nouns', () => {
  const tea = tool('steep_tea', 'Start the tea timer.', {
    minutes: { type: 'integer', description: 'Steeping time in minutes.' },
  });
  const delay = tool('set_delay', 'Set the echo delay.', {
    delay: { type: 'number', description: 'Delay in seconds (s).' },
  });
  const trains = tool(
    'list_trains',
    'List departing trains.',
    {
      station: { type: 'string', description: 'Station the trains leave from.' },
      max_results: { type: 'integer', description: 'How many trains to show.', default: 5 },
    },
    ['station'],
  );

  it('"4 min" is four minutes, not a thousandth of an inch', () => {
    expect(callArguments(turn('Steep for 4 min', tea))).toEqual({ minutes: 4 });
  });

  it('still converts a prefixed time unit to the one the property counts in', () => {
    expect(callArguments(turn('Set the delay to 250 ms', delay))).toEqual({ delay: 0.25 });
  });

  it('a number before the noun a description counts ("How many trains") is that count', () => {
    expect(callArguments(turn('Show the next 4 trains at Elm Park', trains))).toEqual({
      station: 'Elm Park',
      max_results: 4,
    });
  });
});

describe('a list after a name and the request', () => {
  const flowers = tool('order_flowers', 'Order a bouquet for delivery.', {
    shop: { type: 'string', description: 'Florist that makes the bouquet.' },
    flowers: { type: 'array', items: { type: 'string' }, description: 'Flowers to put in it.' },
  });
  const sms = tool('send_sms', 'Send a text message.', {
    to: { type: 'string', description: 'Phone number.' },
    text: { type: 'string', description: 'Message to send.' },
  });

  it('takes the name without the capitalised first word and the items after the request word', () => {
    expect(callArguments(turn('Have Petalworks deliver roses, tulips, and white lilies', flowers))).toEqual({
      shop: 'Petalworks',
      flowers: ['roses', 'tulips', 'white lilies'],
    });
  });

  it('reads a list after a colon as the list, not as a name', () => {
    expect(callArguments(turn('Petalworks should deliver a bouquet: roses, tulips and lilies', flowers))).toEqual({
      shop: 'Petalworks',
      flowers: ['roses', 'tulips', 'lilies'],
    });
  });

  it('keeps the words after a colon whole for a message, and no verb with a number', () => {
    expect(callArguments(turn('Send a text message to 07700900123 saying: bring bread, eggs and milk', sms))).toEqual({
      to: '07700900123',
      text: 'bring bread, eggs and milk',
    });
  });
});

describe('a size written "A by B"', () => {
  const print = tool('print_photo', 'Print a photo.', {
    photo_id: { type: 'string', description: 'Identifier of the photo.' },
    width_cm: { type: 'number', description: 'Print width in centimetres.' },
    height_cm: { type: 'number', description: 'Print height in centimetres.' },
  });
  const crate = tool('crate_volume', 'Volume of a crate.', {
    length: { type: 'number', description: 'Length in centimetres.' },
    width: { type: 'number', description: 'Width in centimetres.' },
    height: { type: 'number', description: 'Height in centimetres.' },
  });

  it('fills width then height for a picture', () => {
    expect(callArguments(turn('Print photo Q-12 at 30 by 20', print))).toEqual({
      photo_id: 'Q-12',
      width_cm: 30,
      height_cm: 20,
    });
  });

  it('fills length, width and height in that order, each in its property unit', () => {
    expect(callArguments(turn('Volume of a 1.2 m x 80 cm x 50 cm crate', crate))).toEqual({
      length: 120,
      width: 80,
      height: 50,
    });
  });

  it('asks when the size has fewer numbers than the function has sizes', () => {
    const response = turn('Volume of a 40x30 crate', crate);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/height/);
  });
});

describe('a number written as a count of people', () => {
  const share = tool('share_cost', 'Share a cost evenly.', {
    amount: { type: 'number', description: 'Total cost to share.' },
    people: { type: 'integer', description: 'Number of people sharing the cost.' },
  });

  it('fills the property that counts people ("5 colleagues", "4 of us")', () => {
    expect(callArguments(turn('Share a 90 cost among 5 colleagues', share))).toEqual({ amount: 90, people: 5 });
    expect(callArguments(turn('Share the 64 cost, there are 4 of us', share))).toEqual({ amount: 64, people: 4 });
  });
});

describe('a number sent as text while a numeric property is empty', () => {
  const pay = tool('pay_invoice', 'Pay an invoice.', {
    invoice_ref: { type: 'string', description: 'Reference of the invoice.' },
    amount: { type: 'number', description: 'Sum to pay.' },
  });

  it('is not kept as the text: the question back names both properties', () => {
    const response = turn('Pay invoice 120.40', pay);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/invoice ref/);
    expect(response.content).toMatch(/amount/);
  });
});

describe('a free-text unit pair, settled like a currency pair', () => {
  const measure = tool('convert_measure', 'Convert an amount between units.', {
    amount: { type: 'number', description: 'Amount to convert.' },
    from_unit: { type: 'string', description: "Unit the amount is in, e.g. 'pound', 'gallon'." },
    to_unit: { type: 'string', description: "Unit wanted, e.g. 'litre', 'cm'." },
  });

  it('reads the direction words, "how many" and the amount written with a unit', () => {
    expect(callArguments(turn('How many litres is 3 gallons?', measure))).toEqual({
      amount: 3,
      from_unit: 'gallon',
      to_unit: 'litre',
    });
    expect(callArguments(turn('Convert 12 feet to cm', measure))).toEqual({
      amount: 12,
      from_unit: 'feet',
      to_unit: 'cm',
    });
  });

  it('"in" before an amount governs the amount: it is what is converted', () => {
    expect(callArguments(turn('How many ounces in 2 pounds?', measure))).toEqual({
      amount: 2,
      from_unit: 'pound',
      to_unit: 'ounces',
    });
  });

  it('leaves currencies to a currency pair: they are no units here', () => {
    expect(callArguments(turn('Convert 100 euro into USD', measure))).toBeUndefined();
  });
});

describe('a title after "called"', () => {
  const project = tool('create_project', 'Create a project.', {
    name: { type: 'string', description: 'Project name.' },
    weeks: { type: 'integer', description: 'Planned length in weeks.' },
  });

  it('runs over the lower-case words after the capitalised one, up to a function word', () => {
    expect(callArguments(turn('Create a project called Garden shed rebuild for 6 weeks', project))).toEqual({
      name: 'Garden shed rebuild',
      weeks: 6,
    });
  });

  it('stays one word when a function word follows it', () => {
    expect(callArguments(turn('Create a project named Orion for 3 weeks', project))).toEqual({
      name: 'Orion',
      weeks: 3,
    });
  });
});

describe('a name written right before an amount with a thousands comma', () => {
  it('ends before the amount', () => {
    const pay = tool('pay_supplier', 'Pay a supplier.', {
      supplier: { type: 'string', description: 'Name of the supplier.' },
      amount: { type: 'number', description: 'Amount to pay.' },
    });
    expect(callArguments(turn('Pay Copper Kiln Studio 2,400', pay))).toEqual({
      supplier: 'Copper Kiln Studio',
      amount: 2400,
    });
  });
});
