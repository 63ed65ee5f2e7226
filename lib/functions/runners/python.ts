import { RUNNER_SOURCES } from './generated/sources';
import type { RunnerSource } from './protocol';

// argv: <absolute entry file> <entrypoint>. The function's directory is on sys.path, so it may
// import its own modules.
export const pythonRunner: RunnerSource = { fileName: 'fnq_runner.py', source: RUNNER_SOURCES['python/runner.py'] };
