// The usage counters' writer on Lambda: one DynamoDB UpdateItem, signed with AWS's SigV4 signer and sent over
// node:https, without the SDK's client. Every request with an accepted token adds to its counters, so a cold
// start's first 400 or 404 would otherwise load the SDK's DynamoDB client (226 KB of bundle), build it and
// send through its middleware stack just for this write; this writer loads 89 KB (the signer shares its
// chunks of @smithy/core with the clients), and its write takes tens of milliseconds less.
// Same table, key and update as the SDK store (usage-item.ts), which stays the reader and the writer where
// no credentials are in the environment (a developer's profile): docs/decisions.md, "Usage counters".
import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, createHmac } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { UsageDelta, UsageStore } from '../usage/ports';
import type { AwsConfig } from './client-cache';
import { emulatorCredentials } from './emulator';
import { defaultProvider as environmentCredentials } from './bundle/env-credentials';
import { USAGE_ATTRIBUTE_NAMES, USAGE_UPDATE_EXPRESSION, usageKey, usageValues } from './usage-item';

type Env = Record<string, string | undefined>;

/** As the SDK client (dynamo-client.ts): a call silent this long is stuck, and is sent again. */
const REQUEST_TIMEOUT_MS = 5_000;
const ATTEMPTS = 3;
/** DynamoDB's answers worth another attempt, as the SDK's standard retry strategy has them. */
const RETRIED = /ThrottlingException|ProvisionedThroughputExceededException|RequestLimitExceeded|InternalServerError/;

/** Whether this writer can sign here: an emulator's endpoint, or credentials in the environment (Lambda's). */
export const canSignUsage = (aws: AwsConfig, env: Env = process.env) =>
  Boolean(aws.endpoints.dynamodb || (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY));

/** What the signer hashes: text, or bytes in any of their forms. */
type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (d: SourceData) =>
  typeof d === 'string'
    ? d
    : d instanceof ArrayBuffer
      ? new Uint8Array(d)
      : new Uint8Array(d.buffer, d.byteOffset, d.byteLength);

/** SigV4's hash and HMAC, from node:crypto (the signer asks for a constructor of this shape). */
class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

/** The DynamoDB JSON of the update's values: its numbers and strings only. */
const attributeValues = (values: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'number' ? { N: String(v) } : { S: v }]));

interface Answer {
  status: number;
  body: string;
}

export class SignedUsageWriter implements UsageStore {
  private readonly url: URL;
  private readonly signer: SignatureV4;
  // Kept-alive connections: a warm container's later writes skip the TLS handshake, as the SDK client's do.
  private readonly agent: HttpAgent;

  constructor(
    aws: AwsConfig,
    private readonly table: string,
  ) {
    const endpoint = aws.endpoints.dynamodb;
    this.url = new URL(
      endpoint ?? `https://dynamodb.${aws.region}.amazonaws.com${aws.region.startsWith('cn-') ? '.cn' : ''}/`,
    );
    this.agent =
      this.url.protocol === 'http:' ? new HttpAgent({ keepAlive: true }) : new HttpsAgent({ keepAlive: true });
    this.signer = new SignatureV4({
      service: 'dynamodb',
      region: aws.region,
      credentials: endpoint ? emulatorCredentials : environmentCredentials(),
      sha256: Sha256,
    });
  }

  async add(account: string, day: string, route: string, delta: UsageDelta): Promise<void> {
    const body = JSON.stringify({
      TableName: this.table,
      Key: attributeValues(usageKey(account, day, route)),
      UpdateExpression: USAGE_UPDATE_EXPRESSION,
      ExpressionAttributeNames: USAGE_ATTRIBUTE_NAMES,
      ExpressionAttributeValues: attributeValues(usageValues(day, route, delta)),
    });
    for (let attempt = 1; ; attempt++) {
      let answer: Answer | undefined;
      let failure: unknown;
      try {
        answer = await this.send(body);
        if (answer.status === 200) return;
      } catch (e) {
        failure = e;
      }
      const type = answer ? errorType(answer.body) : '';
      const again = !answer || answer.status >= 500 || RETRIED.test(type);
      if (!again || attempt === ATTEMPTS) {
        // DynamoDB's error type and status only: the request carries the account, the answer nothing we need.
        throw new Error(
          `DynamoDB UpdateItem on the usage table failed: ${answer ? `${answer.status} ${type}` : 'no answer'}`,
          {
            cause: failure,
          },
        );
      }
      await new Promise((r) => setTimeout(r, 25 * 2 ** attempt * Math.random()));
    }
  }

  private async send(body: string): Promise<Answer> {
    const signed = await this.signer.sign({
      method: 'POST',
      protocol: this.url.protocol,
      hostname: this.url.hostname,
      port: this.url.port ? Number(this.url.port) : undefined,
      path: this.url.pathname,
      query: {},
      headers: {
        host: this.url.host,
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'DynamoDB_20120810.UpdateItem',
      },
      body,
    });
    const request = this.url.protocol === 'http:' ? httpRequest : httpsRequest;
    return await new Promise<Answer>((resolve, reject) => {
      const req = request(
        this.url,
        { method: 'POST', headers: signed.headers, agent: this.agent, timeout: REQUEST_TIMEOUT_MS },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer from DynamoDB within ${REQUEST_TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }
}

/** DynamoDB's error type (`__type`, e.g. `com.amazonaws.dynamodb.v20120810#ThrottlingException`), or ''. */
function errorType(body: string): string {
  try {
    const type = (JSON.parse(body) as { __type?: unknown }).__type;
    return typeof type === 'string' ? type.slice(type.indexOf('#') + 1) : '';
  } catch {
    return '';
  }
}
