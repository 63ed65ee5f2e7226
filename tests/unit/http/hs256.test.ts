// The HS256 check (lib/http/hs256.ts) against jose's verdict on the same tokens: valid ones, and tokens
// altered the ways an attacker would (algorithm, signature, claims, encoding). Where the two could differ
// on purpose (a `b64` header jose ignores without `crit`, a padded signature), ours is the stricter and the
// case says so.
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenRefused, verifyHs256 } from '../../../lib/http/hs256';

const SECRET = 'a-secret-for-the-hs256-differential-test-0123';
const key = new TextEncoder().encode(SECRET);
const now = Math.floor(Date.now() / 1000);
const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A token with any header and payload, signed with HMAC-SHA256 (or given a signature). */
function token(header: unknown, payload: unknown, secret = SECRET, signature?: string) {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  const mac = signature ?? createHmac('sha256', secret).update(signingInput).digest('base64url');
  return `${signingInput}.${mac}`;
}

const HS = { alg: 'HS256', typ: 'JWT' };
const good = { sub: 'acct-7', lvl: 'pro', iat: now, exp: now + 600 };
const claims = { issuer: 'fnquery', audience: 'fnquery-api' };

type Verdict = 'ok' | 'expired' | 'invalid';

async function joseVerdict(t: string, expected: typeof claims | object): Promise<Verdict> {
  try {
    await jwtVerify(t, key, { algorithms: ['HS256'], requiredClaims: ['sub', 'exp'], ...expected });
    return 'ok';
  } catch (e) {
    return e instanceof errors.JWTExpired ? 'expired' : 'invalid';
  }
}

function ourVerdict(t: string, expected: typeof claims | object): Verdict {
  try {
    const payload = verifyHs256(t, key, expected);
    // auth.ts requires `sub` after the check, as jose's requiredClaims does.
    return typeof payload.sub === 'string' ? 'ok' : 'invalid';
  } catch (e) {
    if (!(e instanceof TokenRefused)) throw e;
    return e.expired ? 'expired' : 'invalid';
  }
}

const rsaKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const [aHead, aBody] = token(HS, good).split('.');

const CASES: [string, string, object?][] = [
  ['a valid token', token(HS, good)],
  ['a valid token without typ', token({ alg: 'HS256' }, good)],
  ['another secret', token(HS, good, 'another-secret-of-sufficient-length-000')],
  ['alg none, no signature', `${b64({ alg: 'none' })}.${b64(good)}.`],
  ['alg none with a signature', token({ alg: 'none' }, good)],
  ['alg HS512', token({ alg: 'HS512' }, good)],
  ['alg in lower case', token({ alg: 'hs256' }, good)],
  ['no alg', token({ typ: 'JWT' }, good)],
  ['a header that is an array', token(['HS256'], good)],
  ['a header that is not JSON', `${b64('{alg')}.${b64(good)}.${token(HS, good).split('.')[2]}`],
  ['a payload that is an array', token(HS, [good])],
  ['a payload that is a string', token(HS, 'hello')],
  ['an unknown crit extension', token({ ...HS, crit: ['x-fnq'], 'x-fnq': 1 }, good)],
  ['expired a minute ago', token(HS, { ...good, exp: now - 60 })],
  ['expiring this second', token(HS, { ...good, exp: now })],
  ['no exp', token(HS, { sub: 'a', lvl: 'pro' })],
  ['exp as a string', token(HS, { ...good, exp: String(now + 600) })],
  ['nbf in the future', token(HS, { ...good, nbf: now + 120 })],
  ['nbf in the past', token(HS, { ...good, nbf: now - 120 })],
  ['iat as a string', token(HS, { ...good, iat: 'yesterday' })],
  ['no sub', token(HS, { lvl: 'pro', exp: now + 600 })],
  ['the signature cut short', token(HS, good).slice(0, -4)],
  ['the signature lengthened', `${token(HS, good)}AAAA`],
  ['a character outside base64url', `${aHead}.${aBody}.+${token(HS, good).split('.')[2]!.slice(1)}`],
  ['four parts', `${token(HS, good)}.${b64('x')}`],
  ['two parts', `${aHead}.${aBody}`],
  ['an empty token', ''],
  [
    'the payload swapped after signing',
    `${aHead}.${b64({ ...good, lvl: 'enterprise' })}.${token(HS, good).split('.')[2]}`,
  ],
  ['the issuer and audience expected', token(HS, { ...good, iss: 'fnquery', aud: 'fnquery-api' }), claims],
  ['the audience in a list', token(HS, { ...good, iss: 'fnquery', aud: ['other', 'fnquery-api'] }), claims],
  ['another issuer', token(HS, { ...good, iss: 'elsewhere', aud: 'fnquery-api' }), claims],
  ['another audience', token(HS, { ...good, iss: 'fnquery', aud: 'other' }), claims],
  ['no issuer where one is expected', token(HS, { ...good, aud: 'fnquery-api' }), claims],
];

describe('HS256 tokens, checked as jose checks them', () => {
  it.each(CASES)('%s', async (_name, t, expected = {}) => {
    expect(ourVerdict(t, expected)).toBe(await joseVerdict(t, expected));
  });

  it('agrees with jose on a token jose signed, and on one signed with RS256 (algorithm pinned)', async () => {
    const signed = await new SignJWT({ lvl: 'pro' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('acct-1')
      .setExpirationTime('10m')
      .sign(key);
    expect(ourVerdict(signed, {})).toBe('ok');
    const rs = await new SignJWT({ lvl: 'pro' })
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject('acct-1')
      .setExpirationTime('10m')
      .sign(rsaKey);
    expect(ourVerdict(rs, {})).toBe('invalid');
    expect(await joseVerdict(rs, {})).toBe('invalid');
  });

  it.each([
    ['a b64 header, which jose ignores without crit', token({ ...HS, b64: false }, good)],
    ['a padded signature, which jose decodes (JWS writes base64url without padding)', `${token(HS, good)}=`],
  ])('refuses %s (stricter than jose on purpose)', async (_name, t) => {
    expect(ourVerdict(t, {})).toBe('invalid');
    expect(await joseVerdict(t, {})).toBe('ok');
  });
});
