// What a request that matches no route gets (API Gateway's $default route, serverless offline's
// catch-all): the service's error envelope, never the gateway's bare `{"message":"Not Found"}` or
// serverless offline's list of every route. A known path asked with another method is a 405 that
// names the methods it takes, as HTTP says; anything else is a 404.
import { methodNotAllowed, notFound, type ServiceError } from '../errors';
import { ROUTES } from './routes';

/** Long enough to recognise a path, short enough that a hostile one cannot fill the message. */
const PATH_SHOWN = 120;

const templates = Object.values(ROUTES).map((r) => {
  const [method, path] = r.route.split(' ') as [string, string];
  const pattern = new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}/?$`);
  return { method, pattern };
});

/** The methods the service takes at `path` (sorted), empty when no route has that path. */
export function methodsAt(path: string): string[] {
  return [...new Set(templates.filter((t) => t.pattern.test(path)).map((t) => t.method))].sort();
}

export function unmatchedRoute(method: string, path: string): ServiceError {
  const shown = path.length > PATH_SHOWN ? `${path.slice(0, PATH_SHOWN)}…` : path;
  const allowed = methodsAt(path);
  if (allowed.length > 0) {
    return methodNotAllowed(
      `${shown} does not take ${method}`,
      `Use ${allowed.join(' or ')}; GET /openapi.json describes every route`,
      'method_not_allowed',
      { headers: { allow: allowed.join(', ') } },
    );
  }
  return notFound(
    `There is no route ${method} ${shown}`,
    'Check the path and method against GET /openapi.json, which describes every route',
    'route_not_found',
  );
}
