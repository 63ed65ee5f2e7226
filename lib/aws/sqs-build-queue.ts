// BuildQueue on the SQS builds queue that feeds the build worker.
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { BuildMessage, BuildQueue } from '../functions/build/ports';

export class SqsBuildQueue implements BuildQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async send(message: BuildMessage): Promise<void> {
    await this.sqs.send(new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: JSON.stringify(message) }));
  }
}
