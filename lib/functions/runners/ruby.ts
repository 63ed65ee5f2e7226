import type { RunnerSource } from './protocol';
import source from './ruby/runner.rb?raw';

// argv: <absolute entry file> <entrypoint>. The entrypoint is a top-level method taking the request Hash.
export const rubyRunner: RunnerSource = { fileName: 'fnq_runner.rb', source };
