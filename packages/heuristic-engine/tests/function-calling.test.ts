import { describe, expect, it } from 'vitest';
import { heuristicFunctionTurn } from '../src/function-calling';
import { LOCAL_MODEL_ID } from '../src/reply';
import type { ToolDefinition } from '@fnquery/contracts';
import type { ChatRequest, ChatResponse } from '../src/turn';
import { schemaChecker } from '../bench/schema-check';
import { tool } from './schema-builders';

const ask = (question: string, tools: ToolDefinition[], extra: Partial<ChatRequest> = {}): ChatResponse =>
  heuristicFunctionTurn({
    messages: [{ role: 'user', content: question }],
    tools,
    hint: { kind: 'function', question },
    ...extra,
  });

const argumentsOf = (response: ChatResponse) => {
  expect(response.toolCalls).toHaveLength(1);
  return JSON.parse(response.toolCalls[0]!.arguments) as unknown;
};

const weather = tool(
  'weather',
  'Current weather for a city.',
  {
    city: { type: 'string', description: 'The name of the city to look up.' },
    include_humidity: { type: 'boolean' },
    include_wind: { type: 'boolean' },
  },
  ['city'],
);
const convertCurrency = tool('convert_currency', 'Convert an amount of money from one currency to another.', {
  amount: { type: 'number' },
  from_currency: { type: 'string' },
  to_currency: { type: 'string' },
});
const translate = tool('translate', 'Translate text into another language.', {
  text: { type: 'string', description: 'Text to translate.' },
  target_language: { type: 'string', description: 'Language to translate into.' },
});

