// `fnq deploy <dir>`: validates <dir>/spec.json exactly as `fnq spec validate` does (same
// validator, same messages), zips the directory and sends it to the service, which checks it
// again and registers a new function or a new version of yours. A bar follows the four steps; on a
// terminal it also counts the seconds while the service installs the function.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseOptions, UsageError, type Command } from '../command';
import { progressBar } from '../progress';
import { SERVICE_OPTIONS_HELP, serviceClient, serviceOptionSpec } from '../service-options';
import { BUNDLE_MAX_BYTES, directoryFiles, writeBundle } from '../../lib/functions/bundle';
import { spec } from './spec';

const STEPS = 4;

export const deploy: Command = {
  name: 'deploy',
  summary: 'validate, bundle and deploy a function directory (new function or new version)',
  usage: `fnq deploy <dir> [--url <base url>] [--token <svcwt>]\n       ${SERVICE_OPTIONS_HELP}`,
  async run(argv, io) {
    const { positionals, values } = parseOptions(argv, serviceOptionSpec);
    const [dir, ...extra] = positionals;
    if (!dir || extra.length > 0) throw new UsageError('give exactly one function directory');
    const fnq = serviceClient(values, io);
    const absolute = path.resolve(io.cwd, dir);
    if (!(await stat(absolute).catch(() => undefined))?.isDirectory())
      throw new UsageError(`${dir} is not a directory`);

    const bar = progressBar(io);
    bar.draw(0, STEPS, 'validating spec.json');
    const checked = await spec.run(['validate', dir], io);
    if (checked !== 0) return checked;

    bar.draw(1, STEPS, 'bundling');
    const files = await directoryFiles(absolute);
    const bundle = writeBundle(files);
    if (bundle.length > BUNDLE_MAX_BYTES) {
      bar.end();
      io.err(
        `${dir}: the bundle is ${bundle.length} bytes, over the limit of ${BUNDLE_MAX_BYTES}; leave out files not needed at run time`,
      );
      return 1;
    }
    const sending = `sending ${files.size} files (${bundle.length} bytes) and installing`;
    bar.draw(2, STEPS, sending);
    const started = Date.now();
    const ticker = setInterval(
      () => bar.draw(2, STEPS, `${sending} ${Math.round((Date.now() - started) / 1000)} s`),
      1000,
    );
    let done;
    try {
      done = await fnq.functions.deploy(bundle);
    } finally {
      clearInterval(ticker);
    }
    bar.draw(STEPS, STEPS, 'deployed');
    bar.end();
    io.out(
      `deployed ${done.shortname} v${done.version} (${done.runtime}, AWS Lambda ${done.lambdaRuntime}): ${done.endpoint}`,
    );
    for (const warning of done.warnings) io.out(`  warning: ${warning}`);
    return 0;
  },
};
