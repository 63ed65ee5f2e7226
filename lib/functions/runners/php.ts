import { RUNNER_SOURCES } from './generated/sources';
import type { RunnerSource } from './protocol';

// argv: <absolute entry file> <entrypoint>. The entrypoint is a global function taking the request
// as an associative array. JSON objects arrive as arrays, so an empty object is an empty array.
export const phpRunner: RunnerSource = { fileName: 'fnq_runner.php', source: RUNNER_SOURCES['php/runner.php'] };

/** The Runtime API loop of a PHP function on Lambda; the artifact's `bootstrap` starts it (buildspecs/php.yml). */
export const phpLambdaBootstrap: RunnerSource = {
  fileName: 'fnq_bootstrap.php',
  source: RUNNER_SOURCES['php/lambda_bootstrap.php'],
};
