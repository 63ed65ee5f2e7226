// HS256 tokens checked with node:crypto's HMAC. jose's check goes through WebCrypto, whose first use costs
// about 2 ms of a cold start's first authenticated request (besides loading jose itself); tokens signed by a
// JWKS's keys (RS256/ES256) still go through jose (auth.ts). The rules are the ones jose applies to an HS256
// token with `exp` and `sub` required (RFC 7515 and 7519): tests/unit/http/hs256.test.ts compares the two
// verdicts over valid and hostile tokens.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Why a token was refused: `expired` for an `exp` in the past, else it is not a valid token. */
export class TokenRefused extends Error {
  constructor(readonly expired: boolean) {
    super(expired ? 'token expired' : 'token invalid');
  }
}

export interface Hs256Claims {
  issuer?: string;
  audience?: string;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** A part of the token decoded to a JSON object, or undefined. */
function jsonObject(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The token's payload, once its signature and claims hold; otherwise TokenRefused. */
export function verifyHs256(
  token: string,
  secret: Uint8Array,
  expected: Hs256Claims = {},
  nowSeconds = Math.floor(Date.now() / 1000),
): Record<string, unknown> {
  const invalid = () => new TokenRefused(false);
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => p.length > 0 && BASE64URL.test(p))) throw invalid();
  const [head, body, signature] = parts as [string, string, string];
  const header = jsonObject(head);
  // The algorithm is pinned; `crit` names extensions this check does not implement (and `b64` is one).
  if (!header || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) throw invalid();
  const mac = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== mac.length || !timingSafeEqual(given, mac)) throw invalid();

  const payload = jsonObject(body);
  if (!payload) throw invalid();
  const { exp, nbf, iat, iss, aud } = payload;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw invalid();
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) throw invalid();
  if (iat !== undefined && typeof iat !== 'number') throw invalid();
  if (expected.issuer !== undefined && iss !== expected.issuer) throw invalid();
  if (expected.audience !== undefined) {
    const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud : [];
    if (!audiences.includes(expected.audience)) throw invalid();
  }
  if (exp <= nowSeconds) throw new TokenRefused(true);
  return payload;
}
