import type { RunnerSource } from './protocol';
import source from './node/runner.mjs?raw';

// argv: <absolute entry file> <entrypoint>. The entrypoint is a named export, or a property of the
// default export (CommonJS `module.exports = { handler }` arrives that way).
export const nodeRunner: RunnerSource = { fileName: 'fnq_runner.mjs', source };
