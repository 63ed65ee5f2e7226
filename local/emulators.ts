// In-process emulators of S3 (s3rver), SQS (local-aws-sqs) and DynamoDB (dynalite), with the
// bucket, queues and tables the service needs. Used by `npm start` and by integration tests.
// Table definitions are read from serverless.yml, so local and AWS cannot drift apart.
import { emulatorCredentials } from '../lib/aws/emulator';
import { mkdir } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import dynalite from 'dynalite';
import S3rver from 's3rver';
import { createRequestHandler } from 'local-aws-sqs';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { scanAll } from '../lib/aws/dynamo-pages';
import { sdkDocuments } from '../lib/aws/dynamo-client';
import { catalogFields } from '../lib/aws/dynamo-function-registry';
import type { FunctionRecord } from '../lib/functions/ports';
import { catalogEntry } from '../lib/functions/catalog-entry';
import { declaredResources, loadServerless, PROJECT_ROOT } from './serverless-config';
import { makeStoreConsistent, type FilesystemStore } from './s3-consistency';
import { RETRY_BUDGET } from '../lib/ingest/limits';
import { persistQueue, type EmulatedQueue } from './sqs-journal';
import { startTransactionShim } from './dynamo-transaction-shim';

export { PROJECT_ROOT };
const SQS_ACCOUNT = '123456789012';
const REGION = 'us-east-1';

export interface Emulators {
  /** Environment for the service (FNQ_* variables) pointing at these emulators. */
  env: Record<string, string>;
  endpoints: { s3: string; sqs: string; dynamodb: string };
  bucket: string;
  queueUrl: string;
  buildsQueueUrl: string;
  webhooksQueueUrl: string;
  deadLetterQueueUrl: string;
  /** s3rver emits S3 event notifications here (the presigned-upload path). */
  s3: S3rver;
  stop(): Promise<void>;
}

export interface EmulatorOptions {
  /** Persist S3 objects, DynamoDB items and the jobs queue's messages here; in memory when omitted. */
  dataDir?: string;
  stage?: string;
}

/** A port free on 127.0.0.1 right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

const boundPort = (server: Server) => (server.address() as AddressInfo).port;

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

/** The DynamoDB tables declared in serverless.yml, with the stage's names. */
export function declaredTables(stage: string): CreateTableCommandInput[] {
  const doc = loadServerless();
  return (
    Object.values(declaredResources(doc))
      .filter((r) => r.Type === 'AWS::DynamoDB::Table')
      // Backups and expiry are AWS settings, not part of CreateTable.
      .map(({ Properties: { PointInTimeRecoverySpecification: _pitr, TimeToLiveSpecification: _ttl, ...p } = {} }) => ({
        ...(p as unknown as CreateTableCommandInput),
        TableName: String(p.TableName).replace('${self:service}', doc.service).replace('${sls:stage}', stage),
      }))
  );
}

/**
 * A table kept in a data folder from before serverless.yml declared one of its indexes gets it.
 * dynalite cannot add an index to a table, so the table is made anew and its items copied back,
 * function items with the catalog fields they were written without.
 */
