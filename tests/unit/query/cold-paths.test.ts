// What a first query loads. Ajv and RE2 (the structured_output schema's compiler) load only for a query
// that carries a schema, and the OpenAI SDK only when a model of an OpenAI-compatible platform is asked:
// a cold start of a plain query parses neither (bench/cold-start.ts measures it). Each case runs in a
// fresh process, and each absence has its control: the same check sees the part when the path needs it.
import { describe, expect, it } from 'vitest';
import { modulesLoadedBy } from '../../support/loaded-modules';

const PARTS = {
  ajv: /^node_modules\/ajv\//,
  re2: /^node_modules\/re2js\//,
  openai: /^node_modules\/openai\//,
};

/** Which of the parts `script` loaded. */
function partsLoadedBy(script: string): string[] {
  const loaded = modulesLoadedBy(script);
  return Object.entries(PARTS)
    .filter(([, pattern]) => loaded.some((path) => pattern.test(path)))
    .map(([name]) => name);
}

/** A query through prepareModel and finalAnswer, as the pipelines run it; `answer` stands for the answering task. */
const query = (body: object, ai: object, answer: string) => `
  const { prepareModel, finalAnswer } = await import('./lib/query/shared.ts');
  const { heuristicTasks } = await import('./lib/ai/heuristic-tasks.ts');
  const model = await prepareModel(${JSON.stringify(body)}, ${JSON.stringify(ai)}, heuristicTasks);
  await finalAnswer(model, ${answer}).catch((e) => { if (e.status !== 502) throw e; });`;

const schema = Buffer.from(
  JSON.stringify({ type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]+$' } } }),
).toString('base64');
/** Nothing listens on port 1: an OpenAI call fails there, after the SDK is loaded. */
const OPENAI = { openaiBaseURL: 'http://127.0.0.1:1', timeoutMs: 2000, maxRetries: 0 };

describe('a first query', () => {
  it('without structured_output, on the default platform, loads no Ajv, RE2 or OpenAI SDK, nor do the query answers', () => {
    const script = `
      await import('./handlers/http/after-auth/query-vectordb.ts');
      await import('./handlers/http/after-auth/query-rdbms.ts');
      await import('./handlers/http/after-auth/mcp.ts');
      ${query({ query: 'Which rooms are free?', structured_output: ' \n' }, {}, "async () => 'plain text'")}`;
    expect(partsLoadedBy(script)).toEqual([]);
  }, 60_000);

  it('with structured_output loads Ajv and RE2 (the control), and still no OpenAI SDK', () => {
    const body = { query: 'Which rooms are free?', structured_output: schema };
    expect(partsLoadedBy(query(body, {}, `async () => '{"code":"A"}'`))).toEqual(['ajv', 're2']);
  }, 60_000);

  it('naming ai_platform "openai" builds its model without the SDK, which loads on the first call', () => {
    const body = { query: 'Which rooms are free?', ai_platform: 'openai', 'api+key': 'sk-test-key' };
    const built = `${query(body, OPENAI, "async () => 'not asked'")}`;
    expect(partsLoadedBy(built)).toEqual([]);
    const asked = query(
      body,
      OPENAI,
      "(format) => model.tasks.ragAnswerer.answer({ question: 'q', passages: [] }, format)",
    );
    expect(partsLoadedBy(asked)).toEqual(['openai']);
  }, 60_000);
});
