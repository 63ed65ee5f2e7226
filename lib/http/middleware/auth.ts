// The svcwt check (../auth.ts): the accepted principal goes to `request.internal.principal`.
// A public route gets the anonymous principal; a bearer route also takes `Authorization: Bearer`.
import type { Level } from '../../config';
import { isServiceError, ServiceError } from '../../errors';
import { bearerToken, TOKEN_HEADER, type Principal, type TokenVerifier } from '../auth';
import { ANONYMOUS } from '../../usage/ports';
import { httpRequestOf, type HttpMiddleware } from './internal';

export const ANONYMOUS_PRINCIPAL: Principal = { account: ANONYMOUS, level: 'free' as Level };

export function authenticate(options: { verify: TokenVerifier; required: boolean; bearer?: boolean }): HttpMiddleware {
  return {
    name: 'authenticate',
    before: async (request) => {
      if (!options.required) {
        request.internal.principal = ANONYMOUS_PRINCIPAL;
        return;
      }
      const { headers } = httpRequestOf(request);
      const token = headers[TOKEN_HEADER] ?? (options.bearer ? bearerToken(headers.authorization) : undefined);
      try {
        request.internal.principal = await options.verify(token);
      } catch (e) {
        // Clients of bearer-token protocols (MCP) expect the challenge header with a 401.
        if (!options.bearer || !isServiceError(e) || e.status !== 401) throw e;
        throw new ServiceError(401, e.code, e.problems, { headers: { 'www-authenticate': 'Bearer realm="fnquery"' } });
      }
    },
  };
}
