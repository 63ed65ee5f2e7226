// A route of one function finds it before the invoker loads (lib/functions/lookup.ts), and the route
// validators match the service's own patterns with JavaScript's engine: so spec.json, openapi.json, a
// call of a missing function and a patterned query answer without the spec's compiler, Ajv or RE2.
import { describe, expect, it } from 'vitest';
import { modulesLoadedBy } from '../../support/loaded-modules';

// Ajv's compiler, not the few helpers its generated code calls (ajv/dist/runtime).
const VALIDATION =
  /^(node_modules\/re2js\/|node_modules\/ajv\/(?!dist\/runtime\/)|lib\/functions\/invoke\.ts$|lib\/spec\/linear-regexp\.ts$)/;

/** What of the validation machinery `script` loads, run in a fresh process. */
const validationLoadedBy = (script: string) => modulesLoadedBy(script).filter((path) => VALIDATION.test(path));

const registry = `{ get: async (name) => name === 'greeter' ? { shortname: 'greeter', version: 1, codeSha256: 'x',
  spec: { shortname: 'greeter', requirements: { requestType: 'GET' } } } : undefined }`;

describe('finding a function and checking a route query', () => {
  it('finds a function, and answers a missing one, without loading the invoker, Ajv or RE2', () => {
    const loaded = validationLoadedBy(`
      const { lookupFunction } = await import('./lib/functions/lookup.ts');
      const registry = ${registry};
      if ((await lookupFunction(registry, 'greeter')).shortname !== 'greeter') throw new Error('not found');
      const missing = await lookupFunction(registry, 'nobody').catch((e) => e);
      if (missing.status !== 404) throw new Error('no 404');`);
    expect(loaded).toEqual([]);
  }, 60_000);

  it('checks a patterned route query without RE2, refusing what the pattern refuses', () => {
    const loaded = validationLoadedBy(`
      const { validate } = await import('./lib/http/validators/get-functions-v1-query.generated.ts');
      if (!validate({ tag: 'maps,weather' })) throw new Error('a good tag list refused');
      if (validate({ tag: 'maps,,weather' })) throw new Error('a bad tag list accepted');`);
    expect(loaded).toEqual([]);
  }, 60_000);

  it('sees the invoker when it loads (the check itself works)', () => {
    expect(validationLoadedBy(`await import('./lib/functions/invoke.ts');`)).toContain('lib/functions/invoke.ts');
  }, 60_000);
});