describe('heuristicFunctionTurn: arguments read from the question by the schema', () => {
  it.each<[string, string, ToolDefinition, unknown]>([
    [
      'numbers with units',
      'How long does a 5 km walk take carrying 3.5 kg?',
      tool('walk_time', 'Estimate walking time.', {
        distance_km: { type: 'number' },
        load: { type: 'number', description: 'Carried weight in kg.' },
      }),
      { distance_km: 5, load: 3.5 },
    ],
    [
      'money and a percentage as a decimal',
      'Split a $20 bill with a 20% tip.',
      tool('split_bill', 'Split a bill.', {
        amount: { type: 'number', description: 'Bill amount in dollars.' },
        tip_rate: { type: 'number', description: 'Tip rate as a decimal.' },
      }),
      { amount: 20, tip_rate: 0.2 },
    ],
    [
      'a percentage where the schema wants one',
      'Grow $1000 at 5% per year.',
      tool('grow', 'Compound growth.', {
        principal: { type: 'integer' },
        rate_percent: { type: 'number', description: 'Yearly rate as a percentage.' },
      }),
      { principal: 1000, rate_percent: 5 },
    ],
    [
      'a quoted string and a name',
      "Translate 'good morning' into German.",
      translate,
      { text: 'good morning', target_language: 'German' },
    ],
    [
      'name=value',
      'Resize the photo with width=800 and height=600',
      tool('resize', 'Resize an image.', { width: { type: 'integer' }, height: { type: 'integer' } }),
      { width: 800, height: 600 },
    ],
    [
      '"name is value" and "name of value"',
      'Book a table where the party size is 4 at the time of 7pm',
      tool('book_table', 'Book a table.', { party_size: { type: 'integer' }, time: { type: 'string' } }),
      { party_size: 4, time: '7pm' },
    ],
    [
      '"with name value" and an enum in another case',
      'Create a user with name Alice and role editor',
      tool('create_user', 'Create an account.', {
        name: { type: 'string' },
        role: { type: 'string', enum: ['Admin', 'Editor', 'Viewer'] },
      }),
      { name: 'Alice', role: 'Editor' },
    ],
    [
      'an enum named by another form of its word',
      'Show 3 reports in detail',
      tool('reports', 'List reports.', {
        count: { type: 'integer' },
        level: { type: 'string', enum: ['summary', 'detailed'] },
      }),
      { count: 3, level: 'detailed' },
    ],
    [
      'a bracketed list',
      'Sort [5, 3, 9] in descending order',
      tool('sort_numbers', 'Sort numbers.', {
        numbers: { type: 'array', items: { type: 'number' } },
        order: { type: 'string', enum: ['ascending', 'descending'] },
      }),
      { numbers: [5, 3, 9], order: 'descending' },
    ],
    [
      'a list in prose',
      'Average the scores 85, 90 and 78',
      tool('average', 'Average of numbers.', { scores: { type: 'array', items: { type: 'integer' } } }),
      { scores: [85, 90, 78] },
    ],
    [
      'a list of names',
      'Compare the stocks Apple, Microsoft and Google',
      tool('compare_stocks', 'Compare stocks.', { companies: { type: 'array', items: { type: 'string' } } }),
      { companies: ['Apple', 'Microsoft', 'Google'] },
    ],
    [
      'booleans from "including" and "without"',
      'Get the weather in Paris including the humidity but without wind',
      weather,
      { city: 'Paris', include_humidity: true, include_wind: false },
    ],
    [
      'a boolean written as false',
      'Set verbose to false for job 12',
      tool('configure_job', 'Configure a job.', { job_id: { type: 'integer' }, verbose: { type: 'boolean' } }),
      { job_id: 12, verbose: false },
    ],
    [
      'date and e-mail formats',
      'Schedule the review on March 3, 2025 and send it to ana@example.org',
      tool('schedule', 'Schedule a review.', {
        date: { type: 'string', format: 'date' },
        email: { type: 'string', format: 'email' },
      }),
      { date: '2025-03-03', email: 'ana@example.org' },
    ],
    [
      'uri and date-time formats',
      'Archive https://example.com/page on 2025-05-06',
      tool('archive', 'Archive a web page.', {
        url: { type: 'string', format: 'uri' },
        at: { type: 'string', format: 'date-time' },
      }),
      { url: 'https://example.com/page', at: '2025-05-06T00:00:00Z' },
    ],
    [
      'a date in the layout the description asks for',
      'Check the record of someone born 1990-07-04',
      tool('check_record', 'Check a record.', {
        birth_date: { type: 'string', description: 'Birth date in MM-DD-YYYY format.' },
      }),
      { birth_date: '07-04-1990' },
    ],
    [
      'start and end from prepositions',
      'Find flights from Boston to Denver',
      tool('find_flights', 'Search flights.', { origin: { type: 'string' }, destination: { type: 'string' } }),
      { origin: 'Boston', destination: 'Denver' },
    ],
    [
      'a schema default for a required value the question leaves out',
      'What is the weather forecast for Oslo?',
      tool('forecast', 'Weather forecast.', {
        city: { type: 'string' },
        units: { type: 'string', enum: ['metric', 'imperial'], default: 'metric' },
      }),
      { city: 'Oslo', units: 'metric' },
    ],
    [
      'spelled numbers and scale words',
      'Plan for three teams and a budget of 2.5 million',
      tool('plan', 'Plan a project.', { teams: { type: 'integer' }, budget: { type: 'integer' } }),
      { teams: 3, budget: 2_500_000 },
    ],
    [
      'values listed for properties listed before them',
      'A triangle with base and height as 7cm and 3cm',
      tool('triangle_area', 'Area of a triangle.', { base: { type: 'number' }, height: { type: 'number' } }),
      { base: 7, height: 3 },
    ],
    [
      'free key: value pairs for an open object',
      "Update user 42 with 'name':'Ann', 'city':'Rome'",
      tool('update_user', 'Update a user.', { user_id: { type: 'integer' }, changes: { type: 'object' } }),
      { user_id: 42, changes: { name: 'Ann', city: 'Rome' } },
    ],
    [
      'nested objects',
      'Paint a fence with width of 30 and height of 2',
      tool('paint', 'Paint needed for a wall.', {
        area: {
          type: 'object',
          properties: { width: { type: 'integer' }, height: { type: 'integer' } },
          required: ['width', 'height'],
        },
      }),
      { area: { width: 30, height: 2 } },
    ],
  ])('%s', (_, question, definition, expected) => {
    expect(argumentsOf(ask(question, [definition]))).toEqual(expected);
  });

  it('uses a mention once, unless the question repeats the value', () => {
    const pair = tool('pair', 'Make a pair.', { first: { type: 'integer' }, second: { type: 'integer' } });
    expect(ask('Pair 7 with something', [pair]).toolCalls).toEqual([]);
    expect(argumentsOf(ask('Pair 7 with 7', [pair]))).toEqual({ first: 7, second: 7 });
  });
});

