import { describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT, exportJWK, generateKeyPair } from 'jose';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpHandler } from '../../../lib/http/handler';
import { createVerifier } from '../../../lib/http/auth';
import { call } from '../../support/api-event';
import { TEST_SECRET, testDeps, testToken } from '../../support/http-deps';

const enc = new TextEncoder();
const { deps } = testDeps();
const handler = httpHandler({ route: 'GET /who' }, async (req) => ({ status: 200, body: req.principal }), deps);

const sign = (claims: Record<string, unknown>, secret = TEST_SECRET, exp: number | string = '10m') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('acct-1')
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(enc.encode(secret));

async function expect401(token: string | undefined, code: string) {
  const res = await call(handler, { token });
  expect(res.status).toBe(401);
  expect(res.body.error).toBe(code);
  expect((res.body.messages as string[]).at(-1)).toBe('failed');
  expect((res.body.messages as string[])[0]).toMatch(/^ISSUE: .+\. ADVICE: .+\.$/);
}

describe('svcwt authentication', () => {
  it('accepts a valid token and exposes account and level', async () => {
    const res = await call(handler, { token: await testToken('acct-9', 'enterprise') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ account: 'acct-9', level: 'enterprise' });
  });

  it('refuses a missing header', () => expect401(undefined, 'token_missing'));
  it('refuses a malformed token', () => expect401('not-a-jwt', 'token_invalid'));
  it('refuses a token signed with another secret', async () =>
    expect401(await sign({ lvl: 'pro' }, 'another-secret-of-sufficient-length-000'), 'token_invalid'));
  it('refuses alg none', async () =>
    expect401(new UnsecuredJWT({ lvl: 'pro', sub: 'acct-1' }).setExpirationTime('10m').encode(), 'token_invalid'));
  it('refuses an expired token', async () =>
    expect401(await sign({ lvl: 'pro' }, TEST_SECRET, Math.floor(Date.now() / 1000) - 60), 'token_expired'));
  it('refuses a token without exp', async () =>
    expect401(
      await new SignJWT({ lvl: 'pro' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('a')
        .sign(enc.encode(TEST_SECRET)),
      'token_invalid',
    ));
  it('refuses an unknown level', async () => expect401(await sign({ lvl: 'platinum' }), 'token_invalid'));
  it('refuses a token with no level', async () => expect401(await sign({}), 'token_invalid'));

  it('refuses an RS256 token when HS256 is pinned', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({ lvl: 'pro' })
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject('a')
      .setExpirationTime('10m')
      .sign(privateKey);
    await expect401(token, 'token_invalid');
  });

  it('verifies ES256 tokens against a JWKS URL', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
    const server = createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const verify = createVerifier({
        jwksUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`,
      });
      const good = await new SignJWT({ lvl: 'pro' })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setSubject('acct-2')
        .setExpirationTime('10m')
        .sign(privateKey);
      await expect(verify(good)).resolves.toEqual({ account: 'acct-2', level: 'pro' });
      // An HS256 token signed with the public key as secret (algorithm confusion) must fail.
      const confused = await new SignJWT({ lvl: 'pro' })
        .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
        .setSubject('x')
        .setExpirationTime('10m')
        .sign(enc.encode(JSON.stringify(jwk)));
      await expect(verify(confused)).rejects.toMatchObject({ status: 401 });
    } finally {
      server.close();
    }
  });
});
