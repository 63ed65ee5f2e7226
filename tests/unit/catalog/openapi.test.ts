// /openapi.json: valid OpenAPI 3.1, every route of serverless.yml in it, and the very schemas the
// handlers validate with.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { serviceOpenApi } from '../../../lib/api/openapi';
import { ROUTES } from '../../../lib/api/routes';
import { loadServerless } from '../../../local/serverless-config';

type Content = Record<string, { schema: unknown }>;
type Operation = {
  parameters?: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Content };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Content }>;
  security?: unknown[];
};
const doc = serviceOpenApi('9.9.9') as { paths: Record<string, Record<string, Operation>> };

/** Every `METHOD /path` that serverless.yml gives an HTTP API event. */
function deployedRoutes(): string[] {
  return Object.values(loadServerless().functions).flatMap((fn) =>
    (fn.events ?? []).flatMap((e) => {
      const http = e.httpApi as { method: string; path: string } | string | undefined;
      // `httpApi: '*'` is API Gateway's $default route: unknown paths, not part of the API.
      return http && typeof http === 'object' ? [`${http.method === '*' ? 'ANY' : http.method} ${http.path}`] : [];
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
      const methods =
        method === 'ANY'
          ? path === '/mcp'
            ? ['get', 'post']
            : ['get', 'post', 'put', 'delete']
          : [method.toLowerCase()];
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

  it('documents the empty 204 a hosted function without output answers, on every served method', () => {
    // schemathesis once called a NONE-output function and found 204 undocumented (ST103).
    for (const m of ['get', 'post', 'put', 'delete']) {
      const answer = doc.paths['/functions/v1/{shortname}']![m]!.responses['204'];
      expect(answer, m).toBeDefined();
      expect(answer!.content).toBeUndefined();
    }
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

  it("gives every body a schema: nothing is an empty {} but a hosted function's own (its document says)", () => {
    const empty: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (path === '/functions/v1/{shortname}') continue;
      for (const [method, op] of Object.entries(methods)) {
        const bodies = [op.requestBody?.content, ...Object.values(op.responses).map((r) => r.content)];
        for (const content of bodies)
          for (const [type, { schema }] of Object.entries(content ?? {}))
            if (JSON.stringify(schema) === '{}') empty.push(`${method} ${path} ${type}`);
      }
    }
    expect(empty).toEqual([]);
    const upload = doc.paths['/embedder-service/v1/upload']!.post!;
    expect(upload.requestBody!.content['multipart/form-data']!.schema).toMatchObject({ required: ['file'] });
    expect(doc.paths['/health']!.get!.responses['200']!.content!['application/json']!.schema).toMatchObject({
      required: ['status', 'version', 'stage', 'adapters'],
    });
  });

  it('documents the statuses each route answers beyond the common ones', () => {
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses);
    expect(statuses('/mcp', 'post')).toEqual(expect.arrayContaining(['200', '202', '405', '406', '413', '415', '429']));
    // GET /mcp is documented as what it answers: 405, with Allow naming POST.
    expect(statuses('/mcp', 'get').sort()).toEqual(['401', '405', '429']);
    expect(doc.paths['/mcp']!.get!.responses['405']!.headers).toHaveProperty('Allow');
    expect(doc.paths['/mcp']!.put).toBeUndefined();
    expect(statuses('/embedder-service/v1/upload', 'post')).toEqual(expect.arrayContaining(['409', '413', '415']));
    expect(statuses('/embedder-service/v1/upload-url', 'post')).toEqual(expect.arrayContaining(['201', '413', '415']));
    expect(statuses('/functions/v1/{shortname}', 'put')).toEqual(expect.arrayContaining(['405', '502', '503']));
    expect(statuses('/query-service/v1/rdbms', 'post')).toEqual(expect.arrayContaining(['413', '415', '502']));
    expect(doc.paths['/health']!.get!.responses['429']!.headers).toHaveProperty('Retry-After');
    // MCP's failures inside the protocol are JSON-RPC errors; a catalog page's are pages.
    expect(JSON.stringify(doc.paths['/mcp']!.post!.responses['400']!.content)).toContain('JsonRpcError');
    expect(doc.paths['/catalog/{shortname}']!.get!.responses['404']!.content).toHaveProperty('text/html');
  });

  it('names the address it was served at as its server', async () => {
    expect((serviceOpenApi('1', 'https://api.example.com/prod') as { servers: unknown }).servers).toEqual([
      { url: 'https://api.example.com/prod' },
    ]);
    expect((doc as unknown as { servers: unknown }).servers).toEqual([{ url: '/' }]);
    expect((await new Validator().validate(serviceOpenApi('1', 'https://api.example.com'))).valid).toBe(true);
  });
});
