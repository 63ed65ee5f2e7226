// /openapi.json: valid OpenAPI 3.1, every route of serverless.yml in it, and the very schemas the
// handlers validate with.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { serviceOpenApi } from '../../../lib/api/openapi';
import { ROUTES } from '../../../lib/api/routes';
import { loadServerless } from '../../../local/serverless-config';

type Operation = {
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  security?: unknown[];
};
const doc = serviceOpenApi('9.9.9') as { paths: Record<string, Record<string, Operation>> };

/** Every `METHOD /path` that serverless.yml gives an HTTP API event. */
function deployedRoutes(): string[] {
  return Object.values(loadServerless().functions).flatMap((fn) =>
    (fn.events ?? []).flatMap((e) => {
      const http = e.httpApi as { method: string; path: string } | undefined;
      return http ? [`${http.method === '*' ? 'ANY' : http.method} ${http.path}`] : [];
    }),
  );
}

describe('the service OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('describes exactly the routes serverless.yml deploys', () => {
    expect(deployedRoutes().sort()).toEqual(Object.keys(ROUTES).sort());
    for (const route of deployedRoutes()) {
      const [method, path] = route.split(' ') as [string, string];
      const methods = method === 'ANY' ? ['get', 'post', 'put', 'delete'] : [method.toLowerCase()];
      for (const m of methods) expect(doc.paths[path]?.[m], route).toBeDefined();
    }
  });

  it('publishes the body and query schemas the handlers validate with, as the same objects', () => {
    const rdbms = doc.paths['/query-service/v1/rdbms']!.post!;
    expect(rdbms.requestBody!.content['application/json']!.schema).toBe(
      ROUTES['POST /query-service/v1/rdbms']!.bodySchema,
    );
    const search = doc.paths['/functions/v1']!.get!;
    const properties = ROUTES['GET /functions/v1']!.querySchema!.properties as Record<string, Record<string, unknown>>;
    expect(search.parameters!.map((p) => [p.name, p.in, p.required])).toEqual(
      Object.keys(properties).map((n) => [n, 'query', false]),
    );
    expect(search.parameters!.find((p) => p.name === 'runtime')!.schema).toEqual({ enum: properties.runtime!.enum });
    const status = doc.paths['/embedder-service/v1/status']!.get!;
    expect(status.parameters).toEqual([expect.objectContaining({ name: 'upload_id', required: true })]);
  });

  it('marks the routes that need no token, and only those', () => {
    const open = Object.values(ROUTES)
      .filter((r) => r.auth === false)
      .map((r) => r.route)
      .sort();
    expect(open).toEqual([
      'GET /catalog',
      'GET /catalog/assets/{file}',
      'GET /catalog/{shortname}',
      'GET /health',
      'GET /openapi.json',
    ]);
    expect(doc.paths['/openapi.json']!.get!.security).toEqual([]);
    expect(doc.paths['/functions/v1']!.get!.security).toBeUndefined();
  });
});
