// `fnq deploy <dir>`: validates <dir>/spec.json exactly as `fnq spec validate` does (same
// validator, same messages), zips the directory and sends it to the service, which checks it
// again and registers a new function or a new version of yours.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError, type Command } from '../command';
import { serviceCall, serviceOptionSpec, serviceTarget } from '../service-options';
import { BUNDLE_MAX_BYTES, directoryFiles, writeBundle } from '../../lib/functions/bundle';
import { spec } from './spec';

const USAGE = 'fnq deploy <dir> [--url <base url>] [--token <svcwt>]';

interface Deployed {
  shortname: string;
  version: number;
  runtime: string;
  lambdaRuntime: string;
  endpoint: string;
  warnings: string[];
}

export const deploy: Command = {
  name: 'deploy',
  summary: 'validate, bundle and deploy a function directory (new function or new version)',
  usage: USAGE,
  async run(argv, io) {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, options: serviceOptionSpec, allowPositionals: true, strict: true });
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const [dir, ...extra] = parsed.positionals;
    if (!dir || extra.length > 0) throw new UsageError('give exactly one function directory');
    const target = serviceTarget(parsed.values, io);
    const absolute = path.resolve(io.cwd, dir);
    if (!(await stat(absolute).catch(() => undefined))?.isDirectory()) throw new UsageError(`${dir} is not a directory`);

    const checked = await spec.run(['validate', dir], io);
    if (checked !== 0) return checked;

    const bundle = writeBundle(await directoryFiles(absolute));
    if (bundle.length > BUNDLE_MAX_BYTES) {
      io.err(`${dir}: the bundle is ${bundle.length} bytes, over the limit of ${BUNDLE_MAX_BYTES}; leave out files not needed at run time`);
      return 1;
    }
    // octet-stream rather than application/zip: serverless offline passes only that (and multipart) through as binary.
    const done = await serviceCall<Deployed>(target, 'POST', '/function-service/v1/functions', { body: bundle, contentType: 'application/octet-stream' });
    io.out(`deployed ${done.shortname} v${done.version} (${done.runtime}, AWS Lambda ${done.lambdaRuntime}): ${done.endpoint}`);
    for (const warning of done.warnings) io.out(`  warning: ${warning}`);
    return 0;
  },
};
