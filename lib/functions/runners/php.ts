import type { RunnerSource } from './protocol';
import lambdaSource from './php/lambda_bootstrap.php?raw';
import source from './php/runner.php?raw';

// argv: <absolute entry file> <entrypoint>. The entrypoint is a global function taking the request
// as an associative array. JSON objects arrive as arrays, so an empty object is an empty array.
export const phpRunner: RunnerSource = { fileName: 'fnq_runner.php', source };

/** The Runtime API loop of a PHP function on Lambda; the artifact's `bootstrap` starts it (buildspecs/php.yml). */
export const phpLambdaBootstrap: RunnerSource = { fileName: 'fnq_bootstrap.php', source: lambdaSource };
