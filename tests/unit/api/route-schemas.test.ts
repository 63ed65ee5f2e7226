// Route schemas compile on a route's first check, not at cold start (lib/http/validate.ts), so a schema
// Ajv refuses would first fail a caller's request: every route's schemas are compiled here instead.
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../lib/api/routes';
import { compileCheck } from '../../../lib/http/validate';
import { ServiceError } from '../../../lib/errors';

const withSchemas = Object.values(ROUTES).flatMap((r) => [
  ...(r.bodySchema ? [{ route: r.route, schema: r.bodySchema, prefix: '/body' as const }] : []),
  ...(r.querySchema ? [{ route: r.route, schema: r.querySchema, prefix: '/query' as const }] : []),
]);

describe('route schemas', () => {
  it('are there to check', () => {
    expect(withSchemas.length).toBeGreaterThan(5);
  });

  it.each(withSchemas.map((s) => [`${s.route} ${s.prefix}`, s] as const))(
    '%s compiles, and refuses a value of the wrong type with a 400',
    async (_, { schema, prefix }) => {
      const check = compileCheck(schema, prefix);
      const failure = await check('not an object').catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ServiceError);
      expect((failure as ServiceError).status).toBe(400);
    },
  );
});
