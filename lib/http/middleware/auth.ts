// The svcwt check (../auth.ts): the accepted principal goes to `request.internal.principal`.
// A public route gets the anonymous principal; a bearer route also takes `Authorization: Bearer`.
import type { Level } from '../../config';
import { isServiceError, ServiceError } from '../../errors';
import { bearerToken, TOKEN_HEADER, type Principal, type TokenVerifier } from '../auth';
import { ANONYMOUS } from '../../usage/ports';
import { httpRequestOf, type HttpMiddleware } from './internal';

export const ANONYMOUS_PRINCIPAL: Principal = { account: ANONYMOUS, level: 'free' as Level };

/**
 * RFC 6750's challenge: no error code when no token came, `invalid_token` with the reason when a
 * token was refused. There is no `resource_metadata`: tokens come from the operator, not from an
 * OAuth server, so a client has nothing to discover and should show the reason to its user.
 */
function bearerChallenge(e: ServiceError): string {
  if (e.code === 'token_missing') return 'Bearer realm="fnquery"';
  const reason = (e.problems[0]?.issue ?? 'The token is not valid').replace(/["\\\r\n]/g, "'");
  return `Bearer realm="fnquery", error="invalid_token", error_description="${reason}"`;
}

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
        throw new ServiceError(401, e.code, e.problems, { headers: { 'www-authenticate': bearerChallenge(e) } });
      }
    },
  };
}
