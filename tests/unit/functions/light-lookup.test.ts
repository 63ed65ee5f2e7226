// A route of one function finds it before the invoker loads (lib/functions/lookup.ts), and the route
// validators match the service's own patterns with JavaScript's engine: so spec.json, openapi.json, a
// call of a missing function and a patterned query answer without the spec's compiler, Ajv or RE2.
import { describe, expect, it } from 'vitest';
import { modulesLoadedBy } from '../../support/loaded-modules';

// Ajv's compiler, not the few helpers its generated code calls (ajv/dist/runtime); ajv-formats, which
// builds every format's expression when it loads.
const VALIDATION =
  /^(node_modules\/re2js\/|node_modules\/ajv\/(?!dist\/runtime\/)|node_modules\/ajv-formats\/|lib\/functions\/invoke\.ts$|lib\/spec\/linear-regexp\.ts$)/;

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

  it("loads every generated validator without Ajv's compiler or ajv-formats, unique items checked all the same", () => {
    const loaded = validationLoadedBy(`
      const { readdirSync } = await import('node:fs');
      for (const dir of ['lib/http/validators', 'lib/mcp/validators'])
        for (const f of readdirSync(dir).filter((f) => f.endsWith('.generated.ts'))) await import('./' + dir + '/' + f);
      const { validate } = await import('./lib/http/validators/post-query-service-v1-rdbms-body.generated.ts');
      const body = (tables) => ({ query: 'q', tables, sqldb_connection_string: 'u:p@tcp(127.0.0.1:3306)/d' });
      if (!validate(body(['ferries', 'ports']))) throw new Error('distinct tables refused');
      if (validate(body(['ferries', 'ferries']))) throw new Error('a repeated table accepted');
      if (validate.errors[0].params.j !== 1) throw new Error('the repeat not named');`);
    expect(loaded).toEqual([]);
  }, 60_000);

  it('sees the invoker when it loads (the check itself works)', () => {
    expect(validationLoadedBy(`await import('./lib/functions/invoke.ts');`)).toContain('lib/functions/invoke.ts');
  }, 60_000);
});
