// Request validation against JSON Schemas, each compiled once, on the first request that reaches its check.
import { badRequest, ServiceError } from '../errors';
import type { JsonSchema, ValidateFunction } from '../json-schema';

export type RequestCheck = (value: unknown) => Promise<void>;

/**
 * The returned check throws one 400 listing every violation, each with its field path. Ajv (and the
 * linear-time regular expressions it is set up with) is imported and the schema compiled on the first
 * check, not when the handler is made: a cold start answering a 401, or a route that never validates,
 * loads and compiles none of it.
 */
export function compileCheck(schema: JsonSchema, prefix: '/body' | '/query'): RequestCheck {
  let compiled: Promise<{ validate: ValidateFunction; violations: typeof import('../json-schema').violations }>;
  const where = prefix === '/body' ? 'body field' : 'query parameter';
  return async (value) => {
    compiled ??= import('../json-schema').then((m) => ({
      validate: m.serviceAjv().compile(schema),
      violations: m.violations,
    }));
    const { validate, violations } = await compiled;
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
