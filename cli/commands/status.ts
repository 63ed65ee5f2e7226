// `fnq status <upload_id> [--wait]`: an upload's status record, or its progress until it settles.
import type { FnqClient, UploadStatus } from '../../sdk/index';
import { parseOptions, UsageError, type CliIO, type Command } from '../command';
import { progressBar } from '../progress';
import { SERVICE_OPTIONS_HELP, serviceClient, serviceOptionSpec } from '../service-options';

const POLL_MS = 1000;

const settled = (s: UploadStatus) => s.status === 'completed' || s.status === 'failed';

const describe = (s: UploadStatus) =>
  [
    `upload ${s.upload_id}: ${s.status}`,
    `  collection  ${s.collection_name}`,
    `  chunks      ${s.embedded_chunks}/${s.total_chunks}`,
    `  started     ${s.upload_started}`,
    `  completed   ${s.upload_completed ?? '-'}`,
    ...(s.error ? [`  error       ${s.error}`] : []),
  ].join('\n');

/**
 * Draws the embedding progress until the upload settles: exit 0 when completed, 1 when failed.
 * `describe`: then print the final record on stdout too (`fnq status --wait`; `fnq upload --wait`
 * keeps stdout to the upload id, which scripts capture).
 */
export async function followUpload(
  fnq: FnqClient,
  first: UploadStatus,
  io: CliIO,
  options: { describe?: boolean; pollMs?: number } = {},
): Promise<number> {
  const pollMs = options.pollMs ?? POLL_MS;
  const bar = progressBar(io);
  let status = first;
  for (;;) {
    bar.draw(
      status.embedded_chunks,
      status.total_chunks,
      `${status.embedded_chunks}/${status.total_chunks} chunks ${status.status}`,
    );
    if (settled(status)) break;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    status = await fnq.uploads.status(first.upload_id);
  }
  bar.end();
  if (options.describe) io.out(describe(status));
  if (status.status === 'completed') return 0;
  io.err(`upload ${status.upload_id} failed: ${status.error ?? 'no reason given'}`);
  return 1;
}

export const status: Command = {
  name: 'status',
  summary: "show an upload's status, or follow it with --wait until it is embedded",
  usage: `fnq status <upload_id> [--wait] [--url <base url>] [--token <svcwt>]\n       ${SERVICE_OPTIONS_HELP}`,
  async run(argv, io) {
    const { values, positionals } = parseOptions(argv, { wait: { type: 'boolean' }, ...serviceOptionSpec });
    if (positionals.length !== 1) throw new UsageError('give exactly one upload id');
    const fnq = serviceClient(values, io);
    const record = await fnq.uploads.status(positionals[0]!);
    if (values.wait) return followUpload(fnq, record, io, { describe: true });
    io.out(describe(record));
    return record.status === 'failed' ? 1 : 0;
  },
};
