// `fnq deploy <dir>`: validates <dir>/spec.json exactly as `fnq spec validate` does (same
// validator, same messages), zips the directory and sends it to the service, which checks it again
// and answers with a queued deployment; then follows the build (queued → building → ready | failed)
// with a bar and the seconds spent, unless --no-wait. The previous version serves until the new one
// is ready, and keeps serving when the build fails.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseOptions, UsageError, type Command } from '../command';
import { progressBar } from '../progress';
import { SERVICE_OPTIONS_HELP, serviceClient, serviceOptionSpec } from '../service-options';
import { BUNDLE_MAX_BYTES, directoryFiles, writeBundle } from '../../lib/functions/bundle';
import { FnqDeployFailedError, type DeploymentInfo } from '../../sdk/index';
import { spec } from './spec';

const STEPS = 4;

export const deploy: Command = {
  name: 'deploy',
  summary: 'validate, bundle and deploy a function directory (new function or new version)',
  usage: `fnq deploy <dir> [--no-wait] [--url <base url>] [--token <svcwt>]\n       ${SERVICE_OPTIONS_HELP}\n       --no-wait: print the deployment id once it is queued (fnq deploy status <id> reads it)`,
  async run(argv, io) {
    if (argv[0] === 'status') return status(argv.slice(1), io);
    const { positionals, values } = parseOptions(argv, {
      ...serviceOptionSpec,
      'no-wait': { type: 'boolean' },
    } as const);
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
    bar.draw(2, STEPS, `sending ${files.size} files (${bundle.length} bytes)`);
    const queued = await fnq.functions.deploy(bundle);
    if (values['no-wait']) {
      bar.end();
      io.out(`queued ${queued.shortname} v${queued.version} as deployment ${queued.id}`);
      io.out(`  follow it with: fnq deploy status ${queued.id}`);
      return 0;
    }
    const started = Date.now();
    let done: DeploymentInfo;
    try {
      done = await fnq.functions.deployAndWait(bundle, {
        onProgress: (d) => bar.draw(3, STEPS, `${d.step ?? d.status} ${Math.round((Date.now() - started) / 1000)} s`),
        existing: queued,
      });
    } catch (e) {
      bar.end();
      if (!(e instanceof FnqDeployFailedError)) throw e;
      io.err(`deployment ${e.deploymentId} of ${e.shortname} failed; the version in service (if any) keeps serving`);
      for (const line of e.messages) io.err(`  ${line}`);
      return 1;
    }
    bar.draw(STEPS, STEPS, 'deployed');
    bar.end();
    report(done, io);
    return 0;
  },
};

function report(d: DeploymentInfo, io: Parameters<Command['run']>[1]) {
  io.out(
    `deployed ${d.shortname} v${d.version} (${d.runtime}, AWS Lambda ${d.lambdaRuntime ?? 'n/a'})${d.endpoint ? `: ${d.endpoint}` : ''}, deployment ${d.id}`,
  );
  for (const warning of d.warnings) io.out(`  warning: ${warning}`);
}

/** `fnq deploy status <id>`: one read of a deployment; exit 0 ready, 1 failed, 3 still queued or building. */
async function status(argv: string[], io: Parameters<Command['run']>[1]): Promise<number> {
  const { positionals, values } = parseOptions(argv, serviceOptionSpec);
  const [id, ...extra] = positionals;
  if (!id || extra.length > 0) throw new UsageError('give exactly one deployment id');
  const d = await serviceClient(values, io).functions.deployment(id);
  if (d.status === 'ready') {
    report(d, io);
    return 0;
  }
  io.out(`deployment ${d.id} of ${d.shortname} v${d.version}: ${d.status}${d.step ? ` (${d.step})` : ''}`);
  for (const line of d.messages ?? []) io.out(`  ${line}`);
  return d.status === 'failed' ? 1 : 3;
}
