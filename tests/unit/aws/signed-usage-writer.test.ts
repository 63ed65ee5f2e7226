// The signed usage writer's request as DynamoDB receives it, checked against SigV4 computed here from AWS's
// published algorithm with node:crypto alone: the emulator checks a signature's shape but not its value, so
// this is what shows that real DynamoDB would accept it. A loopback server stands in for DynamoDB's endpoint.
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SignedUsageWriter } from '../../../lib/aws/signed-usage-writer';
import { emulatorCredentials } from '../../../lib/aws/emulator';

interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** A server that records each request and answers it with `answers` in turn (then 200 {}). */
async function fakeDynamo(answers: { status: number; body: string }[] = []) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      const a = answers.shift() ?? { status: 200, body: '{}' };
      res.writeHead(a.status, { 'content-type': 'application/x-amz-json-1.0' }).end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { seen, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** SigV4 of a POST to `/`, from the request as received and the secret key. */
function expectedSignature(seen: Seen, secret: string, region: string): string {
  const auth = String(seen.headers.authorization);
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(auth)![1]!;
  const amzDate = String(seen.headers['x-amz-date']);
  const day = amzDate.slice(0, 8);
  const canonical = [
    seen.method,
    seen.path,
    '',
    ...signedHeaders.split(';').map((h) => `${h}:${String(seen.headers[h]).trim()}`),
    '',
    signedHeaders,
    sha256(seen.body),
  ].join('\n');
  const scope = `${day}/${region}/dynamodb/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 'dynamodb'), 'aws4_request');
  return hmac(key, toSign).toString('hex');
}

const aws = (endpoint: string) => ({ region: 'eu-central-1', endpoints: { dynamodb: endpoint } }) as never;
const delta = { calls: 1, errors: 0, durationMs: 12.7, aiTokens: 40 };

describe('the signed usage writer', () => {
  it('sends one UpdateItem whose SigV4 signature is the one AWS’s algorithm gives', async () => {
    const dynamo = await fakeDynamo();
    await new SignedUsageWriter(aws(dynamo.endpoint), 'usage-table').add('acct-9', '2026-11-26', 'GET /x', delta);
    expect(dynamo.seen).toHaveLength(1);
    const [req] = dynamo.seen;
    expect(req!.headers['x-amz-target']).toBe('DynamoDB_20120810.UpdateItem');
    const auth = String(req!.headers.authorization);
    expect(auth).toMatch(
      /^AWS4-HMAC-SHA256 Credential=local\/\d{8}\/eu-central-1\/dynamodb\/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=[0-9a-f]{64}$/,
    );
    expect(/Signature=(\w+)/.exec(auth)![1]).toBe(
      expectedSignature(req!, emulatorCredentials.secretAccessKey, 'eu-central-1'),
    );
    expect(JSON.parse(req!.body)).toEqual({
      TableName: 'usage-table',
      Key: { pk: { S: 'acct#acct-9' }, sk: { S: '2026-11-26#GET /x' } },
      UpdateExpression:
        'ADD calls :c, errors :e, durationMs :d, aiTokens :t SET #day = :day, #route = :route, expiresAt = :expires',
      ExpressionAttributeNames: { '#day': 'day', '#route': 'route' },
      ExpressionAttributeValues: {
        ':c': { N: '1' },
        ':e': { N: '0' },
        ':d': { N: '13' },
        ':t': { N: '40' },
        ':day': { S: '2026-11-26' },
        ':route': { S: 'GET /x' },
        ':expires': { N: String(Date.parse('2027-12-31T00:00:00Z') / 1000) },
      },
    });
  });

  it('retries throttling as the SDK does, and gives up on a refusal at once', async () => {
    const throttled = { status: 400, body: '{"__type":"com.amazonaws.dynamodb.v20120810#ThrottlingException"}' };
    const dynamo = await fakeDynamo([throttled, throttled]);
    const writer = new SignedUsageWriter(aws(dynamo.endpoint), 'usage-table');
    await writer.add('acct-9', '2026-11-26', 'GET /x', delta);
    expect(dynamo.seen).toHaveLength(3);

    const refused = { status: 400, body: '{"__type":"com.amazon.coral.validate#ValidationException"}' };
    const again = await fakeDynamo([refused]);
    await expect(
      new SignedUsageWriter(aws(again.endpoint), 'usage-table').add('acct-9', '2026-11-26', 'GET /x', delta),
    ).rejects.toThrow('usage table failed: 400 ValidationException');
    expect(again.seen).toHaveLength(1);
  });
});
