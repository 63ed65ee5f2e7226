import { RUNNER_SOURCES } from './generated/sources';
import type { RunnerSource } from './protocol';

// argv: <absolute entry file> <entrypoint>. The entrypoint is a top-level method taking the request Hash.
export const rubyRunner: RunnerSource = { fileName: 'fnq_runner.rb', source: RUNNER_SOURCES['ruby/runner.rb'] };
