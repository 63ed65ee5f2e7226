// The svcwt token check. Algorithms are pinned (HS256 with the shared secret, or RS256/ES256 from
// a JWKS), so `alg: none` and algorithm-confusion tokens fail verification outright.
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { LEVELS, type Config, type Level } from '../config';
import { unauthorized } from '../errors';

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
  const fixed: Uint8Array | JWTVerifyGetKey = auth.jwksUrl
    ? createRemoteJWKSet(new URL(auth.jwksUrl))
    : new TextEncoder().encode(auth.jwtSecret ?? '');
  const algorithms = auth.jwksUrl ? ['RS256', 'ES256'] : ['HS256'];

  return async (token) => {
    if (!token) throw unauthorized('The svcwt header is missing', ADVICE, 'token_missing');
    if (token.length > TOKEN_MAX_CHARS) {
      throw unauthorized(
        `The access token is ${token.length} characters long; service tokens have at most ${TOKEN_MAX_CHARS}`,
        ADVICE,
        'token_invalid',
      );
    }
    // Read before the check: a failed read is our failure (500), not the token's (401).
    const key = secret && !auth.jwksUrl ? new TextEncoder().encode(await secret()) : fixed;
    let payload;
    try {
      ({ payload } = await jwtVerify(token, key as Uint8Array, {
        algorithms,
        issuer: auth.issuer,
        audience: auth.audience,
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (e) {
      if (e instanceof errors.JWTExpired)
        throw unauthorized('The access token has expired', 'Get a new token and retry', 'token_expired');
      throw unauthorized('The access token is not valid', ADVICE, 'token_invalid');
    }
    const level = payload.lvl;
    if (typeof payload.sub !== 'string' || !payload.sub || !LEVELS.includes(level as Level)) {
      throw unauthorized('The access token lacks a valid account (sub) or level (lvl) claim', ADVICE, 'token_invalid');
    }
    return { account: payload.sub, level: level as Level };
  };
}
