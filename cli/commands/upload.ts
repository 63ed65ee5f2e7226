// `fnq upload <file> --collection C [--wait]`: sends a document for embedding (through an upload URL
// when it is over the direct limit) and, with --wait, shows its progress until it settles.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError, type CliIO, type Command } from '../command';
import { serviceCall, serviceOptionSpec, serviceTarget, type ServiceTarget } from '../service-options';
import { DIRECT_UPLOAD_MAX_BYTES } from '../../lib/ingest/limits';
import type { UploadStatus as Status } from '../../sdk/uploads';

const USAGE = 'fnq upload <file> --collection <name> [--wait] [--url <base url>] [--token <svcwt>]';
const POLL_MS = 1000;
const BAR_WIDTH = 30;


export const upload: Command = {
  name: 'upload',
  summary: 'upload a document into a collection, optionally waiting for it to be embedded',
  usage: USAGE,
  async run(argv, io) {
    const { file, collection, wait, api } = options(argv, io);
    let bytes: Buffer;
    try {
      bytes = await readFile(path.resolve(io.cwd, file));
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    const filename = path.basename(file);
    const queued = bytes.length > DIRECT_UPLOAD_MAX_BYTES ? await viaUploadUrl(api, collection, filename, bytes) : await direct(api, collection, filename, bytes);
    io.out(queued.upload_id);
    if (!wait) return 0;
    const settled = await follow(api, queued, io);
    if (settled.status === 'completed') return 0;
    io.err(`upload ${settled.upload_id} failed: ${settled.error ?? 'no reason given'}`);
    return 1;
  },
};

function options(argv: string[], io: CliIO) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { collection: { type: 'string', short: 'c' }, wait: { type: 'boolean' }, ...serviceOptionSpec },
      allowPositionals: true,
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError('give exactly one file');
  if (!values.collection) throw new UsageError('--collection is required');
  return { file: positionals[0]!, collection: values.collection, wait: values.wait ?? false, api: serviceTarget(values, io) };
}

async function direct(api: ServiceTarget, collection: string, filename: string, bytes: Buffer): Promise<Status> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  return serviceCall<Status>(api, 'POST', `/embedder-service/v1/upload?${new URLSearchParams({ collection_name: collection })}`, { body: form });
}

async function viaUploadUrl(api: ServiceTarget, collection: string, filename: string, bytes: Buffer): Promise<Status> {
  const query = new URLSearchParams({ collection_name: collection, filename, size: String(bytes.length) });
  const signed = await serviceCall<Status & { upload_url: string }>(api, 'POST', `/embedder-service/v1/upload-url?${query}`);
  const put = await fetch(signed.upload_url, { method: 'PUT', body: bytes });
  if (!put.ok) throw new Error(`the file could not be stored through the upload URL (HTTP ${put.status})`);
  return signed;
}

async function follow(api: ServiceTarget, first: Status, io: CliIO): Promise<Status> {
  const draw = progressLine(io);
  let status = first;
  for (;;) {
    draw(status);
    if (status.status === 'completed' || status.status === 'failed') return status;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    status = await serviceCall<Status>(api, 'GET', `/embedder-service/v1/status?${new URLSearchParams({ upload_id: first.upload_id })}`);
  }
}

/** Redraws one line on a terminal; elsewhere (pipes, tests) writes a line whenever it changes. */
function progressLine(io: CliIO) {
  const terminal = io.env === process.env && process.stderr.isTTY;
  let last = '';
  return (s: Status) => {
    const done = s.total_chunks ? Math.round((s.embedded_chunks / s.total_chunks) * BAR_WIDTH) : 0;
    const line = `[${'#'.repeat(done)}${'-'.repeat(BAR_WIDTH - done)}] ${s.embedded_chunks}/${s.total_chunks} chunks ${s.status}`;
    if (line === last) return;
    last = line;
    const settled = s.status === 'completed' || s.status === 'failed';
    if (terminal) process.stderr.write(`\r${line}${settled ? '\n' : ''}`);
    else io.err(line);
  };
}