describe('heuristicFunctionTurn: no call', () => {
  it('asks for a missing required value in plain words, naming it and what it means', () => {
    const response = ask('What is the weather like today?', [weather]);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toBe(
      'To answer this I need the city (the name of the city to look up). Which city do you mean?',
    );
  });

  it('asks for several missing values at once', () => {
    const response = ask('Convert some money please', [convertCurrency]);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toContain('the amount, the from currency and the to currency');
  });

  it('answers in text when no offered function is about the question', () => {
    const response = ask('Who wrote Hamlet?', [weather, convertCurrency]);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toContain('None of the available functions (weather, convert_currency)');
  });

  it('calls nothing with toolChoice none, and the named tool when one is forced', () => {
    expect(ask('Weather in Paris', [weather], { toolChoice: 'none' }).toolCalls).toEqual([]);
    const forced = ask("Translate 'hello' to French", [weather, translate], { toolChoice: { name: 'translate' } });
    expect(forced.toolCalls[0]!.name).toBe('translate');
  });
});

describe('heuristicFunctionTurn: choosing among tools', () => {
  it.each([
    ['What is the weather in Lisbon?', 'weather'],
    ['Convert 100 euros to dollars', 'convert_currency'],
    ["Translate 'thank you' into Japanese", 'translate'],
  ])('%s → %s', (question, name) => {
    expect(ask(question, [weather, convertCurrency, translate]).toolCalls[0]!.name).toBe(name);
  });
});

describe('heuristicFunctionTurn: answering from the result', () => {
  const question = 'What is the weather and humidity in Paris?';
  const result = { temperature_c: 21, humidity: 40, wind_kph: 12, station: 'Orly' };
  const call = { id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' };
  const withResult = (value: unknown, extra: Partial<ChatRequest> = {}): ChatResponse =>
    heuristicFunctionTurn({
      messages: [
        { role: 'user', content: question },
        { role: 'assistant', content: null, toolCalls: [call] },
        { role: 'tool', toolCallId: 'call_1', content: JSON.stringify(value) },
      ],
      tools: [weather],
      hint: { kind: 'function', question, result: value },
      ...extra,
    });

  it('takes two turns on the happy path: the call, then the answer from its result', () => {
    const first = ask(question, [weather]);
    const second = heuristicFunctionTurn({
      messages: [
        { role: 'user', content: question },
        { role: 'assistant', content: null, toolCalls: first.toolCalls },
        { role: 'tool', toolCallId: first.toolCalls[0]!.id, content: JSON.stringify(result) },
      ],
      tools: [weather],
      hint: { kind: 'function', question, result },
    });
    expect(argumentsOf(first)).toEqual({ city: 'Paris', include_humidity: true });
    expect(second.toolCalls).toEqual([]);
    expect(second.content).toContain('Humidity: 40.');
  });

  it('states the key facts of an object, those the question asks about first', () => {
    const response = withResult(result);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toBe(
      'According to weather: Humidity: 40. Temperature c: 21. Wind kph: 12. Station: Orly.',
    );
  });

  it('reads the result from the tool message when the hint has none', () => {
    const response = heuristicFunctionTurn({
      messages: [
        { role: 'user', content: question },
        { role: 'assistant', content: null, toolCalls: [call] },
        { role: 'tool', toolCallId: 'call_1', content: JSON.stringify(result) },
      ],
      tools: [weather],
    });
    expect(response.content).toContain('Humidity: 40.');
  });

  it('summarises arrays by count and first items, and states single values with the question', () => {
    expect(
      withResult([
        { name: 'A', price: 3 },
        { name: 'B', price: 4 },
        { name: 'C', price: 5 },
        { name: 'D', price: 6 },
      ]).content,
    ).toBe(
      'Weather returned 4 results; the first 3: 1) name: A, price: 3; 2) name: B, price: 4; 3) name: C, price: 5.',
    );
    expect(withResult(42).content).toBe(
      'According to weather, the answer to "What is the weather and humidity in Paris?" is 42.',
    );
  });

  it('answers in JSON that matches a structured-output schema', () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string' },
        relative_humidity: { type: 'integer' },
        summary: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['city', 'relative_humidity', 'summary', 'tags'],
      additionalProperties: false,
    };
    const response = withResult({ ...result, humidity: 40.4 }, { responseFormat: { name: 'answer', schema } });
    const answer = JSON.parse(response.content!) as Record<string, unknown>;
    expect(schemaChecker().compile(schema)(answer)).toBe(true);
    expect(answer).toMatchObject({ city: 'Paris', relative_humidity: 40, tags: [] });
    expect(answer.summary).toContain('Humidity: 40.4');
  });

  it('leaves out a required value nothing fills when its type has no empty value, so validation reports it', () => {
    const schema = { type: 'object', properties: { pressure_hpa: { type: 'number' } }, required: ['pressure_hpa'] };
    const answer = JSON.parse(withResult(result, { responseFormat: { name: 'answer', schema } }).content!) as unknown;
    expect(answer).toEqual({});
    expect(schemaChecker().compile(schema)(answer)).toBe(false);
  });
});

