// Signing secrets at rest. The service must sign with an endpoint's secret, so a hash will not do:
// each is sealed with AES-256-GCM under the stage's webhooks key (config `webhooks.key`, read from
// SSM like the service's other secrets), and the endpoint id is bound in as associated data, so a
// sealed secret copied onto another endpoint's item does not open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** A 256-bit key from the configured secret text (any length ≥ 32 characters). */
export function sealingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'fnquery', 'webhook signing secrets', 32));
}

export function seal(key: Buffer, plaintext: string, boundTo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), body.toString('base64'), cipher.getAuthTag().toString('base64')].join('.');
}

/** Throws when the text was sealed under another key, for another id, or altered. */
export function open(key: Buffer, sealed: string, boundTo: string): string {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !body || !tag) throw new Error('not a sealed webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'))
    .setAAD(Buffer.from(boundTo))
    .setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}
