// The zips `serverless package` builds, run the way Lambda runs them: each under AWS's Runtime Interface
// Emulator with AWS's runtime interface client for Node.js, in a Lambda-shaped sandbox (task root read-only
// at /var/task, only /tmp writable, loopback only), with the handler string and environment of the compiled
// template. Real event shapes drive them: API Gateway v2 HTTP events, an SQS batch, an EventBridge schedule.
// Their SDK clients point at the in-process emulators (S3, SQS, DynamoDB, SSM for the JWT secret) and at a
// loopback Lambda API whose hosted functions run under the RIE too, so each event does its real work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';
import { DynamoDBClient, GetItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyStructuredResultV2, SQSBatchResponse } from 'aws-lambda';
import { issueToken } from '../../../lib/http/token';
import { directoryFiles, writeBundle } from '../../../lib/functions/bundle';
import { startEmulators, PROJECT_ROOT, type Emulators } from '../../../local/emulators';
import { toSqsEvent } from '../../../local/queue-poller';
import { apiEvent, multipartBody, type EventInput } from '../../support/api-event';
import { startFakeSsm, type FakeSsm } from '../../support/fake-ssm';
import { packaged, SECRET_PARAMETER, type Packaged } from '../../support/packaged-service';
import { lambdaRuntimes, type RieLambda } from '../../support/lambda-rie';
import { startRieLambdaService, type RieLambdaService } from '../../support/rie-lambda-service';
import { runPackagedLambda } from '../../support/packaged-lambda-env';

const SECRET = 'rie-test-secret-0123456789-abcdefghijkl';
const ACCOUNT = 'acct-rie';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

let pkg: Packaged;
let emulators: Emulators;
let ssm: FakeSsm;
let lambdaApi: RieLambdaService;
let sqs: SQSClient;
let ddb: DynamoDBClient;
let token: string;
const running = new Map<string, Promise<RieLambda>>();

beforeAll(async () => {
  pkg = packaged();
  await lambdaRuntimes(); // built once per machine (minutes), before any test's own timeout runs
  emulators = await startEmulators({ stage: 'ci' });
  ssm = await startFakeSsm({ [SECRET_PARAMETER]: SECRET });
  lambdaApi = await startRieLambdaService();
  sqs = new SQSClient({ region: 'us-east-1', endpoint: emulators.endpoints.sqs, credentials });
  ddb = new DynamoDBClient({ region: 'us-east-1', endpoint: emulators.endpoints.dynamodb, credentials });
  token = await issueToken({ secret: SECRET, account: ACCOUNT, level: 'pro', ttlSeconds: 3600 });
}, 1_200_000);

afterAll(async () => {
  await Promise.all([...running.values()].map(async (l) => (await l).stop()));
  await lambdaApi?.stop();
  await ssm?.stop();
  sqs?.destroy();
  ddb?.destroy();
  await emulators?.stop();
  pkg?.remove();
});

/** The packaged Lambda `name` under the RIE, started on first use (its cold start) and kept warm. */
function lambda(name: string): Promise<RieLambda> {
  let started = running.get(name);
  if (!started) {
    started = runPackagedLambda(pkg, name, { emulators, ssmUrl: ssm.url, lambdaUrl: lambdaApi.url });
    running.set(name, started);
  }
  return started;
}

/** An API Gateway v2 event through the packaged Lambda; the reply's body parsed when it is JSON. */
async function http(name: string, input: EventInput) {
  const { payload, functionError } = await (await lambda(name)).invoke(apiEvent({ token, ...input }));
  expect(functionError, JSON.stringify(payload)).toBeUndefined();
  const reply = payload as APIGatewayProxyStructuredResultV2;
  const text = reply.isBase64Encoded ? Buffer.from(reply.body ?? '', 'base64').toString() : (reply.body ?? '');
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON
  }
  return { status: reply.statusCode, headers: reply.headers ?? {}, body, text };
}

async function receiveAll(queueUrl = emulators.queueUrl): Promise<Message[]> {
  const out = await sqs.send(
    new ReceiveMessageCommand({
      QueueUrl: queueUrl,
      MaxNumberOfMessages: 10,
      WaitTimeSeconds: 1,
      AttributeNames: ['All'],
    }),
  );
  return out.Messages ?? [];
}

const uploadItem = async (uploadId: string) =>
  (
    await ddb.send(
      new GetItemCommand({
        TableName: emulators.env.FNQ_UPLOADS_TABLE,
        Key: { pk: { S: `acct#${ACCOUNT}` }, sk: { S: `upload#${uploadId}` } },
      }),
    )
  ).Item;

