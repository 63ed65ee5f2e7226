// The validation worker thread: compiles each schema once (by the key the pool gives it) and checks
// values against it, or validates a whole spec.json. It runs as its own bundled script (generated/validation-worker.ts,
// made by tools/generate/validation-worker.ts),
// so the service's event loop never runs an author's schema; the pool ends this thread when a piece
// of work passes its deadline.
import { parentPort } from 'node:worker_threads';
import type { ValidateFunction } from 'ajv/dist/2020';
import { compileIsolated, createSpecAjv, errorsOf } from './schema-compiler';
import { validateSpecText } from './validate';
import type { CheckWork, WorkReply, WorkRequest } from './validation-messages';

const ajv = createSpecAjv();
const compiled = new Map<string, ValidateFunction>();

function check(id: number, { key, schema, value, maxErrors }: CheckWork): WorkReply {
  let validate = compiled.get(key);
  if (!validate) {
    if (!schema) return { id, failure: 'unknown schema' };
    validate = compileIsolated(ajv, schema);
    compiled.set(key, validate);
  }
  // Only what the caller reads crosses back; the offending data itself never does.
  const errors = errorsOf(validate, value)
    .slice(0, maxErrors)
    .map(({ keyword, instancePath, schemaPath, params, message }) => ({
      keyword,
      instancePath,
      schemaPath,
      params,
      message,
    }));
  return { id, errors };
}

parentPort?.on('message', (request: WorkRequest) => {
  try {
    const reply =
      request.kind === 'spec' ? { id: request.id, spec: validateSpecText(request.text) } : check(request.id, request);
    parentPort?.postMessage(reply);
  } catch (e) {
    parentPort?.postMessage({ id: request.id, failure: e instanceof Error ? e.message : String(e) });
  }
});
