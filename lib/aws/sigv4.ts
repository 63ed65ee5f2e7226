// AWS Signature Version 4 for the signed DynamoDB caller (signed-dynamo.ts): one POST of JSON to a service
// endpoint, signed with node:crypto alone. The SDK's signer (@smithy/signature-v4) computes the same signature
// (tests/unit/aws/sigv4.test.ts checks it against that signer and against AWS's published algorithm), but
// with its dependencies it is about 90 KB of bundle, shared in chunks with the SDK clients, which a cold
// start's first DynamoDB request took 20 ms or more to load; this is a few hundred bytes.
import { createHash, createHmac } from 'node:crypto';

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SignedRequest {
  /** The endpoint's host (with its port when not the scheme's default), as the Host header carries it. */
  host: string;
  /** The request's path, already percent-encoded as a URL carries it. */
  path: string;
  region: string;
  service: string;
  /** Headers to sign beside host and the date (lower-case names). */
  headers: Record<string, string>;
  body: string;
  credentials: Credentials;
  /** The signing time; now unless a test fixes it. */
  now?: Date;
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** The key of one day, region and service: derived once and reused, as it stays valid all day. */
let lastKey: { scope: string; secret: string; key: Buffer } | undefined;
function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  const scope = `${day}/${region}/${service}`;
  if (lastKey?.scope !== scope || lastKey.secret !== secret)
    lastKey = { scope, secret, key: hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request') };
  return lastKey.key;
}

/** SigV4's encoding of a path: each segment escaped again, as AWS expects of every service but S3. */
const canonicalPath = (path: string) =>
  path
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('/');

/** The request's headers with `authorization`, `x-amz-date` and, for temporary credentials, the session token. */
export function signRequest(req: SignedRequest): Record<string, string> {
  // 20261126T140944Z and its day.
  const amzDate = (req.now ?? new Date()).toISOString().replace(/[-:]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const { accessKeyId, secretAccessKey, sessionToken } = req.credentials;
  const headers: Record<string, string> = {
    ...req.headers,
    host: req.host,
    'x-amz-date': amzDate,
    ...(sessionToken && { 'x-amz-security-token': sessionToken }),
  };
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    'POST',
    canonicalPath(req.path),
    '',
    ...names.map((n) => `${n}:${headers[n]!.trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    sha256Hex(req.body),
  ].join('\n');
  const scope = `${day}/${req.region}/${req.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(secretAccessKey, day, req.region, req.service))
    .update(stringToSign, 'utf8')
    .digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
