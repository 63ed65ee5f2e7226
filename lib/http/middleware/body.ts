// Path parameters (length), the query string and the JSON body, checked against the route's schemas before the handler runs;
// the parsed body goes to `request.internal.body`. Schemas are compiled on the first check (../validate.ts).
import type { JsonSchema } from '../../json-schema';
import { parseJsonBody } from '../../wire/body';
import { checkPathParams, compileCheck } from '../validate';
import { httpRequestOf, type HttpMiddleware } from './internal';

export interface BodyOptions {
  /** `json`: parsed and validated; `raw`: left to the handler (multipart); `none`: ignored. */
  body?: 'json' | 'raw' | 'none';
  bodySchema?: JsonSchema;
  querySchema?: JsonSchema;
}

export function requestBody(options: BodyOptions): HttpMiddleware {
  const checkBody = options.bodySchema ? compileCheck(options.bodySchema, '/body') : undefined;
  const checkQuery = options.querySchema ? compileCheck(options.querySchema, '/query') : undefined;
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
