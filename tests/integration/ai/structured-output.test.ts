// answerWithSchema over the chat answering turn with the real SDK and the fake server (validate, one repair
// turn, then 502), and over the heuristic engine's repair.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../lib/errors';
import { answerTurn } from '../../../lib/ai/chat-tasks/answer-turn';
import { heuristicTasks } from '../../../lib/ai/heuristic-tasks';
import { OpenAIChat } from '../../../lib/ai/openai-chat';
import type { ChatRequest } from '../../../lib/ai/ports';
import { answerWithSchema, parseStructuredOutput } from '../../../lib/ai/structured-output';
import type { AnswerFormat } from '../../../lib/ai/tasks';
import { UsageMeter } from '../../../lib/ai/usage';
import { startFakeOpenAI, type FakeOpenAI } from '../../support/fake-openai';

const schema = {
  type: 'object',
  properties: { city: { type: 'string' }, population: { type: 'integer', minimum: 0 } },
  required: ['city', 'population'],
  additionalProperties: false,
};
const structured = parseStructuredOutput(Buffer.from(JSON.stringify(schema)).toString('base64'))!;
const request: ChatRequest = {
  messages: [
    { role: 'system', content: 'Answer from the data.' },
    { role: 'user', content: 'Largest city?' },
  ],
};
let server: FakeOpenAI;
let chat: OpenAIChat;
let meter: UsageMeter;
/** The answering turn of a chat task, as the pipelines hand it to answerWithSchema. */
const answer = (format?: AnswerFormat) => answerTurn(meter.meterChat(chat), request, format);

beforeAll(async () => {
  server = await startFakeOpenAI();
  chat = new OpenAIChat({
    platform: 'openai',
    apiKey: 'sk-test',
    baseURL: server.baseURL,
    model: 'gpt-test',
    timeoutMs: 5_000,
    maxRetries: 0,
  });
});
afterAll(() => server.close());
beforeEach(() => {
  meter = new UsageMeter();
});
afterEach(() => {
  server.requests.length = 0;
});

describe('answerWithSchema', () => {
  it('returns the valid answer as compact JSON after one call with the schema attached', async () => {
    server.enqueueChat({ content: '{ "city": "Tokyo",\n  "population": 37400068 }' });

    const answered = await answerWithSchema(answer, structured);

    expect(answered.json).toBe('{"city":"Tokyo","population":37400068}');
    expect(answered.calls).toBe(1);
    expect(meter.total).toMatchObject({ calls: 1, totalTokens: expect.any(Number) });
    expect(meter.total.totalTokens).toBeGreaterThan(0);
    expect(server.chatRequests()[0]!.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'answer', schema, strict: true },
    });
  });

  it('repairs an invalid answer with one more turn that quotes the answer and its violations', async () => {
    server.enqueueChat(
      { content: '{"city":"Tokyo","population":"many"}' },
      { content: '{"city":"Tokyo","population":37400068}' },
    );

    const answered = await answerWithSchema(answer, structured);

    expect(answered).toMatchObject({ json: '{"city":"Tokyo","population":37400068}', calls: 2 });
    const sent = server.chatRequests();
    expect(sent).toHaveLength(2);
    expect(meter.total.calls).toBe(2);
    const repair = sent[1]!.messages;
    expect(repair.slice(0, 3)).toEqual([
      ...sent[0]!.messages,
      { role: 'assistant', content: '{"city":"Tokyo","population":"many"}' },
    ]);
    const prompt = repair[3]!;
    expect(prompt.role).toBe('user');
    expect(prompt.content).toContain('does not match the required JSON Schema');
    expect(prompt.content).toContain('- /population must be integer');
    expect(prompt.content).toContain(JSON.stringify(schema));
    expect(sent[1]!.response_format).toEqual(sent[0]!.response_format);
  });

  it('lets the heuristic engine repair by re-shaping the rejected answer through the schema', async () => {
    const rag = heuristicTasks(meter).ragAnswerer;
    const input = { question: 'Largest city?', passages: [] };
    // The first answer is a remote model's malformed one; the repair turn goes to the engine.
    const first = async (format?: AnswerFormat) =>
      format?.repair ? rag.answer(input, format) : '{"city":"Oslo","population":"709000"}';

    const answered = await answerWithSchema(first, structured);

    expect(answered).toEqual({ json: '{"city":"Oslo","population":709000}', calls: 2 });
    expect(meter.total.calls).toBe(1);
  });

  it('fails with 502 structured_output_invalid when the repaired answer is still invalid', async () => {
    server.enqueueChat({ content: '{"city":"Tokyo"}' }, { content: '{"city":7,"population":-1,"extra":true}' });

    const error = await answerWithSchema(answer, structured).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 502, code: 'structured_output_invalid' });
    const line = (error as ServiceError).lines()[0]!;
    expect(line).toMatch(
      /^ISSUE: The AI model's answer did not match the requested structured_output schema, also after one repair attempt: .*\. ADVICE: Retry/,
    );
    for (const violation of ['/city must be string', '/population must be >= 0', '/extra is not an accepted field'])
      expect(line).toContain(violation);
    expect(server.requests).toHaveLength(2);
  });

  it('treats an answer without text (a tool call) as invalid', async () => {
    server.enqueueChat(
      { toolCalls: [{ name: 'lookup', arguments: {} }] },
      { content: '{"city":"Lima","population":9}' },
    );

    const answered = await answerWithSchema(answer, structured);

    expect(answered.calls).toBe(2);
    expect(server.chatRequests()[1]!.messages[3]!.content).toContain('- the answer was empty');
  });
});
