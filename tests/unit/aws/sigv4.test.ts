// The signed caller's SigV4 against the AWS SDK's own signer (@smithy/signature-v4) on the same requests, and
// against a vector of AWS's published SigV4 test suite (post-vanilla), so real DynamoDB accepts what it signs.
import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signRequest, type Credentials } from '../../../lib/aws/sigv4';

/** What the SDK signer hashes: text, or bytes in any of their forms. */
type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (d: SourceData) =>
  typeof d === 'string'
    ? d
    : d instanceof ArrayBuffer
      ? new Uint8Array(d)
      : new Uint8Array(d.buffer, d.byteOffset, d.byteLength);

/** The SDK signer's hash and HMAC from node:crypto (the constructor shape it asks for). */
class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData) {
    this.hash.update(bytesOf(data));
  }
  digest() {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

async function sdkSigned(
  req: { host: string; path: string; headers: Record<string, string>; body: string },
  credentials: Credentials,
  region: string,
  now: Date,
) {
  // Without the optional x-amz-content-sha256 header, which only S3 requires and the caller does not send.
  const signer = new SignatureV4({ service: 'dynamodb', region, credentials, sha256: Sha256, applyChecksum: false });
  const signed = await signer.sign(
    {
      method: 'POST',
      protocol: 'https:',
      hostname: req.host,
      path: req.path,
      query: {},
      headers: { ...req.headers, host: req.host },
      body: req.body,
    },
    { signingDate: now },
  );
  return signed.headers;
}

const now = new Date('2026-11-26T14:09:44.123Z');

describe('SigV4 of the signed DynamoDB caller', () => {
  it.each([
    [
      'long-term credentials',
      { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
    ],
    [
      'a Lambda role’s session',
      { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'secret/with+signs', sessionToken: 'IQoJb3JpZ2luX2VjE//token==' },
    ],
  ])('signs as the AWS SDK’s signer does, with %s', async (_, credentials: Credentials) => {
    const req = {
      host: 'dynamodb.eu-central-1.amazonaws.com',
      path: '/',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.GetItem' },
      body: JSON.stringify({ TableName: 'uploads', Key: { pk: { S: 'acct#ü  two  spaces' } } }),
    };
    const theirs = await sdkSigned(req, credentials, 'eu-central-1', now);
    const mine = signRequest({ ...req, region: 'eu-central-1', service: 'dynamodb', credentials, now });
    expect(mine.authorization).toBe(theirs.authorization);
    expect(mine['x-amz-date']).toBe('20261126T140944Z');
    expect(mine['x-amz-security-token']).toBe(credentials.sessionToken);
  });

  it('signs a host with a port and a path as the SDK does (an emulator’s endpoint)', async () => {
    const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
    const req = {
      host: '127.0.0.1:8000',
      path: '/prefix/a b',
      headers: { 'x-amz-target': '  spaced   value ' },
      body: '{}',
    };
    const theirs = await sdkSigned(req, credentials, 'us-east-1', now);
    expect(signRequest({ ...req, region: 'us-east-1', service: 'dynamodb', credentials, now }).authorization).toBe(
      theirs.authorization,
    );
  });

  it('gives the signature of AWS’s test suite vector post-vanilla', () => {
    const headers = signRequest({
      host: 'example.amazonaws.com',
      path: '/',
      region: 'us-east-1',
      service: 'service',
      headers: {},
      body: '',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
      now: new Date('2015-08-30T12:36:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b',
    );
  });
});
