import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { startIngestStack, type IngestStack } from '../ingest/stack';
import { startFakeOpenAI, type FakeOpenAI } from '../../support/fake-openai';
import type { HandlerFn } from '../../support/api-event';

const HANDBOOK = `# Leave

Full-time employees receive 25 days of paid vacation per year. Unused days expire at the end of March.

# Health

Dental cover starts after the probation period of six months. The company pays the full health insurance premium.

# Office

The canteen serves soup every Tuesday. Coffee is free on all floors.
`;

const CALLER_KEY = 'sk-caller-key-0123456789abcdef';
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64');

let stack: IngestStack;
let fake: FakeOpenAI;
let vectordb: HandlerFn;
let owner: string;

async function ask(body: Record<string, unknown>, token = owner) {
  return stack.call(vectordb, { method: 'POST', path: '/query-service/v1/vectordb', token, body });
}

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKeys: [CALLER_KEY] });
  stack = await startIngestStack({ env: { FNQ_OPENAI_BASE_URL: fake.baseURL, FNQ_SQL_ALLOW_LOOPBACK: 'true' } });
  vectordb = (await import('../../../handlers/http/query-vectordb')).handler as HandlerFn;
  owner = await stack.token('acct-rag');
  const up = await stack.uploadFile(owner, 'handbook', 'handbook.md', Buffer.from(HANDBOOK));
  expect(up.status).toBe(202);
  await stack.drain();
  expect((await stack.status(owner, up.body.upload_id as string)).body.status).toBe('completed');
});

afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

