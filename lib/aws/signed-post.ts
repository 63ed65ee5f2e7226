// One SigV4-signed POST of a JSON-protocol AWS API (DynamoDB, SSM), over node:http(s) with kept-alive
// connections, so the cold path of a Lambda needs no SDK client for the few calls it makes: the signed
// DynamoDB caller (signed-dynamo.ts) and the secret reader (ssm-parameters.ts) send through it.
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { defaultProvider as environmentCredentials } from './bundle/env-credentials';
import { emulatorCredentials } from './emulator';
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
const keptAliveAgent = (url: URL): HttpAgent =>
  url.protocol === 'http:' ? new HttpAgent({ keepAlive: true }) : new HttpsAgent({ keepAlive: true });

/** A service of a region: at the endpoint named (an emulator), else at AWS's own address for it. */
export function signedTarget(options: Omit<SignedTarget, 'url' | 'agent'> & { endpoint?: string }): SignedTarget {
  const { endpoint, ...target } = options;
  const { service, region } = target;
  const url = new URL(
    endpoint ?? `https://${service}.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}/`,
  );
  return { ...target, url, agent: keptAliveAgent(url) };
}

/** Whether a call can be signed here: at an emulator's endpoint, or with credentials in the environment (Lambda's role). */
export const canSignWith = (endpoint: string | undefined, env: Record<string, string | undefined> = process.env) =>
  Boolean(endpoint || (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY));

/** What a call is signed with: the emulators' credentials at a named endpoint, else the environment's (read per call). */
export const signingCredentials = (endpoint: string | undefined): (() => Promise<Credentials>) =>
  endpoint ? () => Promise.resolve(emulatorCredentials) : environmentCredentials();

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
