// fnq jobs redrive against the local SQS emulator: dead letters go back to the jobs queue, each
// exactly once, and a bad invocation moves nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { main } from '../../../cli/main';
import type { CliIO } from '../../../cli/command';
import { startEmulators, type Emulators } from '../../../local/emulators';

let emulators: Emulators;
let sqs: SQSClient;
beforeAll(async () => {
  emulators = await startEmulators({ stage: 'redrivetest' });
  sqs = new SQSClient({
    region: emulators.env.AWS_REGION!,
    endpoint: emulators.endpoints.sqs,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  sqs.destroy();
  await emulators.stop();
});

function io(): CliIO & { stdout: string; stderr: string } {
  const c = {
    stdout: '',
    stderr: '',
    out: (t: string) => void (c.stdout += `${t}\n`),
    err: (t: string) => void (c.stderr += `${t}\n`),
    env: {
      AWS_REGION: emulators.env.AWS_REGION,
      FNQ_SQS_ENDPOINT: emulators.endpoints.sqs,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
    },
    cwd: process.cwd(),
  };
  return c;
}

async function drain(url: string): Promise<string[]> {
  const bodies: string[] = [];
  for (;;) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
    );
    if (!Messages.length) return bodies;
    bodies.push(...Messages.map((m) => m.Body!));
  }
}

describe('fnq jobs redrive', () => {
  it('moves every dead letter back to the jobs queue once, then finds nothing more', async () => {
    const jobs = Array.from({ length: 23 }, (_, i) => JSON.stringify({ account: 'a', uploadId: `u-${i}` }));
    for (const body of jobs)
      await sqs.send(new SendMessageCommand({ QueueUrl: emulators.deadLetterQueueUrl, MessageBody: body }));
    const first = io();
    const code = await main(
      ['jobs', 'redrive', '--dlq', emulators.deadLetterQueueUrl, '--queue', emulators.queueUrl],
      first,
    );
    expect(first.stderr).toBe('');
    expect(code).toBe(0);
    expect(first.stdout).toContain('moved 23 job message(s)');
    expect((await drain(emulators.queueUrl)).sort()).toEqual([...jobs].sort());
    expect(await drain(emulators.deadLetterQueueUrl)).toEqual([]);
    const again = io();
    expect(
      await main(['jobs', 'redrive', '--dlq', emulators.deadLetterQueueUrl, '--queue', emulators.queueUrl], again),
    ).toBe(0);
    expect(again.stdout).toContain('moved 0 job message(s)');
  }, 60_000);

  it('stops at --max', async () => {
    for (let i = 0; i < 5; i++)
      await sqs.send(new SendMessageCommand({ QueueUrl: emulators.deadLetterQueueUrl, MessageBody: `m${i}` }));
    const c = io();
    expect(
      await main(
        ['jobs', 'redrive', '--dlq', emulators.deadLetterQueueUrl, '--queue', emulators.queueUrl, '--max', '3'],
        c,
      ),
    ).toBe(0);
    expect(c.stdout).toContain('moved 3 job message(s)');
    expect(await drain(emulators.queueUrl)).toHaveLength(3);
  }, 60_000);

  it.each([
    [['jobs', 'redrive', '--queue', 'q'], /--dlq and --queue are required/],
    [['jobs', 'redrive', '--dlq', 'x', '--queue', 'x'], /must be different queues/],
    [['jobs', 'redrive', '--dlq', 'x', '--queue', 'y', '--max', '0'], /--max must be a positive whole number/],
    [['jobs', 'purge'], /expected the sub-command "redrive"/],
  ])('refuses %j with exit 2', async (argv, message) => {
    const c = io();
    expect(await main(argv, c)).toBe(2);
    expect(c.stderr).toMatch(message);
  });
});
