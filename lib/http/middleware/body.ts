// Path parameters (length), the query string and the JSON body, checked against the route's schemas before the handler runs;
// the parsed body goes to `request.internal.body`. Route schemas were compiled at build time (../validate.ts).
import type { JsonSchema } from '../../json-schema';
import { parseJsonBody } from '../../wire/body';
import { checkPathParams, routeCheck } from '../validate';
import { httpRequestOf, type HttpMiddleware } from './internal';

export interface BodyOptions {
  /** `json`: parsed and validated; `raw`: left to the handler (multipart); `none`: ignored. */
  body?: 'json' | 'raw' | 'none';
  bodySchema?: JsonSchema;
  querySchema?: JsonSchema;
  /** The route's name in lib/api/routes.ts, which names its generated validators. */
  route?: string;
}

export function requestBody(options: BodyOptions): HttpMiddleware {
  const checkBody = options.bodySchema ? routeCheck(`${options.route} body`, options.bodySchema, '/body') : undefined;
  const checkQuery = options.querySchema
    ? routeCheck(`${options.route} query`, options.querySchema, '/query')
    : undefined;
  return {
    name: 'requestBody',
    before: async (request) => {
      const http = httpRequestOf(request);
      checkPathParams(http.pathParams);
      await checkQuery?.(http.query);
      if (options.body !== 'json') return;
      request.internal.body = parseJsonBody(http);
      await checkBody?.(request.internal.body);
    },
  };
}
