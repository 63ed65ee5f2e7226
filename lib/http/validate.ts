// Request validation against JSON Schemas. The service's routes use validators Ajv compiled at build time
// (tools/generate/route-validators.ts → ./validators/), each loaded on the first request that reaches its
// check; only a schema no route declares (a test's, a bench's) is compiled here, on its first check.
import { badRequest, ServiceError } from '../errors';
import { once } from '../once';
import type { JsonSchema } from '../json-schema';
import { violations, type RouteValidator } from '../schema-violations';
import { ROUTE_VALIDATORS } from './validators/index.generated';

export type RequestCheck = (value: unknown) => Promise<void>;

export type { RouteValidator };

/**
 * The check of one route's body or query (`key`: "<route> body|query", as lib/api/routes.ts names the
 * route), from the generated validator when there is one, else compiled from `schema` on its first check.
 */
export function routeCheck(key: string, schema: JsonSchema, prefix: '/body' | '/query'): RequestCheck {
  return checkWith(ROUTE_VALIDATORS[key] ?? compiled(schema), prefix);
}

/** A check of a schema no route declares, compiled by the service's Ajv on its first check. */
export function compileCheck(schema: JsonSchema, prefix: '/body' | '/query'): RequestCheck {
  return checkWith(compiled(schema), prefix);
}

const compiled = (schema: JsonSchema) => async (): Promise<RouteValidator> =>
  (await import('../json-schema')).serviceAjv().compile(schema);

/**
 * The returned check throws one 400 listing every violation, each with its field path. The validator is
 * loaded on the first check, not when the handler is made: a cold start answering a 401 loads none.
 */
function checkWith(load: () => Promise<RouteValidator>, prefix: '/body' | '/query'): RequestCheck {
  const validator = once(load);
  const where = prefix === '/body' ? 'body field' : 'query parameter';
  return async (value) => {
    // A failed load is not kept (once): the next request tries again.
    const validate = await validator();
    if (validate(value)) return;
    const problems = violations(validate.errors, prefix).map((v) => ({
      issue: `The ${where} ${v.path} ${v.message}`,
      advice: `Correct ${v.path} and retry`,
    }));
    throw new ServiceError(
      400,
      'validation_failed',
      problems.length ? problems : badRequest('The request is invalid', 'Check the request').problems,
    );
  };
}

/**
 * Longest path parameter any route takes: every one (shortname, collection name, upload id, asset)
 * is an identifier of at most 64 characters, and each becomes part of a storage key, where an
 * oversized one would fail as a 500 (DynamoDB keys stop at 2 KB).
 */
export const IDENTIFIER_MAX = 64;

/** A 400 naming the first path parameter over IDENTIFIER_MAX, before anything reaches storage. */
export function checkPathParams(params: Record<string, string>): void {
  for (const [name, value] of Object.entries(params)) {
    if (value.length <= IDENTIFIER_MAX) continue;
    throw badRequest(
      `The ${name} in the path is ${value.length} characters long; at most ${IDENTIFIER_MAX} are allowed`,
      `Send the ${name} as it was created (at most ${IDENTIFIER_MAX} characters)`,
      'identifier_too_long',
    );
  }
}
