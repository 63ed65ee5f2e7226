// Deployed stages read FNQ_JWT_SECRET and FNQ_AI_API_KEY from SSM Parameter Store through
// Powertools Parameters (a cold start reads the JWT secret for the config; it is also read per request,
// and the AI key per model call, from Powertools' cache, which goes back to SSM after its max age), with
// the real SDK client against a loopback SSM (tests/support/fake-ssm.ts) and the real openai SDK against
// a loopback OpenAI-wire server. Secrets never enter process.env.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearParameterCache } from '../../../lib/aws/ssm-parameters';
import { ConfigError, getConfig, loadConfig, resetConfig } from '../../../lib/config';
import { aiApiKeySource, jwtSecretSource, loadSecrets } from '../../../lib/services/secrets';
import { resolvePlatform } from '../../../lib/ai/platform';
import { startFakeOpenAI } from '../../support/fake-openai';
import { createVerifier } from '../../../lib/http/auth';
import { issueToken } from '../../../lib/http/token';
import { httpHandler } from '../../../lib/http/handler';
import { lazyHandler } from '../../../lib/services/lazy';
import { call } from '../../support/api-event';
import { testDeps } from '../../support/http-deps';
import { startFakeSsm, type FakeSsm } from '../../support/fake-ssm';

const JWT = 'a-jwt-secret-from-ssm-that-is-long-enough-0123';
const AI_KEY = 'sk-operator-key-from-ssm';
const BASE = {
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_REGION: 'us-east-1',
  FNQ_BUCKET: 'b',
  FNQ_QUEUE_URL: 'http://127.0.0.1:1/q',
  FNQ_UPLOADS_TABLE: 'u',
  FNQ_USAGE_TABLE: 'm',
  FNQ_FUNCTIONS_TABLE: 'f',
  FNQ_LANCE_COMMITS_TABLE: 'l',
  FNQ_LANCE_URI: '/tmp/none',
};

let ssm: FakeSsm;
let parameters: Record<string, string>;
beforeAll(async () => {
  parameters = { '/fnquery/test/jwt-secret': JWT, '/fnquery/test/ai-api-key': AI_KEY };
  ssm = await startFakeSsm(parameters);
});
afterAll(() => ssm.stop());
afterEach(() => {
  resetConfig();
  clearParameterCache();
  ssm.calls.length = 0;
  vi.useRealTimers();
});

const deployedEnv = (): Record<string, string | undefined> => ({
  ...BASE,
  FNQ_SSM_ENDPOINT: ssm.url,
  FNQ_JWT_SECRET_PARAMETER: '/fnquery/test/jwt-secret',
  FNQ_AI_API_KEY_PARAMETER: '/fnquery/test/ai-api-key',
});