describe('POST /query-service/v1/vectordb', () => {
  it('answers from the collection with the local engine, citing the source', async () => {
    const res = await ask({
      query: 'How many vacation days do full-time employees get per year?',
      vector_docdb_collection: 'handbook',
    });
    expect(res.status).toBe(200);
    expect(res.body.answer).toContain('25 days of paid vacation');
    expect(res.body.answer).toContain('handbook.md');
    expect(res.body.answer).not.toContain('canteen');
    expect(res.body).toMatchObject({
      query: 'How many vacation days do full-time employees get per year?',
      messages: ['completed'],
    });
    expect(res.body.spanId).toBe(res.headers['x-span-id']);
  });

  it('searches with rag_query when given, answering the query', async () => {
    const res = await ask({
      query: 'When does it start?',
      rag_query: 'dental cover probation period',
      vector_docdb_collection: 'handbook',
    });
    expect(res.status).toBe(200);
    expect(res.body.query).toBe('When does it start?');
    expect(res.body.answer).not.toContain('canteen');
    // The answer step judges the hits by the rag_query too: without it, the vague question finds nothing.
    expect(res.body.answer).toContain('Dental cover starts after the probation period');
    const vague = { query: 'How long must I wait?', vector_docdb_collection: 'handbook' };
    expect((await ask(vague)).body.answer).toMatch(/Nothing relevant was found/);
    expect((await ask({ ...vague, rag_query: 'dental cover probation period' })).body.answer).toContain(
      'Dental cover starts after the probation period',
    );
  });

  it('says nothing relevant was found rather than inventing an answer', async () => {
    const res = await ask({
      query: 'What is the boiling point of mercury in kelvin?',
      vector_docdb_collection: 'handbook',
    });
    expect(res.status).toBe(200);
    expect(res.body.answer).toMatch(/Nothing relevant was found/);
  });

  it('returns JSON matching a structured_output schema', async () => {
    const schema = {
      type: 'object',
      required: ['answer', 'sources'],
      properties: { answer: { type: 'string' }, sources: { type: 'array', items: { type: 'string' } } },
    };
    const res = await ask({
      query: 'When does dental cover start?',
      vector_docdb_collection: 'handbook',
      structured_output: b64(schema),
    });
    expect(res.status).toBe(200);
    const json = JSON.parse(res.body.answer as string);
    expect(json.answer).toContain('six months');
    expect(json.sources[0]).toContain('handbook.md');
  });

  it('answers 404 in the query envelope for an unknown collection and for another account', async () => {
    for (const token of [owner, await stack.token('acct-other')]) {
      const res = await ask(
        { query: 'vacation?', vector_docdb_collection: token === owner ? 'nope' : 'handbook' },
        token,
      );
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ answer: '', query: 'vacation?' });
      expect((res.body.messages as string[]).at(-1)).toBe('failed');
    }
  });

  it('refuses bad input with 400 before any work', async () => {
    const cases = [
      { query: 'x', vector_docdb_collection: 'bad name!' },
      { query: 'x', vector_docdb_collection: 'handbook', structured_output: 'not base64 at all!!' },
      { query: 'x', vector_docdb_collection: 'handbook', ai_platform: 'openai' },
      { query: 'x', vector_docdb_collection: 'handbook', ai_platform: 'claude' },
      { query: '', vector_docdb_collection: 'handbook' },
      { query: 'x', vector_docdb_collection: 'handbook', ragquery: 'typo' },
    ];
    const before = fake.requests.length;
    for (const body of cases) {
      const res = await ask(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body.messages as string[])[0]).toMatch(/^ISSUE: /);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('answers through OpenAI with the caller key, embedding with the collection’s own embedder', async () => {
    const seen: ChatCompletionCreateParamsNonStreaming[] = [];
    fake.enqueueChat((body) => {
      seen.push(body);
      return { content: 'Full-time staff get 25 vacation days a year [1].' };
    });
    const before = fake.requests.length;
    const res = await ask({
      query: 'How many vacation days?',
      vector_docdb_collection: 'handbook',
      ai_platform: 'openai',
      'api+key': CALLER_KEY,
    });
    expect(res.status).toBe(200);
    expect(res.body.answer).toBe('Full-time staff get 25 vacation days a year [1].');
    const sent = fake.requests.slice(before);
    // One chat call; no embedding call: the collection was filled by the local embedder.
    expect(sent.map((r) => r.path)).toEqual(['/v1/chat/completions']);
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${CALLER_KEY}`);
    const user = seen[0]!.messages.find((m) => m.role === 'user')!.content as string;
    expect(user).toContain('25 days of paid vacation');
    expect(user).toContain('source: handbook.md');
    expect(user).toContain('Question: How many vacation days?');
  });

  it('maps a rejected caller key to 400 without echoing it', async () => {
    const res = await ask({
      query: 'vacation?',
      vector_docdb_collection: 'handbook',
      ai_platform: 'openai',
      'api+key': 'sk-wrong-key-000000000000',
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toContain('sk-wrong-key');
  });

  it('repairs an invalid structured answer once, then fails clearly', async () => {
    const schema = {
      type: 'object',
      required: ['days'],
      properties: { days: { type: 'integer' } },
      additionalProperties: false,
    };
    fake.enqueueChat({ content: '{"days": "many"}' }, { content: '{"days": 25}' });
    const repaired = await ask({
      query: 'How many vacation days?',
      vector_docdb_collection: 'handbook',
      ai_platform: 'openai',
      'api+key': CALLER_KEY,
      structured_output: b64(schema),
    });
    expect(repaired.status).toBe(200);
    expect(JSON.parse(repaired.body.answer as string)).toEqual({ days: 25 });

    fake.enqueueChat({ content: '{"days": "many"}' }, { content: 'twenty-five' });
    const failed = await ask({
      query: 'How many vacation days?',
      vector_docdb_collection: 'handbook',
      ai_platform: 'openai',
      'api+key': CALLER_KEY,
      structured_output: b64(schema),
    });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ answer: '', query: 'How many vacation days?' });
    expect((failed.body.messages as string[]).at(-1)).toBe('failed');
  });

  it('notes that a collection is still ingesting and answers from what is embedded', async () => {
    const up = await stack.uploadFile(
      owner,
      'handbook',
      'later.txt',
      Buffer.from('Parking spaces are assigned by the facilities team every January.'),
    );
    expect(up.status).toBe(202);
    const res = await ask({ query: 'How many vacation days?', vector_docdb_collection: 'handbook' });
    expect(res.status).toBe(200);
    expect((res.body.messages as string[])[0]).toMatch(/^NOTE: 1 upload\(s\) in handbook are still being embedded/);
    expect((res.body.messages as string[]).at(-1)).toBe('completed');
    await stack.drain();
  });
});

describe('privacy of structured-output failures', () => {
  it('never quotes the model answer in the error (which is logged)', async () => {
    const schema = { type: 'object', required: ['days'], properties: { days: { type: 'integer' } } };
    fake.enqueueChat({ content: 'secret-answer-text-one' }, { content: 'secret-answer-text-two' });
    const res = await ask({
      query: 'How many vacation days?',
      vector_docdb_collection: 'handbook',
      ai_platform: 'openai',
      'api+key': CALLER_KEY,
      structured_output: b64(schema),
    });
    expect(res.status).toBe(502);
    expect(JSON.stringify(res.body)).not.toMatch(/secret-answer-text/);
  });
});

describe('the caller’s own MongoDB Atlas store', () => {
  it('refuses a malformed connection string with 400 and never echoes it', async () => {
    const res = await ask({
      query: 'q',
      vector_docdb_collection: 'docs',
      vector_docdb_database: 'app',
      vector_docdb_connection_string: 'mongodb://app:Sup3rS3cret@',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ answer: '', query: 'q' });
    expect(JSON.stringify(res.body)).not.toContain('Sup3rS3cret');
  });

  it('answers 502 when the store cannot be reached, without the secret', async () => {
    const { freePort } = await import('../../../local/emulators');
    const dsn = `mongodb://app:Sup3rS3cret@127.0.0.1:${await freePort()}/app?serverSelectionTimeoutMS=500`;
    const res = await ask({ query: 'q', vector_docdb_collection: 'docs', vector_docdb_connection_string: dsn });
    expect(res.status).toBe(502);
    expect(JSON.stringify(res.body)).not.toContain('Sup3rS3cret');
  }, 20_000);

  it('needs a database name from the field or the connection string', async () => {
    const res = await ask({
      query: 'q',
      vector_docdb_collection: 'docs',
      vector_docdb_connection_string: 'mongodb://127.0.0.1:1',
    });
    expect(res.status).toBe(400);
    expect((res.body.messages as string[])[0]).toMatch(/No database was named/);
  });
});
