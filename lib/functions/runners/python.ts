import type { RunnerSource } from './protocol';
import source from './python/runner.py?raw';

// argv: <absolute entry file> <entrypoint>. The function's directory is on sys.path, so it may
// import its own modules.
export const pythonRunner: RunnerSource = { fileName: 'fnq_runner.py', source };
