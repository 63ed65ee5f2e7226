// fnq jobs redrive --dlq <url> --queue <url> [--max N] — moves upload jobs from the dead-letter
// queue back to the jobs queue (docs/operations.md). Uses the caller's AWS credentials and region;
// the URLs are the stack's JobsDeadLetterQueueUrl and JobsQueueUrl outputs.
import { parseArgs } from 'node:util';
import { SQSClient } from '@aws-sdk/client-sqs';
import { UsageError, type Command } from '../command';
import { emulatorCredentials } from '../../lib/aws/client-cache';
import { redrive } from '../../lib/aws/sqs-redrive';

export const jobs: Command = {
  name: 'jobs',
  summary: 'move failed upload jobs from the dead-letter queue back to the jobs queue (jobs redrive)',
  usage: 'fnq jobs redrive --dlq <dead-letter queue URL> --queue <jobs queue URL> [--max N]',
  async run(argv, io) {
    let parsed;
    try {
      parsed = parseArgs({
        args: argv,
        allowPositionals: true,
        options: { dlq: { type: 'string' }, queue: { type: 'string' }, max: { type: 'string' } },
      });
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const { positionals, values } = parsed;
    if (positionals[0] !== 'redrive' || positionals.length !== 1)
      throw new UsageError('expected the sub-command "redrive"');
    if (!values.dlq || !values.queue)
      throw new UsageError(
        '--dlq and --queue are required (the stack outputs JobsDeadLetterQueueUrl and JobsQueueUrl)',
      );
    if (values.dlq === values.queue) throw new UsageError('--dlq and --queue must be different queues');
    const max = values.max === undefined ? undefined : Number(values.max);
    if (max !== undefined && !(Number.isInteger(max) && max > 0))
      throw new UsageError('--max must be a positive whole number');
    // FNQ_SQS_ENDPOINT: the local stack's emulator, which takes any credentials.
    const endpoint = io.env.FNQ_SQS_ENDPOINT || undefined;
    const sqs = new SQSClient({
      region: io.env.AWS_REGION || 'us-east-1',
      ...(endpoint && { endpoint, credentials: emulatorCredentials }),
    });
    try {
      const moved = await redrive(sqs, { from: values.dlq, to: values.queue, max });
      io.out(`moved ${moved} job message(s) back to the jobs queue`);
      return 0;
    } catch (e) {
      io.err(`redrive stopped: ${(e as Error).message}`);
      return 1;
    } finally {
      sqs.destroy();
    }
  },
};
