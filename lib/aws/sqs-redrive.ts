// Moves the messages of a dead-letter queue back to the queue they came from, for an operator who
// has fixed what made them fail. Each message is sent to the source before it is deleted from the
// dead-letter queue, so a failure half-way duplicates a job at worst, never loses one; the worker
// is idempotent per upload id. Runs with the operator's credentials (fnq jobs redrive), not a role.
import {
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';

export interface RedriveOptions {
  from: string;
  to: string;
  /** Stop after this many messages (default: until the dead-letter queue answers empty). */
  max?: number;
}

export async function redrive(sqs: SQSClient, { from, to, max = Infinity }: RedriveOptions): Promise<number> {
  let moved = 0;
  while (moved < max) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: from,
        MaxNumberOfMessages: Math.min(10, max - moved),
        WaitTimeSeconds: 1,
        VisibilityTimeout: 60,
      }),
    );
    if (!Messages.length) break;
    const entries = Messages.map((m, i) => ({ Id: String(i), MessageBody: m.Body ?? '' }));
    const sent = await sqs.send(new SendMessageBatchCommand({ QueueUrl: to, Entries: entries }));
    if (sent.Failed?.length)
      throw new Error(
        `${sent.Failed.length} message(s) could not be sent back (${sent.Failed[0]!.Message ?? sent.Failed[0]!.Code}); they stay on the dead-letter queue`,
      );
    await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: from,
        Entries: Messages.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
      }),
    );
    moved += Messages.length;
  }
  return moved;
}
