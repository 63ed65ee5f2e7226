import { RUNNER_SOURCES } from './generated/sources';
import type { RunnerSource } from './protocol';

// argv: <absolute entry file> <entrypoint>. The entrypoint is a named export, or a property of the
// default export (CommonJS `module.exports = { handler }` arrives that way).
export const nodeRunner: RunnerSource = { fileName: 'fnq_runner.mjs', source: RUNNER_SOURCES['node/runner.mjs'] };
