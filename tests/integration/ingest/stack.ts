// The ingestion pipeline on real parts for integration tests: the emulators, the real AWS SDK clients
// and LanceDB (in a temporary directory) built by lib/services, the real handlers, and SQS delivery to the embed worker as Lambda's event
// source mapping does it (with a one-second visibility timeout, so failed messages return quickly).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { Level } from '../../../lib/config';
import type { WorkerDeps } from '../../../lib/ingest/worker';
import { startEmulators, type Emulators } from '../../../local/emulators';
import { matchesFilter, s3NotificationFilters } from '../../../local/serverless-config';
import { toSqsEvent } from '../../../local/queue-poller';
import { call, lambdaContext, multipartBody, type EventInput } from '../../support/api-event';
import { issueToken } from '../../../lib/http/token';
import { createLogger } from '../../../lib/log';

const SECRET = 'integration-secret-0123456789-abcdefghij';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const RETRY_VISIBILITY_SECONDS = 1;

export interface StackOptions {
  env?: Record<string, string>;
  /** Forward S3 object-created events to the jobs queue, as the bucket notification (serverless.yml) does on AWS. */
  forwardS3Events?: boolean;
}

export async function startIngestStack(options: StackOptions = {}) {
  const emulators: Emulators = await startEmulators();
  const lanceDir = await mkdtemp(join(tmpdir(), 'fnq-ingest-lance-'));
  Object.assign(
    process.env,
    emulators.env,
    { FNQ_JWT_SECRET: SECRET, FNQ_LANCE_URI: lanceDir, FNQ_LOG_LEVEL: 'warn' },
    options.env,
  );
  const { resetConfig } = await import('../../../lib/config');
  resetConfig();

  const services = {
    ...(await import('../../../lib/services/core')),
    ...(await import('../../../lib/services/storage')),
    ...(await import('../../../lib/services/vectors')),
    ...(await import('../../../lib/services/ingest')),
    ...(await import('../../../lib/services/vector-writers')),
  };
  const sqs = new SQSClient({ region: emulators.env.AWS_REGION, endpoint: emulators.endpoints.sqs, credentials });
  // Every object-created event s3rver emitted (matched by the notification or not) and the forwarding
  // it caused, so a test can wait for "the event was handled" instead of sleeping.
  const s3EventsSeen: string[] = [];
  const forwarding: Promise<unknown>[] = [];
  if (options.forwardS3Events) {
    const filters = s3NotificationFilters();
    (emulators.s3 as unknown as NodeJS.EventEmitter).on(
      'event',
      (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => {
        const created = event.Records.filter(
          (r) =>
            r.eventName.startsWith('ObjectCreated') &&
            filters.some((f) => matchesFilter(decodeURIComponent(r.s3.object.key), f)),
        );
        if (created.length)
          forwarding.push(
            sqs.send(
              new SendMessageCommand({
                QueueUrl: emulators.queueUrl,
                MessageBody: JSON.stringify({ Records: created }),
              }),
            ),
          );
        s3EventsSeen.push(...event.Records.map((r) => decodeURIComponent(r.s3.object.key)));
      },
    );
  }
  /** Resolves once s3rver has emitted an event for a key ending in `suffix` and its forwarding (if any) is sent. */
  async function s3EventHandled(suffix: string, timeoutMs = 5000) {
    const until = Date.now() + timeoutMs;
    while (!s3EventsSeen.some((key) => key.endsWith(suffix))) {
      if (Date.now() > until) throw new Error(`s3rver emitted no event for …${suffix} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(forwarding);
  }
  const vectors = services.vectors();
  const handlers = {
    upload: (await import('../../../handlers/http/upload')).handler,
    uploadUrl: (await import('../../../handlers/http/upload-url')).handler,
    status: (await import('../../../handlers/http/upload-status')).handler,
    collectionsList: (await import('../../../handlers/http/collections-list')).handler,
    collectionGet: (await import('../../../handlers/http/collections-get')).handler,
    collectionDelete: (await import('../../../handlers/http/collections-delete')).handler,
    uploadDelete: (await import('../../../handlers/http/upload-delete')).handler,
  };
  const { createEmbedWorker } = await import('../../../handlers/queue/embed-worker');
  const workerDeps = services.workerDeps;

  const workerLines: string[] = [];
  const workerLog = createLogger({ level: 'debug', sink: (line) => workerLines.push(line) });
  const queueArn = `arn:aws:sqs:${emulators.env.AWS_REGION}:123456789012:${emulators.queueUrl.split('/').pop()}`;

  async function inFlight(): Promise<number> {
    const out = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: emulators.queueUrl,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    return (
      Number(out.Attributes?.ApproximateNumberOfMessages ?? 0) +
      Number(out.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
    );
  }

  /** The next messages, waiting out the visibility timeout of failed ones; none once nothing is in flight. */
  async function receive(batchSize: number) {
    for (;;) {
      const received = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: emulators.queueUrl,
          MaxNumberOfMessages: batchSize,
          WaitTimeSeconds: 0,
          // A short visibility timeout stands in for the deployed one, so a failed message comes back
          // (or moves to the dead-letter queue) within a second.
          VisibilityTimeout: RETRY_VISIBILITY_SECONDS,
          // The emulator fills in ApproximateReceiveCount only for the older AttributeNames form.
          AttributeNames: ['All'],
        }),
      );
      if (received.Messages?.length) return received.Messages;
      if (!(await inFlight())) return [];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** One receive and delivery, deleting the messages the worker did not report as failed. */
  async function deliverOnce(worker: ReturnType<typeof createEmbedWorker>, batchSize = 5) {
    const messages = await receive(batchSize);
    if (!messages.length) return { delivered: 0, failed: 0 };
    const reply = await worker(toSqsEvent(messages, queueArn, emulators.env.AWS_REGION!), lambdaContext(600_000));
    const failed = new Set(reply.batchItemFailures.map((f) => f.itemIdentifier));
    const done = messages.filter((m) => !failed.has(m.MessageId!));
    if (done.length) {
      await sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: emulators.queueUrl,
          Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
        }),
      );
    }
    return { delivered: messages.length, failed: failed.size };
  }

  return {
    emulators,
    services,
    handlers,
    vectors,
    sqs,
    /** The embed worker on the real stores; `deps` replaces parts (e.g. a failing embedder). */
    worker: (deps: Partial<Omit<WorkerDeps, 'log'>> = {}) =>
      createEmbedWorker({ worker: { ...workerDeps(), ...deps }, log: workerLog }),
    /** What the workers logged, as JSON lines. */
    workerLog: workerLines,
    inFlight,
    s3EventHandled,
    deliverOnce,
    /** Delivers until the queue is empty; returns the number of deliveries. */
    async drain(worker = createEmbedWorker({ worker: workerDeps(), log: workerLog }), batchSize = 5) {
      let deliveries = 0;
      for (;;) {
        const { delivered } = await deliverOnce(worker, batchSize);
        if (!delivered) return deliveries;
        deliveries += delivered;
      }
    },
    token: (account: string, level: Level = 'pro') => issueToken({ secret: SECRET, account, level, ttlSeconds: 3600 }),
    call,
    async uploadFile(token: string, collection: string, filename: string, bytes: Uint8Array) {
      const { body, contentType } = await multipartBody([{ field: 'file', filename, bytes }]);
      return call(handlers.upload, {
        method: 'POST',
        path: '/embedder-service/v1/upload',
        query: { collection_name: collection },
        headers: { 'content-type': contentType },
        body,
        token,
      } satisfies EventInput);
    },
    async status(token: string, uploadId: string) {
      return call(handlers.status, { path: '/embedder-service/v1/status', query: { upload_id: uploadId }, token });
    },
    async stop() {
      sqs.destroy();
      await emulators.stop();
      await rm(lanceDir, { recursive: true, force: true });
    },
  };
}

export type IngestStack = Awaited<ReturnType<typeof startIngestStack>>;
