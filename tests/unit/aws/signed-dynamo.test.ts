// The signed DynamoDB caller's request as DynamoDB receives it, checked against SigV4 computed here from AWS's
// published algorithm with node:crypto alone: the emulator checks a signature's shape but not its value, so
// this is what shows that real DynamoDB would accept it. A loopback server stands in for DynamoDB's endpoint.
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SignedDynamo } from '../../../lib/aws/signed-dynamo';
import { DynamoUsageStore } from '../../../lib/aws/dynamo-usage-store';
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
const error = (status: number, type: string, extra: object = {}) => ({
  status,
  body: JSON.stringify({
    __type: `com.amazonaws.dynamodb.v20120810#${type}`,
    message: 'quoted value: secret-42',
    ...extra,
  }),
});
/** The error a promise fails with (or undefined), to look at more than its message. */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as Error & { status?: number; CancellationReasons?: unknown },
  );

describe('the signed DynamoDB caller', () => {
  it('sends a usage count as one UpdateItem whose SigV4 signature is the one AWS’s algorithm gives', async () => {
    const dynamo = await fakeDynamo();
    const store = new DynamoUsageStore(new SignedDynamo(aws(dynamo.endpoint)), 'usage-table');
    await store.add('acct-9', '2026-11-26', 'GET /x', delta);
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

  it('reads an item and a page back as plain values', async () => {
    const item = { pk: { S: 'a' }, n: { N: '3.5' }, tags: { SS: ['x', 'y'] }, m: { M: { ok: { BOOL: true } } } };
    const dynamo = await fakeDynamo([
      { status: 200, body: JSON.stringify({ Item: item }) },
      { status: 200, body: '{}' },
      { status: 200, body: JSON.stringify({ Items: [item], Count: 1, LastEvaluatedKey: { pk: { S: 'a' } } }) },
    ]);
    const db = new SignedDynamo(aws(dynamo.endpoint));
    const plain = { pk: 'a', n: 3.5, tags: new Set(['x', 'y']), m: { ok: true } };
    expect(await db.get({ TableName: 't', Key: { pk: 'a' } })).toEqual({ Item: plain });
    expect(await db.get({ TableName: 't', Key: { pk: 'b' } })).toEqual({ Item: undefined });
    expect(
      await db.query({ TableName: 't', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'a' } }),
    ).toEqual({ Items: [plain], LastEvaluatedKey: { pk: 'a' } });
    expect(dynamo.seen.map((r) => r.headers['x-amz-target'])).toEqual([
      'DynamoDB_20120810.GetItem',
      'DynamoDB_20120810.GetItem',
      'DynamoDB_20120810.Query',
    ]);
    expect(JSON.parse(dynamo.seen[2]!.body).ExpressionAttributeValues).toEqual({ ':p': { S: 'a' } });
  });

  it('retries throttling and a 5xx as the SDK does, at most four attempts', async () => {
    const throttled = error(400, 'ThrottlingException');
    const dynamo = await fakeDynamo([throttled, error(500, 'InternalServerError')]);
    expect(await new SignedDynamo(aws(dynamo.endpoint)).get({ TableName: 't', Key: { pk: 'a' } })).toEqual({
      Item: undefined,
    });
    expect(dynamo.seen).toHaveLength(3);

    const down = await fakeDynamo(Array.from({ length: 5 }, () => ({ status: 503, body: '<html>busy</html>' })));
    const e = await failure(new SignedDynamo(aws(down.endpoint)).get({ TableName: 't', Key: { pk: 'a' } }));
    expect(down.seen).toHaveLength(4);
    expect(e).toMatchObject({ name: 'InternalServerError', status: 503 });
  });

  it('gives up on a refusal at once, named as DynamoDB names it and without DynamoDB’s message', async () => {
    const dynamo = await fakeDynamo([error(400, 'ValidationException')]);
    const e = await failure(new SignedDynamo(aws(dynamo.endpoint)).get({ TableName: 't', Key: { pk: 'a' } }));
    expect(dynamo.seen).toHaveLength(1);
    expect(e).toMatchObject({ name: 'ValidationException', status: 400 });
    // DynamoDB's message can quote the request's values; the error (and so the log) carries none of it.
    expect(e!.message).toBe('DynamoDB GetItem failed: 400 ValidationException');
  });

  it('maps a failed condition and a cancelled transaction as the SDK’s exceptions are named', async () => {
    const reasons = [{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Item: { embedder: { S: 'e1' } } }];
    const dynamo = await fakeDynamo([
      error(400, 'ConditionalCheckFailedException'),
      error(400, 'TransactionCanceledException', { CancellationReasons: reasons }),
    ]);
    const db = new SignedDynamo(aws(dynamo.endpoint));
    const condition = await failure(db.update({ TableName: 't', Key: { pk: 'a' }, UpdateExpression: 'SET x = :x' }));
    expect(condition!.name).toBe('ConditionalCheckFailedException');
    const cancelled = await failure(db.transactWrite({ TransactItems: [] }));
    expect(cancelled).toMatchObject({ name: 'TransactionCanceledException', CancellationReasons: reasons });
    expect(dynamo.seen).toHaveLength(2);
  });

  it('fails on a malformed answer, without sending again', async () => {
    const dynamo = await fakeDynamo([
      { status: 200, body: 'not json' },
      { status: 200, body: '[1, 2]' },
      { status: 200, body: JSON.stringify({ Item: { pk: { Q: 'a' } } }) },
    ]);
    const db = new SignedDynamo(aws(dynamo.endpoint));
    const get = () => db.get({ TableName: 't', Key: { pk: 'a' } });
    await expect(get()).rejects.toThrow('DynamoDB GetItem answered 200 with a body that is not a JSON object');
    await expect(get()).rejects.toThrow('DynamoDB GetItem answered 200 with a body that is not a JSON object');
    await expect(get()).rejects.toThrow('DynamoDB answered an attribute of unknown type "Q"');
    expect(dynamo.seen).toHaveLength(3);
  });
});
