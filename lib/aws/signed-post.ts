// One SigV4-signed POST of a JSON-protocol AWS API (DynamoDB, SSM), over node:http(s) with kept-alive
// connections, so the cold path of a Lambda needs no SDK client for the few calls it makes: the signed
// DynamoDB caller (signed-dynamo.ts) and the secret reader (ssm-parameters.ts) send through it.
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { signRequest, type Credentials } from './sigv4';

export interface SignedTarget {
  url: URL;
  region: string;
  /** SigV4's service name (`dynamodb`, `ssm`). */
  service: string;
  /** `application/x-amz-json-1.0` or `-1.1`, as the API speaks. */
  contentType: string;
  /** What a timeout's error names (`DynamoDB`, `SSM`). */
  label: string;
  timeoutMs: number;
  agent: HttpAgent;
}

/** A kept-alive agent for the target's scheme: a warm container's later calls skip the TLS handshake. */
export const keptAliveAgent = (url: URL): HttpAgent =>
  url.protocol === 'http:' ? new HttpAgent({ keepAlive: true }) : new HttpsAgent({ keepAlive: true });

/** Sends `body` as the `x-amz-target` operation; the answer's status and text, whatever the status. */
export async function postSigned(
  target: SignedTarget,
  amzTarget: string,
  body: string,
  credentials: Credentials,
): Promise<{ status: number; text: string }> {
  const { url } = target;
  const headers = signRequest({
    host: url.host,
    path: url.pathname,
    region: target.region,
    service: target.service,
    headers: { 'content-type': target.contentType, 'x-amz-target': amzTarget },
    body,
    credentials,
  });
  const request = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return await new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: target.agent,
        timeout: target.timeoutMs,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => {
      const timeout = new Error(`no answer from ${target.label} within ${target.timeoutMs} ms`);
      timeout.name = 'TimeoutError';
      req.destroy(timeout);
    });
    req.on('error', reject);
    req.end(body);
  });
}