async function addMissingIndexes(ddb: DynamoDBClient, declared: CreateTableCommandInput): Promise<void> {
  const { Table } = await ddb.send(new DescribeTableCommand({ TableName: declared.TableName }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  if ((declared.GlobalSecondaryIndexes ?? []).every((i) => present.has(i.IndexName))) return;
  const docs = DynamoDBDocumentClient.from(ddb);
  const items = await scanAll(sdkDocuments(docs), { TableName: declared.TableName });
  await ddb.send(new DeleteTableCommand({ TableName: declared.TableName }));
  await ddb.send(new CreateTableCommand(declared));
  const upgraded = items.map((item) =>
    String(item.pk).startsWith('fn#') && item.specJson && !item.listed
      ? {
          ...item,
          ...catalogFields(
            catalogEntry({ ...item, spec: JSON.parse(String(item.specJson)) } as unknown as FunctionRecord),
          ),
        }
      : item,
  );
  for (let i = 0; i < upgraded.length; i += 25) {
    const batch = upgraded.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    await docs.send(new BatchWriteCommand({ RequestItems: { [declared.TableName!]: batch } }));
  }
}

export const tableEnv = (stage: string) => {
  const name = (suffix: string) => `fnquery-${stage}-${suffix}`;
  return {
    FNQ_UPLOADS_TABLE: name('uploads'),
    FNQ_USAGE_TABLE: name('usage'),
    FNQ_FUNCTIONS_TABLE: name('functions'),
    FNQ_LANCE_COMMITS_TABLE: name('lance-commits'),
    FNQ_WEBHOOKS_TABLE: name('webhooks'),
  };
};

export async function startEmulators(options: EmulatorOptions = {}): Promise<Emulators> {
  const stage = options.stage ?? 'local';
  const bucket = `fnquery-${stage}`;
  const jobs = `fnquery-${stage}-jobs`;
  const deadLetters = `${jobs}-dlq`;
  // Deployments for the build worker; a build may take minutes, so a message stays invisible for 15.
  const builds = `fnquery-${stage}-builds`;
  // Webhook events and attempts; attempts wait on it as delayed messages (lib/webhooks/schedule.ts).
  const webhooks = `fnquery-${stage}-webhooks`;

  if (options.dataDir) {
    await mkdir(join(options.dataDir, 'dynamodb'), { recursive: true });
    await mkdir(join(options.dataDir, 's3'), { recursive: true });
  }
  const dynamo = dynalite({
    path: options.dataDir ? join(options.dataDir, 'dynamodb') : undefined,
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  }) as Server;
  // Every emulator binds port 0 and reads the port the kernel gave it: a port picked first and bound
  // later can be taken in between by another test file's stack.
  await listen(dynamo, 0);
  const dynalitePort = boundPort(dynamo);
  // dynalite has no TransactWriteItems; the service reaches it through this front, which adds them.
  const transactions = await startTransactionShim({ port: dynalitePort }, 0);
  const dynamoPort = boundPort(transactions);

  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: options.dataDir
      ? join(options.dataDir, 's3')
      : join(PROJECT_ROOT, '.tmp', `s3-${process.pid}-${randomUUID()}`),
    resetOnClose: !options.dataDir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  // S3's read-after-write consistency, which s3rver's own store lacks (see the file).
  const removeSpool = makeStoreConsistent((s3 as unknown as { store: FilesystemStore }).store);
  const { port: s3Port } = (await s3.run()) as AddressInfo;

  let requestHandler: (req: IncomingMessage, res: ServerResponse) => unknown = () => undefined;
  const sqs = createServer((req, res) => void requestHandler(req, res));
  await listen(sqs, 0);
  const sqsPort = boundPort(sqs);
  const { service: sqsService, requestHandler: sqsHandler } = createRequestHandler({
    port: sqsPort,
    hostname: '127.0.0.1',
    region: REGION,
    accountId: SQS_ACCOUNT,
    emulateQueueCreationLifecycle: false,
    queues: [
      { QueueName: deadLetters },
      { QueueName: builds, Attributes: { VisibilityTimeout: '900' } },
      { QueueName: webhooks, Attributes: { VisibilityTimeout: '60' } },
      {
        QueueName: jobs,
        Attributes: {
          VisibilityTimeout: '60',
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: `arn:aws:sqs:${REGION}:${SQS_ACCOUNT}:${deadLetters}`,
            maxReceiveCount: RETRY_BUDGET,
          }),
        },
      },
    ],
  });
  if (options.dataDir) {
    await mkdir(join(options.dataDir, 'sqs'), { recursive: true });
    const queue = sqsService.Queues.find((q) => q.QueueName === jobs) as unknown as EmulatedQueue;
    persistQueue(queue, join(options.dataDir, 'sqs', `${jobs}.jsonl`));
  }
  requestHandler = sqsHandler;

  const endpoints = {
    s3: `http://127.0.0.1:${s3Port}`,
    sqs: `http://127.0.0.1:${sqsPort}`,
    dynamodb: `http://127.0.0.1:${dynamoPort}`,
  };
  const ddb = new DynamoDBClient({ region: REGION, endpoint: endpoints.dynamodb, credentials: emulatorCredentials });
  const existing = new Set((await ddb.send(new ListTablesCommand({}))).TableNames ?? []);
  for (const table of declaredTables(stage)) {
    if (!existing.has(table.TableName!)) await ddb.send(new CreateTableCommand(table));
    else await addMissingIndexes(ddb, table);
  }
  ddb.destroy();

  const queueUrl = `${endpoints.sqs}/${SQS_ACCOUNT}/${jobs}`;
  const buildsQueueUrl = `${endpoints.sqs}/${SQS_ACCOUNT}/${builds}`;
  const webhooksQueueUrl = `${endpoints.sqs}/${SQS_ACCOUNT}/${webhooks}`;
  return {
    endpoints,
    bucket,
    queueUrl,
    buildsQueueUrl,
    webhooksQueueUrl,
    deadLetterQueueUrl: `${endpoints.sqs}/${SQS_ACCOUNT}/${deadLetters}`,
    s3,
    env: {
      AWS_REGION: REGION,
      FNQ_STAGE: stage,
      FNQ_S3_ENDPOINT: endpoints.s3,
      FNQ_SQS_ENDPOINT: endpoints.sqs,
      FNQ_DYNAMODB_ENDPOINT: endpoints.dynamodb,
      FNQ_BUCKET: bucket,
      FNQ_QUEUE_URL: queueUrl,
      FNQ_BUILDS_QUEUE_URL: buildsQueueUrl,
      FNQ_WEBHOOKS_QUEUE_URL: webhooksQueueUrl,
      ...tableEnv(stage),
    },
    async stop() {
      await Promise.all([
        new Promise((resolve) => transactions.close(resolve)).then(
          () => new Promise((resolve) => dynamo.close(resolve)),
        ),
        new Promise((resolve) => sqs.close(resolve)),
        s3.close().then(removeSpool),
      ]);
    },
  };
}
