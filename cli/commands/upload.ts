// `fnq upload <file> --collection C [--wait]`: sends a document for embedding (the SDK goes through
// an upload URL when it is over the direct limit) and, with --wait, shows its progress until it settles.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseOptions, UsageError, type Command } from '../command';
import { SERVICE_OPTIONS_HELP, serviceClient, serviceOptionSpec } from '../service-options';
import { followUpload } from './status';

export const upload: Command = {
  name: 'upload',
  summary: 'upload a document into a collection, optionally waiting for it to be embedded',
  usage: `fnq upload <file> --collection <name> [--wait] [--url <base url>] [--token <svcwt>]\n       ${SERVICE_OPTIONS_HELP}`,
  async run(argv, io) {
    const { values, positionals } = parseOptions(argv, {
      collection: { type: 'string', short: 'c' },
      wait: { type: 'boolean' },
      ...serviceOptionSpec,
    });
    if (positionals.length !== 1) throw new UsageError('give exactly one file');
    if (!values.collection) throw new UsageError('--collection is required');
    const fnq = serviceClient(values, io);
    const file = positionals[0]!;
    let bytes: Buffer;
    try {
      bytes = await readFile(path.resolve(io.cwd, file));
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    const queued = await fnq.uploads.upload(values.collection, path.basename(file), bytes);
    io.out(queued.upload_id);
    return values.wait ? followUpload(fnq, queued, io) : 0;
  },
};
