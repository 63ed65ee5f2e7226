// WebhookQueue on the SQS webhooks queue that feeds the delivery worker.
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { MAX_HOP_SECONDS } from '../webhooks/schedule';
import type { WebhookMessage, WebhookQueue } from '../webhooks/ports';

export class SqsWebhookQueue implements WebhookQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async send(message: WebhookMessage, delaySeconds = 0): Promise<void> {
    await this.sqs.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify(message),
        DelaySeconds: Math.max(0, Math.min(MAX_HOP_SECONDS, Math.round(delaySeconds))),
      }),
    );
  }
}