describe('secrets from SSM Parameter Store', () => {
  it('reads the JWT secret, decrypted, for the config; the AI key is left to the model calls', async () => {
    const env = deployedEnv();
    await loadSecrets(env);
    expect(ssm.calls).toEqual([{ names: ['/fnquery/test/jwt-secret'], withDecryption: true }]);
    const config = loadConfig(env);
    expect(config.auth.jwtSecret).toBe(JWT);
    expect(config.ai.apiKey).toBeUndefined();
  });

  it('reads them once per process, however many requests ask', async () => {
    const env = deployedEnv();
    await Promise.all([loadSecrets(env), loadSecrets(env), loadSecrets(env)]);
    await loadSecrets(env);
    expect(ssm.calls).toHaveLength(1);
  });

  it('fetches nothing when the value is already in the environment (npm start, tests)', async () => {
    await loadSecrets({ ...deployedEnv(), FNQ_JWT_SECRET: 'x'.repeat(32), FNQ_AI_API_KEY_PARAMETER: '' });
    expect(ssm.calls).toEqual([]);
  });

  it('names the missing parameter and how to create it, and tries again on the next call', async () => {
    const env = { ...deployedEnv(), FNQ_JWT_SECRET_PARAMETER: '/fnquery/test/not-there' };
    const failure = await loadSecrets(env).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ConfigError);
    expect(String(failure)).toMatch(
      /FNQ_JWT_SECRET_PARAMETER names \/fnquery\/test\/not-there.*aws ssm put-parameter --type SecureString/,
    );
    // Nothing of the secrets that were found leaks into the message.
    expect(String(failure)).not.toContain(AI_KEY);
    await expect(loadSecrets(env)).rejects.toThrow(ConfigError);
    expect(ssm.calls).toHaveLength(2);
  });

  it('refuses a config read before the secrets, instead of running without them', () => {
    expect(() => loadConfig(deployedEnv())).toThrow(/FNQ_JWT_SECRET_PARAMETER is set but the secret was not read/);
  });

  it('has an HTTP handler read the secrets before its first use of the config', async () => {
    const env = deployedEnv();
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      const { deps } = testDeps();
      let secretAtFirstUse: string | undefined;
      const handler = lazyHandler(() => {
        secretAtFirstUse ??= getConfig().auth.jwtSecret;
        return httpHandler(
          { route: 'GET /health', auth: false },
          async () => ({ status: 200, body: { ok: true } }),
          deps,
        );
      });
      const res = await call(handler);
      expect(res.status).toBe(200);
      expect(secretAtFirstUse).toBe(JWT);
      // Read for the config, never copied into the environment.
      expect(process.env.FNQ_JWT_SECRET).toBeUndefined();
      expect(process.env.FNQ_AI_API_KEY).toBeUndefined();
    } finally {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
    }
  });

  it('checks tokens with the secret from SSM, read again only after the cache max age', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const secret = jwtSecretSource(deployedEnv())!;
    const verify = createVerifier({}, secret);
    const token = await issueToken({ secret: JWT, account: 'acct-ssm', level: 'pro', ttlSeconds: 3600 });
    for (let i = 0; i < 3; i++) expect(await verify(token)).toEqual({ account: 'acct-ssm', level: 'pro' });
    expect(ssm.calls).toHaveLength(1);
    vi.setSystemTime(Date.now() + 301_000);
    await verify(token);
    expect(ssm.calls).toHaveLength(2);
    expect(ssm.calls[1]).toEqual({ names: ['/fnquery/test/jwt-secret'], withDecryption: true });
  });

  it('fails a check on a missing parameter as our error, naming it, not as a bad token', async () => {
    const secret = jwtSecretSource({ ...deployedEnv(), FNQ_JWT_SECRET_PARAMETER: '/fnquery/test/gone' })!;
    const failure = await createVerifier({}, secret)('eyJ.x.y').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ConfigError);
    expect(String(failure)).toMatch(/FNQ_JWT_SECRET_PARAMETER names \/fnquery\/test\/gone/);
  });

  it('reads nothing per request where the environment has the secret or a JWKS checks tokens', () => {
    expect(jwtSecretSource({ ...deployedEnv(), FNQ_JWT_SECRET: 'x'.repeat(32) })).toBeUndefined();
    expect(jwtSecretSource({ ...deployedEnv(), FNQ_JWKS_URL: 'https://issuer.example/jwks' })).toBeUndefined();
  });

  it('sends the AI key read from SSM per model call, read again only after the max age, so a rotation lands', async () => {
    const rotated = 'sk-operator-key-after-rotation';
    const server = await startFakeOpenAI({ apiKeys: [AI_KEY, rotated] });
    const saved = { ...process.env };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const apiKey = aiApiKeySource(deployedEnv())!;
      const config = {
        timeoutMs: 5_000,
        maxRetries: 0,
        endpoint: { baseURL: server.baseURL, apiKey, chatModel: 'op', embedModel: 'op' },
      };
      const ask = () => resolvePlatform({}, config).chat!.chat({ messages: [{ role: 'user', content: 'hi' }] });
      await ask();
      await ask();
      expect(ssm.calls).toEqual([{ names: ['/fnquery/test/ai-api-key'], withDecryption: true }]);

      parameters['/fnquery/test/ai-api-key'] = rotated;
      await ask();
      vi.setSystemTime(Date.now() + 301_000);
      await ask();
      expect(ssm.calls).toHaveLength(2);
      expect(server.requests.map((r) => r.headers.authorization)).toEqual([
        `Bearer ${AI_KEY}`,
        `Bearer ${AI_KEY}`,
        `Bearer ${AI_KEY}`,
        `Bearer ${rotated}`,
      ]);
      expect(process.env.FNQ_AI_API_KEY).toBeUndefined();
      expect(Object.values(process.env)).not.toContain(rotated);
    } finally {
      parameters['/fnquery/test/ai-api-key'] = AI_KEY;
      await server.close();
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
    }
  });

  it('fails a model call on a missing AI key parameter as our error, naming it', async () => {
    const apiKey = aiApiKeySource({ ...deployedEnv(), FNQ_AI_API_KEY_PARAMETER: '/fnquery/test/no-key' })!;
    const failure = await apiKey().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ConfigError);
    expect(String(failure)).toMatch(/FNQ_AI_API_KEY_PARAMETER names \/fnquery\/test\/no-key/);
  });

  it('reads no AI key from SSM where the environment has one or names no parameter', () => {
    expect(aiApiKeySource({ ...deployedEnv(), FNQ_AI_API_KEY: 'sk-from-the-environment' })).toBeUndefined();
    expect(aiApiKeySource({ ...deployedEnv(), FNQ_AI_API_KEY_PARAMETER: '' })).toBeUndefined();
  });
});