async function upload(collection: string, filename: string, text: string) {
  const { body, contentType } = await multipartBody([{ field: 'file', filename, bytes: Buffer.from(text) }]);
  return http('upload', {
    method: 'POST',
    path: '/embedder-service/v1/upload',
    query: { collection_name: collection },
    headers: { 'content-type': contentType },
    body,
  });
}

const NOTES = [
  'The greenhouse on the north field grows tomatoes and peppers through the winter months.',
  'Rainwater from the barn roof fills two tanks that water the greenhouse beds.',
  'A wind turbine on the hill charges the batteries that heat the greenhouse at night.',
].join('\n\n');

describe('packaged HTTP Lambdas under the RIE', () => {
  it('answers GET /health from the health zip', async () => {
    const res = await http('health', { path: '/health' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok' });
  });

  it('refuses a request without a token in the service envelope', async () => {
    const res = await http('usage', { path: '/usage-service/v1/usage', token: '' });
    expect(res.status).toBe(401);
    expect(res.text).toMatch(/ISSUE: .* ADVICE: /);
  });
});

describe('ingest: upload, the embed worker on an SQS batch, the sweep on a schedule', () => {
  let uploadId: string;

  it('accepts an upload: status record written, file in S3, job on the queue', async () => {
    const res = await upload('farm-notes', 'greenhouse.txt', NOTES);
    expect(res.status).toBe(202);
    uploadId = String(res.body.upload_id);
    expect((await uploadItem(uploadId))?.state?.S).toBe('queued');
  });

  it('embeds the upload from an SQS batch and reports only the bad record as failed', async () => {
    const messages = await receiveAll();
    expect(messages.map((m) => m.Body).join()).toContain(uploadId);
    const poison = { ...messages[0]!, MessageId: 'poison-1', Body: '{"not":"a job"', ReceiptHandle: 'poison' };
    const event = toSqsEvent([...messages, poison], 'arn:aws:sqs:us-east-1:123456789012:fnquery-ci-jobs', 'us-east-1');
    const { payload, functionError } = await (await lambda('embedWorker')).invoke(event);
    expect(functionError, JSON.stringify(payload)).toBeUndefined();
    const worker = await lambda('embedWorker');
    expect((payload as SQSBatchResponse).batchItemFailures, worker.output().slice(-3000)).toEqual([
      { itemIdentifier: 'poison-1' },
    ]);
    for (const m of messages)
      await sqs.send(new DeleteMessageCommand({ QueueUrl: emulators.queueUrl, ReceiptHandle: m.ReceiptHandle! }));

    const status = await http('uploadStatus', { path: '/embedder-service/v1/status', query: { upload_id: uploadId } });
    expect(status.body).toMatchObject({ status: 'completed', collection_name: 'farm-notes' });
    expect(Number(status.body.embedded_chunks)).toBeGreaterThan(0);
    expect(status.body.embedded_chunks).toBe(status.body.total_chunks);
  });

  it('finds the stored vectors through the retrieval query Lambda', async () => {
    const res = await http('queryVectordb', {
      method: 'POST',
      path: '/query-service/v1/vectordb',
      body: { query: 'What heats the greenhouse at night?', vector_docdb_collection: 'farm-notes' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.messages).toContain('completed');
    expect(String(res.body.answer)).toMatch(/turbine|batter/i);
  });

  it('re-sends a job lost from the queue when the scheduled sweep runs', async () => {
    const lost = await upload('farm-notes', 'lost.txt', 'A note whose job message was lost on its way.');
    const lostId = String(lost.body.upload_id);
    for (const m of await receiveAll())
      await sqs.send(new DeleteMessageCommand({ QueueUrl: emulators.queueUrl, ReceiptHandle: m.ReceiptHandle! }));
    // Queued longer than the sweep's grace period.
    await ddb.send(
      new UpdateItemCommand({
        TableName: emulators.env.FNQ_UPLOADS_TABLE,
        Key: { pk: { S: `acct#${ACCOUNT}` }, sk: { S: `upload#${lostId}` } },
        UpdateExpression: 'SET startedAt = :old',
        ExpressionAttributeValues: { ':old': { N: String(Date.now() - 60 * 60 * 1000) } },
      }),
    );
    const scheduled = {
      version: '0',
      id: 'b6d3c7a0-sweep-test',
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      account: '123456789012',
      time: new Date().toISOString(),
      region: 'us-east-1',
      resources: ['arn:aws:events:us-east-1:123456789012:rule/fnquery-ci-ingestSweep'],
      detail: {},
    };
    const { payload, functionError } = await (await lambda('ingestSweep')).invoke(scheduled);
    expect(functionError, JSON.stringify(payload)).toBeUndefined();
    expect(payload).toEqual({ resent: 1, failed: 0 });
    expect((await receiveAll()).map((m) => m.Body).join()).toContain(lostId);
  });
});

/** GET the deployment through the packaged Lambda until it is ready or failed (a deadline, not a sleep). */
async function deploymentSettled(id: string, deadlineMs = 60_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const res = await http('deploymentsGet', {
      path: `/function-service/v1/deployments/${id}`,
      pathParams: { id },
    });
    expect(res.status, res.text).toBe(200);
    if (res.body.status === 'ready' || res.body.status === 'failed' || Date.now() > deadline) return res.body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('hosted functions: deployed and called through the packaged Lambdas', () => {
  const examples = ['node', 'python', 'ruby'] as const;

  it.each(examples)('deploys the %s example as its own Lambda and calls it under its runtime client', async (lang) => {
    const dir = join(PROJECT_ROOT, 'examples', 'functions', lang);
    const spec = JSON.parse(readFileSync(join(dir, 'spec.json'), 'utf8')) as { shortname: string };
    const zip = Buffer.from(writeBundle(await directoryFiles(dir)));
    const deployed = await http('functionsDeploy', {
      method: 'POST',
      path: '/function-service/v1/functions',
      headers: { 'content-type': 'application/zip' },
      body: zip,
    });
    expect(deployed.status, deployed.text).toBe(202);
    expect(deployed.body).toMatchObject({ shortname: spec.shortname, status: 'queued' });
    const deploymentId = String(deployed.body.id);

    // The deployment's message, from the builds queue to the packaged build worker as Lambda's SQS trigger would.
    const messages = await receiveAll(emulators.buildsQueueUrl);
    expect(messages.map((m) => m.Body).join()).toContain(deploymentId);
    const event = toSqsEvent(messages, 'arn:aws:sqs:us-east-1:123456789012:fnquery-ci-builds', 'us-east-1');
    const built = await (await lambda('buildWorker')).invoke(event);
    expect(built.functionError, JSON.stringify(built.payload)).toBeUndefined();
    expect((built.payload as SQSBatchResponse).batchItemFailures).toEqual([]);
    for (const m of messages)
      await sqs.send(new DeleteMessageCommand({ QueueUrl: emulators.buildsQueueUrl, ReceiptHandle: m.ReceiptHandle! }));

    const ready = await deploymentSettled(deploymentId);
    expect(ready, JSON.stringify(ready)).toMatchObject({ status: 'ready', shortname: spec.shortname });
    const hosted = lambdaApi.functions.get(`fnquery-ci-fn-${spec.shortname}`);
    expect(hosted?.handler).toMatch(/^fnq_bootstrap\./);
    // The deploy made the function's log group, with the service's retention, through the CloudWatch Logs API.
    expect(lambdaApi.logGroups.get(`/aws/lambda/fnquery-ci-fn-${spec.shortname}`)).toBe(14);

    const called = await http('invokeFunction', {
      method: 'POST',
      path: `/functions/v1/${spec.shortname}`,
      pathParams: { shortname: spec.shortname },
      query: { greeting: 'Welcome' },
      body: { name: 'Grace' },
    });
    expect(called.status, called.text).toBe(200);
    expect(called.body).toEqual({ message: 'Welcome, Grace!' });
    expect(lambdaApi.coldStarts.get(`fnquery-ci-fn-${spec.shortname}`)).toBe(1);
  });

  it('refuses a bundle that is not a zip, and a call to a function that does not exist, with advice', async () => {
    const bad = await http('functionsDeploy', {
      method: 'POST',
      path: '/function-service/v1/functions',
      headers: { 'content-type': 'application/zip' },
      body: Buffer.from('this is not a zip archive'),
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/ISSUE: .* ADVICE: /);
    const missing = await http('invokeFunction', {
      method: 'POST',
      path: '/functions/v1/no-such-function',
      pathParams: { shortname: 'no-such-function' },
      body: {},
    });
    expect(missing.status).toBe(404);
    expect(missing.text).toMatch(/ISSUE: .* ADVICE: /);
  });

  it('answers a function-calling query through the hosted Node function', async () => {
    const res = await http('queryFunction', {
      method: 'POST',
      path: '/query-service/v1/function',
      body: { query: 'Say hello to Marie', function: 'hello-node' },
    });
    expect(res.status, res.text).toBe(200);
    expect(String(res.body.answer)).toMatch(/Marie/);
  });
});
