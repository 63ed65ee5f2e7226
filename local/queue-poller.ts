// Delivers SQS messages to queue-triggered Lambdas the way AWS's event source mapping does:
// long-poll, invoke with an SQS event through serverless offline's Lambda API, then delete only
// the messages not listed in `batchItemFailures`. Failed ones reappear after the visibility
// timeout and move to the dead-letter queue after maxReceiveCount (the emulator's redrive).
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import { InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import type { SQSEvent } from 'aws-lambda';

export interface PollTarget {
  /** Deployed name, e.g. fnquery-local-embedWorker. */
  functionName: string;
  queueUrl: string;
  queueArn: string;
  batchSize: number;
}

export interface PollerLog {
  (line: string): void;
}

export function toSqsEvent(messages: Message[], queueArn: string, region: string): SQSEvent {
  return {
    Records: messages.map((m) => ({
      messageId: m.MessageId!,
      receiptHandle: m.ReceiptHandle!,
      body: m.Body ?? '',
      attributes: m.Attributes as SQSEvent['Records'][number]['attributes'],
      messageAttributes: {},
      md5OfBody: m.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: queueArn,
      awsRegion: region,
    })),
  };
}

/** Ids of the records the handler reported as failed; all of them when the invocation itself failed. */
export function failedIds(payload: string | undefined, functionError: string | undefined, all: string[]): Set<string> {
  if (functionError) return new Set(all);
  try {
    const reply = JSON.parse(payload || 'null') as { batchItemFailures?: { itemIdentifier: string }[] } | null;
    return new Set((reply?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
  } catch {
    return new Set(all);
  }
}

export function startQueuePoller(options: {
  sqs: SQSClient;
  lambda: LambdaClient;
  targets: PollTarget[];
  region: string;
  log: PollerLog;
}) {
  const abort = new AbortController();
  const loops = options.targets.map(async (target) => {
    while (!abort.signal.aborted) {
      try {
        const received = await options.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: target.queueUrl,
            MaxNumberOfMessages: target.batchSize,
            WaitTimeSeconds: 1,
            MessageSystemAttributeNames: ['All'],
            // local-aws-sqs fills ApproximateReceiveCount only for the older parameter.
            AttributeNames: ['All'],
          }),
          { abortSignal: abort.signal },
        );
        const messages = received.Messages ?? [];
        if (!messages.length) continue;
        const result = await options.lambda.send(
          new InvokeCommand({
            FunctionName: target.functionName,
            Payload: Buffer.from(JSON.stringify(toSqsEvent(messages, target.queueArn, options.region))),
          }),
          { abortSignal: abort.signal },
        );
        const payload = result.Payload ? Buffer.from(result.Payload).toString('utf8') : undefined;
        const failed = failedIds(
          payload,
          result.FunctionError,
          messages.map((m) => m.MessageId!),
        );
        const done = messages.filter((m) => !failed.has(m.MessageId!));
        if (done.length) {
          await options.sqs.send(
            new DeleteMessageBatchCommand({
              QueueUrl: target.queueUrl,
              Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
            }),
          );
        }
        if (failed.size)
          options.log(
            `queue: ${target.functionName} reported ${failed.size} of ${messages.length} message(s) failed; SQS will redeliver`,
          );
      } catch (e) {
        if (abort.signal.aborted) break;
        options.log(`queue: delivery to ${target.functionName} failed: ${(e as Error).message}`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  });
  return {
    async stop() {
      abort.abort();
      await Promise.allSettled(loops);
    },
  };
}
