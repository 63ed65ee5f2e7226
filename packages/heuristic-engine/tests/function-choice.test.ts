// Choosing among offered tools, or none (src/function-calling/tool-choice.ts, purpose.ts): the rules
// that keep a call from going to a function the question is not about, checked by
// bench/tool-args-choice.ts (unrelated functions added to the offer, the right one taken away).
// Examples are our own.
import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import { askedForHead } from '../src/function-calling/purpose';
import { readQuestion } from '../src/function-calling/question';
import { rankTools } from '../src/function-calling/tool-choice';
import { RELEVANCE_THRESHOLD } from '../src/weights';
import type { ToolDefinition } from '@fnquery/contracts';
import { tool } from './schema-builders';

const turn = (question: string, tools: ToolDefinition[]) =>
  heuristicFunctionTurn({ messages: [{ role: 'user', content: question }], tools });

const humidity = tool('trip_humidity_forecast', 'Humidity forecast for a trip destination over a number of days.', {
  location: { type: 'string', description: 'The city.' },
  days: { type: 'integer', description: 'How many days ahead.' },
});

describe('an imperative request names the thing it asks for', () => {
  it('is the object of its verb, up to a quoted value', () => {
    expect(askedForHead(readQuestion('Find the nearest ferry to Bergen.'))).toBe('ferry');
    expect(askedForHead(readQuestion('Show me a map of the old harbour.'))).toBe('map');
    expect(askedForHead(readQuestion("Check the spelling 'recieve' for errors."))).toBe('spelling');
    expect(askedForHead(readQuestion('Can you create an itinerary for Lisbon?'))).toBe('itinerary');
  });

  it('is not read from a first word that is mostly a noun, nor from a word any function returns', () => {
    expect(askedForHead(readQuestion('Book a table for four at eight.'))).toBeUndefined();
    expect(askedForHead(readQuestion('Find the details of the ferry to Bergen.'))).toBeUndefined();
  });

  it('declines a function whose values fit but which is for another thing', () => {
    const response = turn('Create an itinerary for a 4 days trip to Lisbon.', [humidity]);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/None of the available functions/);
  });

  it('calls the function the request is for', () => {
    const response = turn('Get the humidity forecast for Lisbon for the next 4 days.', [humidity]);
    expect(response.toolCalls[0]?.name).toBe('trip_humidity_forecast');
  });
});

describe('a request whose verb is only related to the function', () => {
  const forecast = tool('weather_forecast', 'Forecast of the weather for a city over some days.', {
    city: { type: 'string', description: 'The city.' },
    days: { type: 'integer', description: 'How many days ahead.' },
  });

  it('is judged by its object: "predict" is no forecast of the weather', () => {
    const response = turn('Predict the ticket sales for Lisbon over the next 3 days.', [forecast]);
    expect(response.toolCalls).toEqual([]);
  });

  it('is not judged when the function names the verb itself', () => {
    const response = turn('Forecast the weather for Lisbon over the next 3 days.', [forecast]);
    expect(response.toolCalls[0]?.name).toBe('weather_forecast');
  });
});

describe('relevance', () => {
  it('counts a word related only to a generic word of the tool ("identify" to "find") as little as that word', () => {
    const parks = tool('park_search.find', 'Search for parks by facilities and location.', {
      location: { type: 'string', description: 'City or area.' },
      facilities: { type: 'array', items: { type: 'string' }, description: 'Facilities wanted.' },
    });
    const [ranked] = rankTools([parks], readQuestion('Please identify the green shade I saw.'));
    expect(ranked!.score).toBeLessThan(RELEVANCE_THRESHOLD);
  });

  it('lets no tool below the threshold win on the values it could take', () => {
    const missions = tool('game_missions.list', 'List all missions for a certain game.', {
      game: { type: 'string', description: 'Name of the game.' },
    });
    const gap = tool('get_time_difference', 'Get the time difference between two places.', {
      place1: { type: 'string', description: 'First place.' },
      place2: { type: 'string', description: 'Second place.' },
    });
    const response = turn('Which rewards do the different missions give in Starfall on Xbox?', [missions, gap]);
    expect(response.toolCalls.map((c) => c.name)).not.toContain('get_time_difference');
  });
});

describe('a calendar day the function takes no date for', () => {
  const latest = tool('latest_exchange_rate', 'Latest exchange rate between two currencies.', {
    from_currency: { type: 'string', description: 'ISO code of the currency to convert from.' },
    to_currency: { type: 'string', description: 'ISO code of the currency to convert to.' },
  });
  const tide = tool('tide_times', 'High and low tide times for a harbour.', {
    harbour: { type: 'string', description: 'Name of the harbour.' },
  });

  it('is declined: the function answers for now, not for that day', () => {
    const response = turn('What was the exchange rate from EUR to GBP on 3 March 2021?', [tide, latest]);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/None of the available functions/);
  });

  it('is called for the present', () => {
    const response = turn('What is the exchange rate from EUR to GBP?', [tide, latest]);
    expect(response.toolCalls[0]?.name).toBe('latest_exchange_rate');
  });
});

describe('two functions the question cannot tell apart', () => {
  const ferries = (name: string) =>
    tool(name, 'Ferry times at a harbour for a day.', {
      harbour: { type: 'string', description: 'Name of the harbour.' },
      day: { type: 'string', description: 'Day of the week.' },
    });
  const offer = [ferries('ferry_times.departures'), ferries('ferry_times.arrivals')];

  it('are asked about when they fit it exactly as well, with the same values', () => {
    const response = turn('What are the ferry times at the harbour of Port Elm on Monday?', offer);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/^Both ferry_times\.departures and ferry_times\.arrivals could answer/);
  });

  it('are told apart by a word only one of them uses', () => {
    const response = turn('What are the ferry arrivals at the harbour of Port Elm on Monday?', offer);
    expect(response.toolCalls[0]?.name).toBe('ferry_times.arrivals');
  });
});
