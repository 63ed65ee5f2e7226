import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { startIngestStack, type IngestStack } from '../ingest/stack';
import { startFakeOpenAI, type FakeOpenAI } from '../../support/fake-openai';
import type { HandlerFn } from '../../support/api-event';
import { bundleOf, functionDir, jsonObject } from '../../unit/functions/support';
import { createLogger } from '../../../lib/log';

const CALLER_KEY = 'sk-caller-key-fn-0123456789';

const WEATHER = {
  shortname: 'weather',
  requirements: {
    requestType: 'POST',
    inputType: 'JSON',
    inputSchema: jsonObject(
      {
        city: { type: 'string', description: 'Name of the city' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      },
      ['city'],
    ),
    outputType: 'JSON',
    outputSchema: jsonObject({ city: { type: 'string' }, temperature: { type: 'number' }, unit: { type: 'string' } }),
  },
  files: {
    'index.js': `exports.handler = async (req) => ({ city: req.body.city, temperature: req.body.unit === 'fahrenheit' ? 70 : 21, unit: req.body.unit || 'celsius' });`,
  },
};
// Functions of the kinds the issue tried as a new user would: a greeter, an adder, a thermometer.
const GREETER = {
  shortname: 'greeter',
  description: 'Greets a person by name; the greeting word can be changed with the greeting query parameter.',
  requirements: {
    requestType: 'POST',
    queryParams: [{ name: 'greeting', required: false, description: 'Word to greet with.' }],
    inputType: 'JSON',
    inputSchema: jsonObject({ name: { type: 'string', minLength: 1 } }, ['name']),
    outputType: 'JSON',
    outputSchema: jsonObject({ message: { type: 'string' } }),
  },
  files: {
    'index.js': `exports.handler = async (req) => ({ message: (req.query.greeting || 'Hello') + ', ' + req.body.name + '!' });`,
  },
};
const ADDER = {
  shortname: 'adder',
  description: 'Adds two numbers.',
  requirements: {
    requestType: 'POST',
    inputType: 'JSON',
    inputSchema: jsonObject(
      { a: { type: 'number', description: 'First number.' }, b: { type: 'number', description: 'Second number.' } },
      ['a', 'b'],
    ),
    outputType: 'JSON',
    outputSchema: jsonObject({ sum: { type: 'number' } }),
  },
  files: { 'index.js': `exports.handler = async (req) => ({ sum: req.body.a + req.body.b });` },
};
const THERMOMETER = {
  shortname: 'thermometer',
  description: 'Returns the current temperature in a city.',
  requirements: {
    requestType: 'GET',
    queryParams: [{ name: 'city', required: true, description: 'City to report on.' }],
    outputType: 'JSON',
    outputSchema: jsonObject({ city: { type: 'string' }, celsius: { type: 'number' } }),
  },
  files: { 'index.js': `exports.handler = async (req) => ({ city: req.query.city, celsius: 17.5 });` },
};
const BROKEN = {
  shortname: 'broken',
  requirements: {
    requestType: 'POST',
    inputType: 'JSON',
    inputSchema: jsonObject({ n: { type: 'integer' } }, ['n']),
    outputType: 'JSON',
    outputSchema: jsonObject({}),
  },
  files: { 'index.js': `exports.handler = async () => { throw new Error('database of the function is down'); };` },
};

let stack: IngestStack;
let fake: FakeOpenAI;
let handler: HandlerFn;
let token: string;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKeys: [CALLER_KEY] });
  stack = await startIngestStack({ env: { FNQ_OPENAI_BASE_URL: fake.baseURL } });
  const { hostingDeps } = await import('../../../lib/services/functions');
  const { deployFunction } = await import('../../../lib/functions/deploy');
  const log = createLogger({ level: 'error', sink: () => undefined });
  for (const f of [WEATHER, BROKEN, GREETER, ADDER, THERMOMETER])
    await deployFunction({ ...hostingDeps(), log }, 'acct-owner', await bundleOf(await functionDir(f)));
  handler = (await import('../../../handlers/http/query-function')).handler as HandlerFn;
  token = await stack.token('acct-asker');
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

const ask = (body: Record<string, unknown>) =>
  stack.call(handler, { method: 'POST', path: '/query-service/v1/function', token, body });
const viaOpenAI = (body: Record<string, unknown>) => ask({ ai_platform: 'openai', 'api+key': CALLER_KEY, ...body });

function recorder() {
  const seen: ChatCompletionCreateParamsNonStreaming[] = [];
  const wrap = (reply: object) => (body: ChatCompletionCreateParamsNonStreaming) => (seen.push(body), reply);
  return { seen, wrap };
}

