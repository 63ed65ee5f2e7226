// Standard Webhooks signing (standardwebhooks.com): the secret is `whsec_` + base64 of random
// bytes; the signature is `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`
// keyed with the decoded bytes. Receivers verify with any Standard Webhooks library or our SDKs.
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes. */
export const newSigningSecret = () => SECRET_PREFIX + randomBytes(32).toString('base64');

export function signatureOf(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of one attempt; the timestamp is the attempt's, so each retry is signed anew. */
export function signedHeaders(secret: string, id: string, body: string, nowMs: number): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(secret, id, timestamp, body),
  };
}
