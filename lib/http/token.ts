// Issuing svcwt tokens (HS256): used by `fnq token create` and by the local stack's dev token.
import { SignJWT } from 'jose';
import type { Level } from '../config';

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `30d`, `12h`, `15m`, `90s` or plain seconds → seconds. */
export function parseTtl(ttl: string): number {
  const m = /^(\d+)([smhd]?)$/.exec(ttl.trim());
  const seconds = m ? Number(m[1]) * UNIT_SECONDS[m[2] || 's']! : NaN;
  if (!Number.isSafeInteger(seconds) || seconds <= 0)
    throw new Error(`invalid ttl "${ttl}": use a number with s, m, h or d, e.g. 30d`);
  return seconds;
}

export async function issueToken(options: {
  secret: string;
  account: string;
  level: Level;
  ttlSeconds: number;
  issuer?: string;
  audience?: string;
}) {
  const now = Math.floor(Date.now() / 1000);
  let jwt = new SignJWT({ lvl: options.level })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(options.account)
    .setIssuedAt(now)
    .setExpirationTime(now + options.ttlSeconds);
  if (options.issuer) jwt = jwt.setIssuer(options.issuer);
  if (options.audience) jwt = jwt.setAudience(options.audience);
  return jwt.sign(new TextEncoder().encode(options.secret));
}