describe('POST /query-service/v1/function with an OpenAI-compatible model', () => {
  it('gives the function as a tool, runs the call and returns the final answer with messages null', async () => {
    const { seen, wrap } = recorder();
    fake.enqueueChat(
      wrap({ toolCalls: [{ name: 'weather', arguments: { body: { city: 'Paris' } } }] }),
      wrap({ content: 'It is 21 °C in Paris.' }),
    );
    const res = await viaOpenAI({ query: 'Weather in Paris?', function: 'weather' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ answer: 'It is 21 °C in Paris.', query: 'Weather in Paris?', messages: null });
    expect(seen).toHaveLength(2);
    const tool = seen[0]!.tools![0] as unknown as {
      function: { name: string; parameters: { properties: { body: { required: string[] } } } };
    };
    expect(tool.function.name).toBe('weather');
    expect(tool.function.parameters.properties.body.required).toEqual(['city']);
    const toolMessage = seen[1]!.messages.find((m) => m.role === 'tool')!;
    expect(JSON.parse(toolMessage.content as string)).toEqual({ city: 'Paris', temperature: 21, unit: 'celsius' });
  });

  it('sends invalid arguments back once and runs the repaired call', async () => {
    const { seen, wrap } = recorder();
    fake.enqueueChat(
      wrap({ toolCalls: [{ name: 'weather', arguments: { body: { town: 'Paris' } } }] }),
      wrap({ toolCalls: [{ name: 'weather', arguments: { body: { city: 'Paris', unit: 'fahrenheit' } } }] }),
      wrap({ content: '70 °F in Paris.' }),
    );
    const res = await viaOpenAI({ query: 'Weather in Paris in fahrenheit?', function: 'weather' });
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe('70 °F in Paris.');
    expect(seen).toHaveLength(3);
    expect(seen[1]!.messages.find((m) => m.role === 'tool')!.content).toMatch(/\/body\/city.*required|required.*city/);
  });

  it('fails clearly when the arguments are invalid twice, without running the function', async () => {
    fake.enqueueChat(
      { toolCalls: [{ name: 'weather', arguments: { body: {} } }] },
      { toolCalls: [{ name: 'weather', arguments: { body: { city: 7 } } }] },
    );
    const before = fake.requests.length;
    const res = await viaOpenAI({ query: 'Weather?', function: 'weather' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ answer: '', query: 'Weather?' });
    expect((res.body.messages as string[])[0]).toMatch(
      /^ISSUE: The AI model called weather with invalid arguments, also after one repair: \/body\/city/,
    );
    expect(fake.requests.length - before).toBe(2);
  });

  it('returns the model’s question when it asks for a missing value, and calls nothing', async () => {
    fake.enqueueChat({ content: 'Which city do you want the weather for?' });
    const res = await viaOpenAI({ query: 'What is the weather like?', function: 'weather' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ answer: 'Which city do you want the weather for?', messages: null });
  });

  it('keeps a function failure’s 502 inside the query envelope', async () => {
    fake.enqueueChat({ toolCalls: [{ name: 'broken', arguments: { body: { n: 1 } } }] });
    const res = await viaOpenAI({ query: 'Run it with n 1', function: 'broken' });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ answer: '', query: 'Run it with n 1' });
    expect((res.body.messages as string[])[0]).toMatch(
      /^ISSUE: Function broken raised an error: .*database of the function is down/,
    );
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.js:\d+/);
  });

  it('answers 404 in the query envelope for an unknown function', async () => {
    const res = await viaOpenAI({ query: 'Hello', function: 'no-such-function' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ answer: '', query: 'Hello' });
  });

  it('returns JSON matching structured_output', async () => {
    const schema = {
      type: 'object',
      required: ['city', 'temperature'],
      properties: { city: { type: 'string' }, temperature: { type: 'number' } },
    };
    fake.enqueueChat(
      { toolCalls: [{ name: 'weather', arguments: { body: { city: 'Oslo' } } }] },
      { content: '{"city":"Oslo","temperature":21}' },
    );
    const res = await viaOpenAI({
      query: 'Weather in Oslo?',
      function: 'weather',
      structured_output: Buffer.from(JSON.stringify(schema)).toString('base64'),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.answer as string)).toEqual({ city: 'Oslo', temperature: 21 });
  });
});

describe('POST /query-service/v1/function on the embedded local engine', () => {
  it('extracts the arguments, runs the function and answers from its result', async () => {
    const res = await ask({ query: 'What is the weather in Paris in fahrenheit?', function: 'weather' });
    expect(res.status).toBe(200);
    expect(res.body.messages).toBeNull();
    expect(res.body.answer).toMatch(/70/);
    expect(res.body.answer).toMatch(/Paris/);
  });

  it('asks for the city when the question lacks it', async () => {
    const res = await ask({ query: 'What is the weather like today?', function: 'weather' });
    expect(res.status).toBe(200);
    expect(res.body.answer).toMatch(/city/i);
    expect(res.body.answer).not.toMatch(/21/);
  });

  it('fills a structured_output schema from the result', async () => {
    const schema = {
      type: 'object',
      required: ['city', 'temperature'],
      properties: { city: { type: 'string' }, temperature: { type: 'number' } },
    };
    const res = await ask({
      query: 'Weather in Rome?',
      function: 'weather',
      structured_output: Buffer.from(JSON.stringify(schema)).toString('base64'),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.answer as string)).toEqual({ city: 'Rome', temperature: 21 });
  });

  // The caller named the function: it is the tool the user wants (docs/heuristic-engine.md).
  it.each([
    ['Please greet Ada', 'greeter', 'Hello, Ada!'],
    ['Say hi to Grace Hopper with the greeting Howdy', 'greeter', 'Howdy, Grace Hopper!'],
    ['What is the temperature in Berlin?', 'thermometer', '17.5'],
    ['What is 19 plus 23?', 'adder', '42'],
  ])('calls the named function for %j', async (query, fn, expected) => {
    const res = await ask({ query, function: fn });
    expect(res.status).toBe(200);
    expect(res.body.answer).toContain(expected);
  });

  it('asks for the missing number by its description instead of refusing', async () => {
    const res = await ask({ query: 'Please add a=19 to another number', function: 'adder' });
    expect(res.status).toBe(200);
    expect(res.body.answer).toMatch(/second number/i);
    expect(res.body.answer).not.toMatch(/None of the available functions/);
  });

  it('declines a question that shares nothing with the named function', async () => {
    const res = await ask({ query: 'How many moons does Jupiter have?', function: 'adder' });
    expect(res.status).toBe(200);
    expect(res.body.answer).toMatch(/None of the available functions \(adder\)/);
  });
});
