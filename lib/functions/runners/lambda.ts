import type { RuntimeFamily } from '../../spec/index';
import { RUNNER_SOURCES } from './generated/sources';
import { goLambdaBootstrap } from './go';
import { javaRunner } from './java';
import { phpLambdaBootstrap } from './php';
import type { RunnerSource } from './protocol';

// Bootstraps added to a function's code when it is deployed as its own AWS Lambda (managed runtime).
// Each loads the entry file named by FNQ_ENTRY_FILE, calls FNQ_ENTRYPOINT with the invocation
// payload (the request object) and returns {body}. The Lambda's environment holds nothing else.
export interface LambdaBootstrap extends RunnerSource {
  /** The Lambda `Handler` setting. */
  handler: string;
}

export const LAMBDA_BOOTSTRAPS: Partial<Record<RuntimeFamily, LambdaBootstrap>> = {
  node: {
    fileName: 'fnq_bootstrap.mjs',
    handler: 'fnq_bootstrap.handler',
    source: RUNNER_SOURCES['node/lambda-bootstrap.mjs'],
  },
  python: {
    fileName: 'fnq_bootstrap.py',
    handler: 'fnq_bootstrap.handler',
    source: RUNNER_SOURCES['python/lambda_bootstrap.py'],
  },
  // Not `handler`: that is the usual name of the user's own method, which this file must not replace.
  ruby: {
    fileName: 'fnq_bootstrap.rb',
    handler: 'fnq_bootstrap.fnq_handler',
    source: RUNNER_SOURCES['ruby/lambda_bootstrap.rb'],
  },
};

/**
 * How each family becomes a Lambda. `build`: whether a bundle needs the build service (a compiled
 * language always; an interpreted one when it names dependencies). `source`: the service's files
 * the build compiles with the function's. `artifact`: the file added to what the build (or the
 * bundle, when nothing is built) leaves, and the Lambda `Handler` setting.
 */
export interface LambdaPackaging {
  handler: string;
  build(files: ReadonlyMap<string, unknown>): boolean;
  source?(entrypoint: string): RunnerSource[];
  artifact?: RunnerSource;
  /** The operator's PHP layer (the OS-only runtime has no PHP). */
  needsPhpLayer?: true;
}

const has =
  (...names: string[]) =>
  (files: ReadonlyMap<string, unknown>) =>
    names.some((n) => files.has(n));
const always = () => true;
// The Ruby buildspec checks that a Gemfile's gems are vendored; it installs nothing.
const interpreted = (family: 'node' | 'python' | 'ruby', manifests: string[]): LambdaPackaging => ({
  handler: LAMBDA_BOOTSTRAPS[family]!.handler,
  artifact: LAMBDA_BOOTSTRAPS[family],
  build: has(...manifests),
});

export const LAMBDA_PACKAGING: Readonly<Record<RuntimeFamily, LambdaPackaging>> = {
  node: interpreted('node', ['package.json']),
  python: interpreted('python', ['requirements.txt']),
  ruby: interpreted('ruby', ['Gemfile']),
  java: {
    handler: 'FnqLambdaHandler::handleRequest',
    build: always,
    source: () => [
      javaRunner,
      { fileName: 'FnqLambdaHandler.java', source: RUNNER_SOURCES['java/FnqLambdaHandler.java'] },
    ],
  },
  // The Runtime API loop is compiled into the function's binary, named `bootstrap`.
  go: { handler: 'bootstrap', build: always, source: (entrypoint) => [goLambdaBootstrap(entrypoint)] },
  php: { handler: 'bootstrap', build: always, source: () => [phpLambdaBootstrap], needsPhpLayer: true },
  dotnet: {
    handler: 'Function::FnqLambda::Handle',
    build: always,
    source: () => [{ fileName: 'FnqLambda.cs', source: RUNNER_SOURCES['dotnet/FnqLambda.cs'] }],
  },
};
