// The svcwt token check. Algorithms are pinned (HS256 with the shared secret, or RS256/ES256 from
// a JWKS), so `alg: none` and algorithm-confusion tokens fail verification outright. HS256 is checked
// with node:crypto (hs256.ts); jose, which fetches and caches a JWKS, loads only where one is configured.
import { LEVELS, type Config, type Level } from '../config';
import { unauthorized } from '../errors';
import { once } from '../once';
import { TokenRefused, verifyHs256 } from './hs256';

export interface Principal {
  account: string;
  level: Level;
}

export type TokenVerifier = (token: string | undefined) => Promise<Principal>;

export const TOKEN_HEADER = 'svcwt';

/** The token of an `Authorization: Bearer <token>` header (what MCP clients send), if it has one. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '');
  return m?.[1];
}

const ADVICE = 'Send a service-issued access token in the svcwt header (fnq token create issues one)';

/** Tokens the service issues are a few hundred bytes; a longer one is refused before it is parsed. */
export const TOKEN_MAX_CHARS = 4096;

/**
 * `secret`, when given, supplies the HS256 secret on each check (read from SSM with a cache, so a
 * rotated secret takes effect); otherwise `auth.jwtSecret` is used.
 */
export function createVerifier(auth: Config['auth'], secret?: () => Promise<string>): TokenVerifier {
  const claims = { issuer: auth.issuer, audience: auth.audience };
  const fixed = new TextEncoder().encode(auth.jwtSecret ?? '');
  const jwks = auth.jwksUrl ? jwksVerifier(auth.jwksUrl, claims) : undefined;

  return async (token) => {
    if (!token) throw unauthorized('The svcwt header is missing', ADVICE, 'token_missing');
    if (token.length > TOKEN_MAX_CHARS) {
      throw unauthorized(
        `The access token is ${token.length} characters long; service tokens have at most ${TOKEN_MAX_CHARS}`,
        ADVICE,
        'token_invalid',
      );
    }
    let payload: Record<string, unknown>;
    if (jwks) payload = await jwks(token);
    else {
      // Read before the check: a failed read is our failure (500), not the token's (401).
      const key = secret ? new TextEncoder().encode(await secret()) : fixed;
      try {
        payload = verifyHs256(token, key, claims);
      } catch (e) {
        throw refusal(e instanceof TokenRefused && e.expired);
      }
    }
    // Both checks require `exp`; a token without `sub` is not one of ours, as jose's requiredClaims says.
    if (payload.sub === undefined) throw refusal(false);
    const level = payload.lvl;
    if (typeof payload.sub !== 'string' || !payload.sub || !LEVELS.includes(level as Level)) {
      throw unauthorized('The access token lacks a valid account (sub) or level (lvl) claim', ADVICE, 'token_invalid');
    }
    return { account: payload.sub, level: level as Level };
  };
}

const refusal = (expired: boolean) =>
  expired
    ? unauthorized('The access token has expired', 'Get a new token and retry', 'token_expired')
    : unauthorized('The access token is not valid', ADVICE, 'token_invalid');

/** RS256/ES256 tokens against the JWKS at `url`, through jose (imported on the first check). */
function jwksVerifier(url: string, claims: { issuer?: string; audience?: string }) {
  const load = once(async () => {
    const jose = await import('jose');
    return { jose, keys: jose.createRemoteJWKSet(new URL(url)) };
  });
  return async (token: string): Promise<Record<string, unknown>> => {
    const { jose, keys } = await load();
    try {
      const { payload } = await jose.jwtVerify(token, keys, {
        algorithms: ['RS256', 'ES256'],
        ...claims,
        requiredClaims: ['sub', 'exp'],
      });
      return payload;
    } catch (e) {
      throw refusal(e instanceof jose.errors.JWTExpired);
    }
  };
}