describe('heuristicFunctionTurn: model and usage', () => {
  it('reports model "local", word counts as tokens, and is deterministic', () => {
    const request: ChatRequest = {
      messages: [{ role: 'user', content: 'Weather in Rome' }],
      tools: [weather],
      hint: { kind: 'function', question: 'Weather in Rome' },
    };
    const response = heuristicFunctionTurn(request);
    expect(response.model).toBe(LOCAL_MODEL_ID);
    expect(LOCAL_MODEL_ID).toBe('local');
    expect(response.usage.promptTokens).toBeGreaterThan(3);
    expect(response.usage.completionTokens).toBeGreaterThan(0);
    expect(response.usage.totalTokens).toBe(response.usage.promptTokens + response.usage.completionTokens);
    expect(heuristicFunctionTurn(request)).toEqual(response);
  });
});

describe('heuristicFunctionTurn: the one function the caller named', () => {
  const named = (question: string, t: ToolDefinition) =>
    ask(question, [t], { toolChoice: 'auto', hint: { kind: 'function', question, named: true } });
  const parcel = tool('track_parcel', 'Looks up a parcel.', {
    tracking_number: { type: 'string', pattern: '^[A-Z]{2}[0-9]{9}[A-Z]{2}$', description: 'Tracking number.' },
  });
  const adder = tool('add', 'Adds two numbers.', {
    a: { type: 'number', description: 'First number.' },
    b: { type: 'number', description: 'Second number.' },
  });

  it('calls it on a value only its pattern recognises, and takes no value that breaks the pattern', () => {
    expect(argumentsOf(named('Status of RR123456785CH please', parcel))).toEqual({ tracking_number: 'RR123456785CH' });
    const response = named('Where is tracking number RR12 now?', parcel);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/tracking number/i);
  });

  it('calls it when every required value is of a kind its schema pins down, with no shared word', () => {
    expect(argumentsOf(named('What is 19 plus 23?', adder))).toEqual({ a: 19, b: 23 });
  });

  it('asks for the missing value by its description rather than declining', () => {
    const response = named('Please add a=19 to another number', adder);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/the b \(second number\)/);
  });

  it('declines only a question that shares nothing with it', () => {
    expect(named('How many moons does Jupiter have?', adder).content).toMatch(
      /None of the available functions \(add\)/,
    );
    // Unnamed (a model choosing among offered tools), the same weak match is not enough.
    const hello = tool('hello', 'Greets a person.', { name: { type: 'string' } });
    expect(ask('Please greet Ada', [hello]).toolCalls).toEqual([]);
    expect(argumentsOf(named('Please greet Ada', hello))).toEqual({ name: 'Ada' });
  });

  it('finds it from words related in meaning, not only the same words (general English, ../lexicon)', () => {
    const greet = tool('greet', 'Greets a person by name.', { name: { type: 'string', description: 'Who to greet.' } });
    expect(argumentsOf(named('Say hello to Linus', greet))).toEqual({ name: 'Linus' });
    const asked = named('Where is my package?', parcel);
    expect(asked.toolCalls).toEqual([]);
    expect(asked.content).toMatch(/^To answer this I need the tracking number/);
    // Still declined: nothing in it relates to greeting anyone.
    expect(named('How many moons does Jupiter have?', greet).content).toMatch(
      /None of the available functions \(greet\)/,
    );
  });

  it('gives a property with a format only text the format accepts, and asks for it otherwise', () => {
    const booking = tool('book_table', 'Reserves a table at a restaurant.', {
      restaurant: { type: 'string', description: 'Name of the restaurant.' },
      date: { type: 'string', format: 'date', description: 'Day of the reservation.' },
      time: { type: 'string', format: 'time', description: 'Arrival time.' },
      party_size: { type: 'integer', description: 'Number of guests.' },
    });
    const response = named('Book The Golden Fork for two guests.', booking);
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toMatch(/the date \(day of the reservation\) and the time \(arrival time\)/);
    expect(argumentsOf(named('Book The Golden Fork for two guests on 2026-05-02 at 19:30.', booking))).toEqual({
      restaurant: 'The Golden Fork',
      date: '2026-05-02',
      time: '19:30:00',
      party_size: 2,
    });
  });

  it("keeps a possessive that ends the phrase (a business), drops one before a noun, and starts no name at a sentence's -ing word", () => {
    const place = tool('reserve', 'Reserves a table.', {
      restaurant: { type: 'string', description: 'Name of the restaurant.' },
    });
    expect(argumentsOf(named("Reserve a table at Luigi's for six", place))).toEqual({ restaurant: "Luigi's" });
    const party = tool('plan_party', 'Plans a party.', {
      person: { type: 'string', description: 'Whose party it is.' },
    });
    expect(argumentsOf(named("Please plan Ada's birthday party", party))).toEqual({ person: 'Ada' });
    const route = tool('plan_route', 'Plans a route.', {
      origin: { type: 'string', description: 'Where to start.' },
      destination: { type: 'string', description: 'Where to go.' },
    });
    expect(argumentsOf(named('Leaving Oslo in the morning, take me to Bergen.', route))).toEqual({
      origin: 'Oslo',
      destination: 'Bergen',
    });
  });

  it("takes the property's own words off the front of a name: they are its cue, not its value", () => {
    const stock = tool('stock_check', 'Checks the stock of a warehouse.', {
      warehouse_code: { type: 'string', description: 'Warehouse identifier.' },
    });
    expect(argumentsOf(named('How full is warehouse Code W778 today?', stock))).toEqual({ warehouse_code: 'W778' });
  });

  it('takes a written token its pattern accepts whole, sign included, but never a plain word by pattern alone', () => {
    const sms = tool('send_sms', 'Sends a text message.', {
      phone: { type: 'string', pattern: '^\\+[0-9]{8,15}$', description: 'Number in international form.' },
      message: { type: 'string', description: 'Text to send.' },
    });
    expect(argumentsOf(named("Send 'Back at 6' to +4930123456789", sms))).toEqual({
      phone: '+4930123456789',
      message: 'Back at 6',
    });
    const signup = tool('sign_up', 'Creates an account.', {
      login: { type: 'string', pattern: '^[a-z0-9_]{3,16}$', description: 'Login name.' },
    });
    expect(named('Create an account for me', signup).toolCalls).toEqual([]);
  });

  it('reads what a message says from "saying …" or a colon, to the end of the sentence', () => {
    const sms = tool('send_sms', 'Sends a text message.', {
      phone: { type: 'string', pattern: '^\\+[0-9]{8,15}$', description: 'Number in international form.' },
      message: { type: 'string', description: 'Text to send.' },
    });
    expect(argumentsOf(named('Text +4930123456789 saying the train is 20 minutes late.', sms))).toEqual({
      phone: '+4930123456789',
      message: 'the train is 20 minutes late',
    });
    const ticket = tool('file_bug', 'Files a bug report.', {
      summary: { type: 'string', description: 'One line about the bug.' },
    });
    expect(argumentsOf(named('File a bug: export button does nothing on page 3', ticket))).toEqual({
      summary: 'export button does nothing on page 3',
    });
  });

  it('converts a duration to the time unit the property counts in', () => {
    const rent = tool('rent_boat', 'Rents a boat.', {
      days: { type: 'integer', description: 'Number of rental days.' },
    });
    expect(argumentsOf(named('Rent a boat for 3 weeks', rent))).toEqual({ days: 21 });
    const timer = tool('timer', 'Starts a timer.', { seconds: { type: 'integer', description: 'Length in seconds.' } });
    expect(argumentsOf(named('Start a timer for 2 minutes', timer))).toEqual({ seconds: 120 });
  });

  it('reads "a week" and "half an hour" as amounts of their unit', () => {
    const rent = tool('rent_boat', 'Rents a boat.', {
      days: { type: 'integer', description: 'Number of rental days.' },
    });
    expect(argumentsOf(named('Rent a boat for a week', rent))).toEqual({ days: 7 });
    const pump = tool('run_pump', 'Runs the pool pump.', {
      minutes: { type: 'integer', description: 'How long, in minutes.' },
    });
    expect(argumentsOf(named('Run the pool pump for half an hour', pump))).toEqual({ minutes: 30 });
  });

  it('keeps a possessive inside a capitalised name, a house number with its street, and reads no quantifier as a value', () => {
    const event = tool('add_event', 'Adds an event.', { title: { type: 'string', description: 'Event title.' } });
    expect(argumentsOf(named("Add Dad's Retirement Party to the calendar", event))).toEqual({
      title: "Dad's Retirement Party",
    });
    const courier = tool('courier_pickup', 'Orders a courier pickup.', {
      pickup_address: { type: 'string', description: 'Where to collect.' },
    });
    expect(argumentsOf(named('Send a courier to 221B Harbour Road', courier))).toEqual({
      pickup_address: '221B Harbour Road',
    });
    const album = tool('album_add', 'Adds photos to an album.', {
      album: { type: 'string', description: 'Album name.' },
    });
    expect(named('Put some photos in an album', album).toolCalls).toEqual([]);
  });

  it("sets a boolean where the question writes its description's words together, unless negated", () => {
    const meeting = tool(
      'book_meeting',
      'Books a meeting.',
      {
        title: { type: 'string', description: 'Title.' },
        remote: { type: 'boolean', description: 'Whether it is held as a video call.' },
      },
      ['title'],
    );
    expect(argumentsOf(named('Book a video call named Roadmap Review', meeting))).toEqual({
      title: 'Roadmap Review',
      remote: true,
    });
    expect(argumentsOf(named('Book Roadmap Review, not a video call', meeting))).toMatchObject({ remote: false });
  });

  it('keeps an ISO date-time whole for a date-time property', () => {
    const trip = tool('trip', 'Plans a trip.', {
      destination: { type: 'string' },
      departure: { type: 'string', format: 'date-time' },
    });
    expect(argumentsOf(named('Go to Bergen at 2026-07-01T09:00:00Z', trip))).toEqual({
      destination: 'Bergen',
      departure: '2026-07-01T09:00:00Z',
    });
  });
});
