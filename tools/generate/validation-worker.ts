// The schema-validation worker thread (lib/spec/validation-worker.ts) bundled with everything it imports into
// one CommonJS script, for `new Worker(script, { eval: true })`: the thread then needs no file of its own
// beside whatever bundle starts it (a Lambda's, the CLI's) and no TypeScript loader under tsx or vitest.
import { bundledText, textModule } from './text-module';

const ENTRY = 'lib/spec/validation-worker.ts';
const MODULE = 'lib/spec/generated/validation-worker.ts';

export default async function validationWorker(): Promise<Record<string, string>> {
  const script = await bundledText(ENTRY, { platform: 'node', format: 'cjs', target: ['node20'] });
  const exports = { VALIDATION_WORKER_SCRIPT: script };
  return { [MODULE]: await textModule(MODULE, { generator: 'validation-worker.ts', from: ENTRY, exports }) };
}
