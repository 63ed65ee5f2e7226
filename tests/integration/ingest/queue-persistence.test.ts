// The local jobs queue survives a restart of the emulators on the same data directory: messages
// sent and not deleted (waiting or in flight) come back; deleted ones do not.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulators, type Emulators } from '../../../local/emulators';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function open(dataDir: string) {
  const emulators: Emulators = await startEmulators({ dataDir });
  const sqs = new SQSClient({ region: 'us-east-1', endpoint: emulators.endpoints.sqs, credentials });
  const receive = async (max: number) =>
    (
      await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: emulators.queueUrl,
          MaxNumberOfMessages: max,
          WaitTimeSeconds: 0,
          VisibilityTimeout: 60,
        }),
      )
    ).Messages ?? [];
  return {
    sqs,
    receive,
    send: (body: string) => sqs.send(new SendMessageCommand({ QueueUrl: emulators.queueUrl, MessageBody: body })),
    remove: (handle: string) =>
      sqs.send(new DeleteMessageCommand({ QueueUrl: emulators.queueUrl, ReceiptHandle: handle })),
    async stop() {
      sqs.destroy();
      await emulators.stop();
    },
  };
}

describe('local SQS persistence', () => {
  it('brings back waiting and in-flight messages after a restart, not deleted ones', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fnq-sqs-'));
    dirs.push(dataDir);
    const first = await open(dataDir);
    for (const body of ['one', 'two', 'three', 'four']) await first.send(body);
    const taken = await first.receive(2);
    expect(taken).toHaveLength(2);
    await first.remove(taken[0]!.ReceiptHandle!);
    const gone = taken[0]!.Body;
    await first.stop();

    const second = await open(dataDir);
    const back = await second.receive(10);
    expect(back.map((m) => m.Body).sort()).toEqual(['one', 'two', 'three', 'four'].filter((b) => b !== gone).sort());
    // Deletes after the restart are journalled too.
    for (const m of back) await second.remove(m.ReceiptHandle!);
    await second.stop();

    const third = await open(dataDir);
    expect(await third.receive(10)).toHaveLength(0);
    await third.stop();
  });

  it('keeps the queue in memory without a data directory', async () => {
    const emulators = await startEmulators();
    expect(emulators.queueUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/123456789012\/fnquery-local-jobs$/);
    await emulators.stop();
  });
});
