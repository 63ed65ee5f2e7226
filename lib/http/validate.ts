// Request validation against JSON Schemas compiled once, when the handler module loads.
import { badRequest, ServiceError } from '../errors';
// The service's one Ajv, made on the first route that has a schema, so schema-less handlers (e.g. /health)
// never pay for it.
import { serviceAjv, violations, type JsonSchema, type ValidateFunction } from '../json-schema';

export type RequestCheck = (value: unknown) => void;

/** Compiles now; the returned check throws one 400 listing every violation, each with its field path. */
export function compileCheck(schema: JsonSchema, prefix: '/body' | '/query'): RequestCheck {
  const validate: ValidateFunction = serviceAjv().compile(schema);
  const where = prefix === '/body' ? 'body field' : 'query parameter';
  return (value) => {
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
