// OpenAIChat through the real openai SDK against the local fake server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OpenAIChat } from '../../../lib/ai/openai-chat';
import type { OpenAIAdapterOptions } from '../../../lib/ai/openai-options';
import type { ChatMessage, ToolDefinition } from '../../../lib/ai/ports';
import { startFakeOpenAI, type FakeOpenAI } from '../../support/fake-openai';

const KEY = 'sk-proj-fnqCallerKey000000000000Zq9X';
let server: FakeOpenAI;

beforeAll(async () => {
  server = await startFakeOpenAI();
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

const chatModel = (overrides: Partial<OpenAIAdapterOptions> = {}) =>
  new OpenAIChat({
    platform: 'openai',
    apiKey: KEY,
    baseURL: server.baseURL,
    model: 'gpt-test',
    timeoutMs: 5_000,
    maxRetries: 2,
    retryBaseDelayMs: 5,
    ...overrides,
  });

const weather: ToolDefinition = {
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('OpenAIChat', () => {
  it('round-trips a tool call: sends tools, maps the call back, then sends the tool result', async () => {
    server.enqueueChat({ toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }] });
    const model = chatModel();
    const question: ChatMessage = { role: 'user', content: 'Weather in Paris?' };

    const first = await model.chat({ messages: [question], tools: [weather], toolChoice: 'auto' });

    expect(first.toolCalls).toEqual([{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }]);
    expect(first.content).toBeNull();
    expect(first.usage.totalTokens).toBe(first.usage.promptTokens + first.usage.completionTokens);
    expect(first.usage.promptTokens).toBeGreaterThan(0);
    const sent = server.chatRequests()[0]!;
    expect(sent.model).toBe('gpt-test');
    expect(sent.tools).toEqual([{ type: 'function', function: weather }]);
    expect(sent.tool_choice).toBe('auto');
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);

    const second = await model.chat({
      messages: [
        question,
        { role: 'assistant', content: null, toolCalls: first.toolCalls },
        { role: 'tool', toolCallId: 'call_1', content: '{"tempC":21}' },
      ],
      tools: [weather],
    });

    expect(second.content).toBe('Result: {"tempC":21}');
    expect(second.toolCalls).toEqual([]);
    expect(server.chatRequests()[1]!.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"tempC":21}' },
    ]);
  });

  it('sends a named tool choice in the platform form', async () => {
    const response = await chatModel().chat({
      messages: [{ role: 'user', content: 'Paris' }],
      tools: [weather],
      toolChoice: { name: 'get_weather' },
    });

    expect(server.chatRequests()[0]!.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
    expect(response.toolCalls[0]!.name).toBe('get_weather');
  });

  it('sends neither tools nor an empty tool_calls list when there are none', async () => {
    await chatModel().chat({
      messages: [
        { role: 'assistant', content: 'Hi', toolCalls: [] },
        { role: 'user', content: 'Hello' },
      ],
    });

    const sent = server.chatRequests()[0]!;
    expect(sent).not.toHaveProperty('tools');
    expect(sent).not.toHaveProperty('tool_choice');
    expect(sent.messages[0]).toEqual({ role: 'assistant', content: 'Hi' });
  });

  it('sends a strict json_schema response format when the schema allows strict mode', async () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'integer' } },
      required: ['name', 'age'],
      additionalProperties: false,
    };

    const response = await chatModel().chat({
      messages: [{ role: 'user', content: 'Who?' }],
      responseFormat: { name: 'answer', schema },
    });

    const { $schema: _omitted, ...sentSchema } = schema;
    expect(server.chatRequests()[0]!.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'answer', schema: sentSchema, strict: true },
    });
    expect(JSON.parse(response.content!)).toEqual({ name: 'text', age: 0 });
  });

  it('sends strict: false for a schema outside strict mode (open object)', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } } };

    await chatModel().chat({
      messages: [{ role: 'user', content: 'Who?' }],
      responseFormat: { name: 'answer', schema },
    });

    expect(server.chatRequests()[0]!.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'answer', schema, strict: false },
    });
  });

  it('identifies itself by platform and model, never by key', () => {
    expect(chatModel().id).toBe('openai:gpt-test');
  });
});
