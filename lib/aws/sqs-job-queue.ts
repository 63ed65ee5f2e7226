// JobQueue on the SQS jobs queue that feeds the embed worker.
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { JobQueue, UploadJob } from '../ingest/ports';

export class SqsJobQueue implements JobQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async send(job: UploadJob): Promise<void> {
    await this.sqs.send(new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: JSON.stringify(job) }));
  }
}
