// A handler's body and query types are derived from the schemas its route validates with, so the
// two cannot drift: the type-level assertions here fail `npm run typecheck` when they would, and the
// run-time ones show that Ajv accepts exactly what the type allows and refuses what it does not.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { apiRoute, type RouteName, type RouteTable } from '../../../lib/api/routes';
import { ServiceError } from '../../../lib/errors';
import type { RouteBody, RouteQuery } from '../../../lib/http/handler';
import { compileCheck } from '../../../lib/http/validate';
import type { answerWithFunction } from '../../../lib/query/function';
import type { answerFromDatabase } from '../../../lib/query/rdbms';
import type { answerFromDocuments } from '../../../lib/query/vectordb';
import type { createEndpoint } from '../../../lib/webhooks/endpoints';

type Body<N extends RouteName> = RouteBody<RouteTable[N]>;
type Query<N extends RouteName> = RouteQuery<RouteTable[N]>;

/** The keys a value of T must have. */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The names a schema lists as required. */
type SchemaRequired<S> = S extends { required: readonly (infer K)[] } ? K : never;
/** Whether the derived type requires exactly what the schema requires, for a route's body. */
type BodyRequiresAsSchema<N extends RouteName> = RouteTable[N] extends { bodySchema: infer S }
  ? [RequiredKeys<Body<N>>] extends [SchemaRequired<S>]
    ? [SchemaRequired<S>] extends [RequiredKeys<Body<N>>]
      ? true
      : false
    : false
  : true;

const rejected = (check: (value: unknown) => Promise<void>, value: unknown) =>
  check(value).then(
    () => undefined,
    (e: unknown) => (e instanceof ServiceError ? e.status : e),
  );

describe('route types derived from their schemas', () => {
  it('require every field a body schema requires, and only those, on every route', () => {
    expectTypeOf<{ [N in RouteName]: BodyRequiresAsSchema<N> }[RouteName]>().toEqualTypeOf<true>();
  });

  it('type the text-to-SQL body field by field, and Ajv agrees with the type', async () => {
    expectTypeOf<Body<'POST /query-service/v1/rdbms'>>().toEqualTypeOf<{
      query: string;
      tables: string[];
      sqldb_connection_string: string;
      ai_platform?: string;
      'api+key'?: string;
      structured_output?: string;
    }>();
    const route = apiRoute('POST /query-service/v1/rdbms');
    const check = compileCheck(route.bodySchema, '/body');
    const body: Body<'POST /query-service/v1/rdbms'> = {
      query: 'how many rows',
      tables: ['orders'],
      sqldb_connection_string: 'mysql://u:p@db.example:3306/shop',
    };
    expect(await rejected(check, body)).toBeUndefined();
    // @ts-expect-error: tables is required by the schema, hence by the type
    const missing: Body<'POST /query-service/v1/rdbms'> = { query: 'q', sqldb_connection_string: 'mysql://h/db' };
    expect(await rejected(check, missing)).toBe(400);
    // @ts-expect-error: the schema refuses unknown fields, so the type has none
    const extra: Body<'POST /query-service/v1/rdbms'> = { ...body, ragquery: 'typo' };
    expect(await rejected(check, extra)).toBe(400);
  });

  it('type enums as their members (webhook events)', async () => {
    type Events = Body<'POST /webhooks-service/v1/endpoints'>['events'];
    expectTypeOf<Events[number]>().toEqualTypeOf<
      'upload.completed' | 'upload.failed' | 'function.deployed' | 'function.deploy_failed'
    >();
    const check = compileCheck(apiRoute('POST /webhooks-service/v1/endpoints').bodySchema, '/body');
    // @ts-expect-error: not an event the schema lists
    const wrong: Body<'POST /webhooks-service/v1/endpoints'> = { url: 'https://hooks.example/x', events: ['nope'] };
    expect(await rejected(check, wrong)).toBe(400);
  });

  it('give the pipelines exactly the body their route validated', () => {
    expectTypeOf<Parameters<typeof answerFromDatabase>[0]>().toEqualTypeOf<Body<'POST /query-service/v1/rdbms'>>();
    expectTypeOf<Parameters<typeof answerWithFunction>[0]>().toEqualTypeOf<Body<'POST /query-service/v1/function'>>();
    expectTypeOf<Parameters<typeof answerFromDocuments>[1]>().toEqualTypeOf<Body<'POST /query-service/v1/vectordb'>>();
    expectTypeOf<Parameters<typeof createEndpoint>[2]>().toEqualTypeOf<Body<'POST /webhooks-service/v1/endpoints'>>();
  });

  it('type query parameters from the query schema: required ones as strings, others optional', async () => {
    expectTypeOf<Query<'GET /embedder-service/v1/status'>['upload_id']>().toEqualTypeOf<string>();
    expectTypeOf<Query<'POST /embedder-service/v1/upload-url'>['size']>().toEqualTypeOf<string | undefined>();
    const check = compileCheck(apiRoute('GET /embedder-service/v1/status').querySchema, '/query');
    expect(await rejected(check, {})).toBe(400);
  });

  it('leave routes without a JSON body with none', () => {
    expectTypeOf<Body<'GET /embedder-service/v1/collections'>>().toEqualTypeOf<undefined>();
    expectTypeOf<Body<'POST /embedder-service/v1/upload'>>().toEqualTypeOf<undefined>();
  });
});
