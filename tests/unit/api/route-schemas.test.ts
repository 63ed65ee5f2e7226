// Route schemas are compiled at build time (tools/generate/route-validators.ts): every one must have its
// generated validator, and that validator must judge requests as Ajv compiling the schema at run time does.
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../lib/api/routes';
import { compileCheck, routeCheck } from '../../../lib/http/validate';
import { ROUTE_VALIDATORS } from '../../../lib/http/validators/index.generated';
import { ServiceError } from '../../../lib/errors';
import { validatedSchemas } from '../../../tools/generate/route-validators';

const withSchemas = Object.values(ROUTES).flatMap((r) => [
  ...(r.bodySchema ? [{ key: `${r.route} body`, schema: r.bodySchema, prefix: '/body' as const }] : []),
  ...(r.querySchema ? [{ key: `${r.route} query`, schema: r.querySchema, prefix: '/query' as const }] : []),
]);

/** Values that pass some schemas and fail others in different ways: wrong type, missing, extra, bad format. */
const PROBES: unknown[] = [
  'not an object',
  {},
  { query: 'Which barns have goats?', extra: true },
  { query: 42, vector_docdb_collection: 'Bad Name!' },
  { upload_id: 'x'.repeat(65) },
  { upload_id: 'ok-1' },
  { collection_name: 'notes', filename: 'a.txt' },
  { from: '2026-13-40', to: '2026-01-01' },
  { q: 'weather', page: '0' },
  { tag: 'a,,b' },
  { url: 'not a url', events: ['upload.completed', 'upload.completed'] },
];

const outcome = async (check: (value: unknown) => Promise<void>, value: unknown) =>
  check(value).then(
    () => 'accepted',
    (e: unknown) => (e instanceof ServiceError ? e.problems : e),
  );

describe('route schemas', () => {
  it('are there to check, each with its generated validator', () => {
    expect(withSchemas.length).toBeGreaterThan(5);
    expect(Object.keys(ROUTE_VALIDATORS).sort()).toEqual(Object.keys(validatedSchemas()).sort());
    for (const { key } of withSchemas) expect(ROUTE_VALIDATORS[key], key).toBeTypeOf('function');
  });

  it.each(withSchemas.map((s) => [s.key, s] as const))(
    '%s: the generated validator answers as Ajv compiling the schema does, and refuses a wrong type with a 400',
    async (_, { key, schema, prefix }) => {
      const generated = routeCheck(key, schema, prefix);
      const runtime = compileCheck(schema, prefix);
      for (const value of PROBES) expect(await outcome(generated, value)).toEqual(await outcome(runtime, value));
      const failure = await generated('not an object').catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ServiceError);
      expect((failure as ServiceError).status).toBe(400);
    },
  );
});
