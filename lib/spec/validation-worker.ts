// The validation worker thread: compiles each schema once (by the key the pool gives it) and checks
// values against it. It runs as its own bundled script (`?bundle`), so the service's event loop
// never runs an author's schema; the pool ends this thread when a check passes its deadline.
import { parentPort } from 'node:worker_threads';
import type { ValidateFunction } from 'ajv/dist/2020';
import { compileIsolated, createSpecAjv, errorsOf } from './schema-compiler';
import type { CheckReply, CheckRequest } from './validation-messages';

const ajv = createSpecAjv();
const compiled = new Map<string, ValidateFunction>();

function check({ id, key, schema, value, maxErrors }: CheckRequest): CheckReply {
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

parentPort?.on('message', (request: CheckRequest) => {
  try {
    parentPort?.postMessage(check(request));
  } catch (e) {
    parentPort?.postMessage({ id: request.id, failure: e instanceof Error ? e.message : String(e) });
  }
});
